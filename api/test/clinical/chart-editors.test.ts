import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClinic, type ClinicalClinic } from '../support/clinical';

// CHART-16..CHART-18: the owner's editors of the chart's vocabulary: a finding edited, retired (no longer
// typed, still drawn) or deleted while no chart uses it; a price list row's chart fields (its code, the
// names typed, how it is drawn, surfaces, span, several sittings), checked as a finding is.

let clinic: ClinicalClinic;
let patient: number;
beforeAll(async () => {
  clinic = await startClinic();
  clinic.app.clock.set('2026-03-02T05:00:00Z');
  patient = await clinic.newPatient();
});
afterAll(() => clinic?.app.close());

const run = (command: string) => clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/chart-commands`, { command });
const findings = async () => (await clinic.call('owner', 'GET', '/api/admin/findings')).body as { code: string; names: string[]; retired: boolean; inUse: boolean; draw: string }[];

describe('the findings list', () => {
  it('answers every finding with whether it is retired and whether a chart uses it', async () => {
    await run('36 caries O');
    const list = await findings();
    expect(list.find((f) => f.code === 'caries')).toMatchObject({ kind: 'finding', retired: false, inUse: true });
    expect(list.find((f) => f.code === 'wear')).toMatchObject({ retired: false, inUse: false });
  });

  it('renames a finding, and the bar reads the new names at once', async () => {
    const added = await clinic.call('owner', 'POST', '/api/admin/findings', { code: 'abfraction', names: ['abfraction'], draw: 'mark' });
    expect(added).toEqual({ status: 201, body: { code: 'abfraction', kind: 'finding', names: ['abfraction'], takesSurfaces: false, draw: 'mark', retired: false, inUse: false } });
    const res = await clinic.call('owner', 'PUT', '/api/admin/findings/abfraction', { names: ['abfraction', 'worn down'], draw: 'surface', takesSurfaces: true });
    expect(res).toEqual({ status: 200, body: { code: 'abfraction', kind: 'finding', names: ['abfraction', 'worn down'], takesSurfaces: true, draw: 'surface', retired: false, inUse: false } });
    expect((await run('16 O worn down')).body.items[0]).toMatchObject({ code: 'abfraction', surfaces: ['O'] });
    expect(await clinic.app.deps.knex('auditLog').where({ entity: 'chart-finding', entityId: 'abfraction', action: 'update' }).first()).toBeTruthy();
  });

  it('keeps how a used finding is drawn: a change of drawing or surfaces is 409', async () => {
    const res = await clinic.call('owner', 'PUT', '/api/admin/findings/abfraction', { names: ['abfraction'], draw: 'mark', takesSurfaces: false });
    expect(res).toEqual({
      status: 409,
      body: { error: "This finding is on patients' charts, so how it is drawn and whether it takes surfaces stay: retire it and add a new one" },
    });
  });

  it('retires a finding: the bar no longer reads it, the chart still draws its items, and it can come back', async () => {
    const retired = await clinic.call('owner', 'PUT', '/api/admin/findings/abfraction', { names: ['abfraction', 'worn down'], draw: 'surface', takesSurfaces: true, retired: true });
    expect(retired.body).toMatchObject({ retired: true, inUse: true });
    expect(await run('17 O abfraction')).toEqual({ status: 400, body: { error: '“abfraction” is not a treatment, finding or status this chart knows' } });
    expect((await clinic.call('dentist', 'GET', '/api/admin/chart-codes')).body.some((c: { code: string }) => c.code === 'abfraction')).toBe(false);
    const chart = (await clinic.call('dentist', 'GET', `/api/admin/patients/${patient}/chart`)).body;
    expect(chart.teeth.find((t: { tooth: string }) => t.tooth === '16').marks).toEqual([expect.objectContaining({ code: 'abfraction', draw: 'surface' })]);
    // Its names stay taken while it is retired.
    expect((await clinic.call('owner', 'POST', '/api/admin/findings', { code: 'worn', names: ['worn down'] })).status).toBe(409);

    await clinic.call('owner', 'PUT', '/api/admin/findings/abfraction', { names: ['abfraction', 'worn down'], draw: 'surface', takesSurfaces: true, retired: false });
    expect((await run('17 O abfraction')).status).toBe(201);
  });

  it('deletes a finding no chart uses; one on a chart stays (409), and the database refuses it too', async () => {
    await clinic.call('owner', 'POST', '/api/admin/findings', { code: 'typo-finding', names: ['typo finding'] });
    expect((await clinic.call('dentist', 'DELETE', '/api/admin/findings/typo-finding')).status).toBe(403);
    expect((await clinic.call('owner', 'DELETE', '/api/admin/findings/typo-finding')).status).toBe(204);
    expect((await findings()).some((f) => f.code === 'typo-finding')).toBe(false);
    expect(await clinic.call('owner', 'DELETE', '/api/admin/findings/typo-finding')).toEqual({ status: 404, body: { error: 'Finding not found' } });

    expect(await clinic.call('owner', 'DELETE', '/api/admin/findings/caries')).toEqual({
      status: 409,
      body: { error: "This finding is on patients' charts, so it stays: retire it instead" },
    });
    await expect(clinic.app.deps.knex('chartFindings').where({ code: 'caries' }).delete()).rejects.toThrow(/never deleted/);
    await expect(clinic.app.deps.knex('chartFindings').where({ code: 'caries' }).update({ code: 'decay' })).rejects.toThrow(/never deleted or renamed/);
  });

  it.each([
    [{ names: ['caries'] }, 409, '“caries” already names a code of the chart'],
    [{ names: ['ex'] }, 400, '“ex” is a status word and cannot name a code'],
    [{ names: ['mod'] }, 400, '“mod” reads as surfaces and cannot name a code'],
    [{ names: [] }, 400, 'Give the finding at least one name'],
  ])('refuses the edit %j (%i): %s', async (json, status, error) => {
    const res = await clinic.call('owner', 'PUT', '/api/admin/findings/wear', json);
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(error);
  });
});

describe("the price list's chart fields", () => {
  const priceRow = async (code: string) => (await clinic.call('owner', 'GET', '/api/admin/price-list')).body.find((p: { chart: { code: string } | null }) => p.chart?.code === code);

  it('answers each row with its chart fields, several sittings included', async () => {
    expect(await priceRow('rct')).toMatchObject({
      name: 'Root Canal Treatment',
      chart: { code: 'rct', names: ['rct', 'root canal', 'root canal treatment', 'endo'], draw: 'root', takesSurfaces: false, spansTeeth: false, multiSitting: true },
    });
    expect((await priceRow('composite')).chart.multiSitting).toBe(false);
  });

  it('makes a new treatment chartable, which the bar then reads by its names', async () => {
    const res = await clinic.call('owner', 'POST', '/api/admin/price-list', {
      name: 'Splint (composite)',
      defaultPrice: 3000,
      chart: { code: 'splint', names: ['splint', 'Wire splint'], draw: 'mark', spansTeeth: true, multiSitting: false },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ chart: { code: 'splint', names: ['splint', 'wire splint'], draw: 'mark', takesSurfaces: false, spansTeeth: true, multiSitting: false }, onCharts: false });
    expect((await run('31-41 wire splint')).body.items[0]).toMatchObject({ teeth: ['31', '41'], code: 'splint', status: 'planned' });
    expect((await priceRow('splint')).onCharts).toBe(true);
  });

  it('changes the names and the sittings of a used code, but keeps its code and drawing (409)', async () => {
    const row = await priceRow('splint');
    const put = (chart: unknown) => clinic.call('owner', 'PUT', `/api/admin/price-list/${row.id}`, { name: row.name, defaultPrice: row.defaultPrice, chart });
    const renamed = await put({ ...row.chart, names: ['splint', 'splinting'], multiSitting: true });
    expect(renamed.body.chart).toMatchObject({ names: ['splint', 'splinting'], multiSitting: true });
    expect((await run('32-42 splinting')).status).toBe(201);
    for (const chart of [{ ...row.chart, code: 'splinting' }, { ...row.chart, draw: 'bridge' }, null]) {
      expect(await put(chart)).toEqual({ status: 409, body: { error: "This treatment is on patients' charts, so its chart code, drawing, surfaces and span stay" } });
    }
    // A PUT without chart keeps it.
    expect((await clinic.call('owner', 'PUT', `/api/admin/price-list/${row.id}`, { name: row.name, defaultPrice: 3500 })).body.chart.code).toBe('splint');
  });

  it.each([
    [{ code: 'caries', names: ['decay2'] }, 409, 'The chart already has a code “caries”'],
    [{ code: 'nightguard', names: ['rct'] }, 409, '“rct” already names a code of the chart'],
    [{ code: 'nightguard', names: ['done'] }, 400, '“done” is a status word and cannot name a code'],
    [{ code: 'nightguard', names: ['ng', 'bop'] }, 400, '“bop” reads as surfaces and cannot name a code'],
    [{ code: 'Night Guard', names: ['night guard'] }, 400, 'A chart code is 1-40 lower-case letters, digits or dashes, starting with a letter'],
    [{ code: 'nightguard', names: [] }, 400, 'Give the chart code at least one name a dentist types (at most 10, each up to 60 characters)'],
  ])('refuses the chart fields %j (%i): %s', async (chart, status, error) => {
    const res = await clinic.call('owner', 'POST', '/api/admin/price-list', { name: `Night guard ${status}${chart.code}`, defaultPrice: 3000, chart });
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(error);
  });

  it("is the owner's: a dentist's change is 403", async () => {
    const row = await priceRow('rct');
    expect((await clinic.call('dentist', 'PUT', `/api/admin/price-list/${row.id}`, { name: row.name, defaultPrice: 1, chart: row.chart })).status).toBe(403);
  });
});
