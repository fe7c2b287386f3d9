import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseChartCommand } from '../../../shared/clinical/chart-command';
import { catalogueChartCodes } from '../../../shared/clinical/vocabulary';
import { defaultFindings } from '../../../shared/clinical/findings';
import { startClinic, type ClinicalClinic } from '../support/clinical';

// CHART-2, CHART-6, CHART-7: the command bar's route (preview or record, every parser message reaching the
// client) and the vocabulary it reads with: the price list's chart codes and the findings list.

let clinic: ClinicalClinic;
let patient: number;
beforeAll(async () => {
  clinic = await startClinic();
  clinic.app.clock.set('2026-03-02T05:00:00Z');
  patient = await clinic.newPatient();
});
afterAll(() => clinic?.app.close());

const run = (command: string, preview?: boolean) => clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/chart-commands`, { command, ...(preview === undefined ? {} : { preview }) });
const count = async () => Number((await clinic.app.deps.knex('clinicalItems').count('id as n').first())!.n);

/** The table of docs/clinical.md "What it answers when it cannot read a command": typed -> answer. */
function documentedErrors(): [string, string][] {
  const doc = fs.readFileSync(path.join(__dirname, '../../../docs/clinical.md'), 'utf8');
  const start = doc.indexOf('### What it answers when it cannot read a command');
  const next = doc.slice(start + 4).search(/\n#{2,3} /);
  const section = next < 0 ? doc.slice(start) : doc.slice(start, start + 4 + next);
  return [...section.matchAll(/^\| (`[^|]*`|\(nothing\)) \| (.+) \|$/gm)].map((m) => [m[1] === '(nothing)' ? '' : m[1].slice(1, -1), m[2]]);
}

describe('the command route', () => {
  it('previews without recording: the items as parsed, no ids', async () => {
    const before = await count();
    const res = await run('36 MOD composite; 18 28 38 48 missing; 11 21 crown planned; 14-16 bridge; 46 rct done "tender"', true);
    expect(res.status).toBe(200);
    expect(res.body.preview).toBe(true);
    expect(res.body.items.map((i: { teeth: string[]; code: string; status: string; surfaces: string[] }) => `${i.teeth.join(' ')} ${i.surfaces.join('')} ${i.code} ${i.status}`)).toEqual([
      '36 MOD composite planned',
      '18  missing condition',
      '28  missing condition',
      '38  missing condition',
      '48  missing condition',
      '11  crown planned',
      '21  crown planned',
      '14 15 16  bridge planned',
      '46  rct completed',
    ]);
    expect(res.body.items.at(-1)).toEqual({ teeth: ['46'], surfaces: [], code: 'rct', kind: 'procedure', status: 'completed', note: 'tender' });
    expect(await count()).toBe(before);
  });

  it('records every entry in one transaction and answers the items with 201', async () => {
    const before = await count();
    const res = await run('36 MOD composite; 46 rct done');
    expect(res.status).toBe(201);
    expect(res.body.items).toEqual([
      expect.objectContaining({ id: expect.any(Number), teeth: ['36'], surfaces: ['M', 'O', 'D'], code: 'composite', status: 'planned', locked: false, dentistId: clinic.dentistId }),
      expect.objectContaining({ id: expect.any(Number), teeth: ['46'], code: 'rct', status: 'completed', locked: true }),
    ]);
    expect(await count()).toBe(before + 2);
    const audited = await clinic.app.deps.knex('auditLog').where({ entity: 'clinical-item', action: 'create' }).whereIn('entityId', res.body.items.map((i: { id: number }) => String(i.id)));
    expect(audited).toHaveLength(2);
  });

  it('records nothing when one entry cannot be read, and says which', async () => {
    const before = await count();
    expect(await run('36 caries; 47 xyz')).toEqual({ status: 400, body: { error: '47 xyz: “xyz” is not a treatment, finding or status this chart knows' } });
    expect(await count()).toBe(before);
  });

  it('answers every message of the grammar (docs/clinical.md) as 400 { error }, previewed or recorded', async () => {
    const vocabulary = (await clinic.call('dentist', 'GET', '/api/admin/chart-codes')).body;
    const rows = documentedErrors();
    expect(rows.length).toBeGreaterThanOrEqual(13);
    const before = await count();
    for (const [typed, answer] of rows) {
      const parsed = parseChartCommand(typed, vocabulary);
      expect(parsed, typed).toEqual({ ok: false, error: answer });
      for (const preview of [true, false]) {
        const res = await run(typed, preview);
        expect([res.status, res.body.error], `${typed} (preview ${preview})`).toEqual([400, answer]);
      }
    }
    expect(await count()).toBe(before);
  });

  it('checks the body: a command is text, preview true or false', async () => {
    expect((await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/chart-commands`, { command: 'x'.repeat(2001) })).body.error).toBe(
      'A command must be at most 2000 characters',
    );
    expect((await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/chart-commands`, { command: '46 rct', preview: 'yes' })).body.error).toBe(
      'preview must be true or false',
    );
    expect(await clinic.call('dentist', 'POST', '/api/admin/patients/999999/chart-commands', { command: '46 rct', preview: true })).toEqual({
      status: 404,
      body: { error: 'Patient not found' },
    });
  });
});

describe('the vocabulary', () => {
  it('is the price list rows with a chart code and the findings list', async () => {
    const codes = (await clinic.call('receptionist', 'GET', '/api/admin/chart-codes')).body as { code: string; kind: string; names: string[]; draw: string }[];
    const procedures = codes.filter((c) => c.kind === 'procedure').map((c) => c.code);
    // CHART-28: migration 095 adds pulpotomy, post and core, inlay and onlay to the catalogue's codes.
    expect(procedures.sort()).toEqual([...Object.values(catalogueChartCodes).map((c) => c.code), 'pulpotomy', 'post-core', 'inlay', 'onlay'].sort());
    expect(codes.filter((c) => c.kind === 'finding').map((c) => c.code)).toEqual(defaultFindings.map((f) => f.code));
    expect(codes.find((c) => c.code === 'rct')).toEqual({ code: 'rct', kind: 'procedure', names: ['rct', 'root canal', 'root canal treatment', 'endo'], takesSurfaces: false, spansTeeth: false, draw: 'root' });
    const rows = await clinic.app.deps.knex('priceList').whereNotNull('chartCode').select('name', 'chartCode');
    expect(Object.fromEntries(rows.map((r) => [r.name, r.chartCode]))).toEqual({
      ...Object.fromEntries(Object.entries(catalogueChartCodes).map(([name, c]) => [name, c.code])),
      Pulpotomy: 'pulpotomy',
      'Post and Core': 'post-core',
      Inlay: 'inlay',
      Onlay: 'onlay',
    });
  });

  it('reads a code the price list gains, and stops reading an inactive one while its items are still drawn', async () => {
    const knex = clinic.app.deps.knex;
    const [row] = await knex('priceList').insert({ name: 'Splint', defaultPrice: '2000.00', taxRate: '0.00', chartCode: 'splint', chartNames: ['splint'], chartDraw: 'mark', chartSpansTeeth: true }).returning('id');
    expect((await run('31-41 splint')).body.items[0]).toMatchObject({ teeth: ['31', '41'], code: 'splint' });

    const implantRow = await knex('priceList').where({ chartCode: 'implant' }).first('id');
    await run('26 implant done');
    const off = await clinic.call('owner', 'PUT', `/api/admin/price-list/${implantRow.id}`, { name: 'Bridges & Implants', defaultPrice: 25000, isActive: false });
    expect(off.status).toBe(200);
    expect(await run('16 implant')).toEqual({ status: 400, body: { error: '“implant” is not a treatment, finding or status this chart knows' } });
    const chart = (await clinic.call('dentist', 'GET', `/api/admin/patients/${patient}/chart`)).body;
    expect(chart.teeth.find((t: { tooth: string }) => t.tooth === '26')).toMatchObject({ state: 'implant', marks: [expect.objectContaining({ code: 'implant', draw: 'implant' })] });

    // A row whose code is on a chart is kept; one that is not may go.
    expect(await clinic.call('owner', 'DELETE', `/api/admin/price-list/${implantRow.id}`)).toEqual({
      status: 409,
      body: { error: "This treatment is on patients' charts, so it stays: make it inactive instead" },
    });
    const unused = await knex('priceList').where({ chartCode: 'whitening' }).first('id');
    expect((await clinic.call('owner', 'DELETE', `/api/admin/price-list/${unused.id}`)).status).toBe(204);
    expect(row).toBeTruthy();
  });

  it("takes the owner's new finding, which the bar then reads", async () => {
    const res = await clinic.call('owner', 'POST', '/api/admin/findings', { code: 'hypoplasia', names: ['Hypoplasia', 'enamel hypoplasia'], takesSurfaces: true, draw: 'surface' });
    expect(res).toEqual({ status: 201, body: { code: 'hypoplasia', kind: 'finding', names: ['hypoplasia', 'enamel hypoplasia'], takesSurfaces: true, draw: 'surface', retired: false, inUse: false } });
    expect((await clinic.call('dentist', 'GET', '/api/admin/findings')).body.at(-1)).toEqual(res.body);
    expect((await run('11 F enamel hypoplasia')).body.items[0]).toMatchObject({ code: 'hypoplasia', kind: 'finding', surfaces: ['B'] });
    expect(await clinic.app.deps.knex('auditLog').where({ entity: 'chart-finding', entityId: 'hypoplasia', action: 'create' }).first()).toBeTruthy();
  });

  it.each([
    [{ code: 'caries', names: ['tooth decay'] }, 409, 'The chart already has a code “caries”'],
    [{ code: 'rct', names: ['endodontic'] }, 409, 'The chart already has a code “rct”'],
    [{ code: 'decay2', names: ['decay'] }, 409, '“decay” already names a code of the chart'],
    [{ code: 'rootcanal', names: ['root canal'] }, 409, '“root canal” already names a code of the chart'],
    [{ code: 'done-ish', names: ['done'] }, 400, '“done” is a status word and cannot name a code'],
    [{ code: 'cleft', names: ['cleft', 'CLP'] }, 400, '“clp” reads as surfaces and cannot name a code'],
    [{ code: 'Bad Code', names: ['bad'] }, 400, 'A code is 1-40 lower-case letters, digits or dashes, starting with a letter'],
    [{ code: 'nameless', names: [] }, 400, 'Give the finding at least one name'],
    [{ code: 'odd', names: ['odd'], draw: 'sparkle' }, 400, 'draw must be surface, crown, root, extraction, implant, bridge, missing or mark'],
  ])('refuses the finding %j (%i): %s', async (json, status, error) => {
    const res = await clinic.call('owner', 'POST', '/api/admin/findings', json);
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(error);
  });
});
