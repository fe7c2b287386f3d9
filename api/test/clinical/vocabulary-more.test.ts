import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClinic, type ClinicalClinic } from '../support/clinical';

// CHART-26, CHART-28: what Indian dentists type every day: single-tooth perio, scaling of the whole mouth
// or a quadrant as one item, pulpotomy, post and core, inlay, onlay, FPD and comp, and "did you mean" for
// a near miss; recorded through the command route and sent whole.

let clinic: ClinicalClinic;
let patient: number;
beforeAll(async () => {
  clinic = await startClinic();
  clinic.app.clock.set('2026-12-07T04:30:00Z');
  patient = await clinic.newPatient('Vocab');
});
afterAll(() => clinic?.app.close());

const run = (command: string, preview = false) => clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/chart-commands`, { command, preview });
const shape = (items: { teeth: string[]; surfaces: string[]; code: string; status: string }[]) =>
  items.map((i) => `${i.teeth.length > 2 ? `${i.teeth[0]}-${i.teeth.at(-1)} (${i.teeth.length})` : i.teeth.join(' ')} ${i.surfaces.join('')} ${i.code} ${i.status}`.replace('  ', ' '));

describe('work over an area (CHART-26)', () => {
  it('records perio on one tooth', async () => {
    const res = await run('46 perio');
    expect(res.status).toBe(201);
    expect(shape(res.body.items)).toEqual(['46 perio planned']);
  });

  it('records scaling of the whole mouth as one item over the 32 teeth: typed without teeth or as 18-48', async () => {
    const bare = await run('scaling done');
    expect(bare.status).toBe(201);
    expect(shape(bare.body.items)).toEqual(['18-48 (32) scaling completed']);
    expect(bare.body.items[0].teeth.slice(0, 9)).toEqual(['18', '17', '16', '15', '14', '13', '12', '11', '21']);
    expect(shape((await run('18-48 scaling planned')).body.items)).toEqual(['18-48 (32) scaling planned']);
  });

  it('records scaling of a quadrant as one item, as Q1 or as 18-11', async () => {
    expect(shape((await run('Q1 perio')).body.items)).toEqual(['11-18 (8) perio planned']);
    expect(shape((await run('41-48 scaling')).body.items)).toEqual(['41-48 (8) scaling planned']);
    expect(shape((await run('q3 scaling', true)).body.items)).toEqual(['31-38 (8) scaling planned']);
  });

  it('takes an area sent whole, and charts its mark on each tooth', async () => {
    const p = await clinic.newPatient('Whole');
    const res = await clinic.call('dentist', 'POST', `/api/admin/patients/${p}/clinical-items`, { teeth: ['16', '26', '36', '46'], code: 'perio' });
    expect(res.status).toBe(201);
    const chart = (await clinic.call('dentist', 'GET', `/api/admin/patients/${p}/chart`)).body;
    expect(chart.teeth.filter((t: { marks: { code: string }[] }) => t.marks.some((m) => m.code === 'perio')).map((t: { tooth: string }) => t.tooth)).toEqual(['16', '26', '36', '46']);
  });

  it('keeps a bridge a span of two teeth or more in one jaw, and one-tooth work off areas', async () => {
    expect((await run('16 bridge')).body.error).toBe('A bridge spans at least two teeth, for example 14-16 bridge');
    expect((await run('18-48 bridge')).body.error).toBe('18-48 is not one span: a bridge or splint stays in one jaw, adult or milk teeth');
    expect((await run('Q2 crown')).body.error).toBe('Q2 is for work over an area, such as scaling: “crown” is recorded tooth by tooth, for example 36 crown');
    expect((await run('crown')).body.error).toBe('Start with the tooth, for example 46 rct (“crown” came first)');
  });
});

describe('the treatments and names migration 095 adds (CHART-28)', () => {
  it('records pulpotomy, post and core, inlay and onlay, priced on the price list', async () => {
    const res = await run('75 pulpotomy done; 21 post and core; 36 MOD inlay; 46 MODB onlay');
    expect(res.status).toBe(201);
    expect(shape(res.body.items)).toEqual(['75 pulpotomy completed', '21 post-core planned', '36 MOD inlay planned', '46 MODB onlay planned']);
    const list = (await clinic.call('owner', 'GET', '/api/admin/price-list')).body as { name: string; defaultPrice: number; taxRate: number; chart: { code: string } | null }[];
    expect(list.filter((r) => ['pulpotomy', 'post-core', 'inlay', 'onlay'].includes(r.chart?.code ?? '')).map((r) => [r.name, r.defaultPrice, r.taxRate])).toEqual([
      ['Pulpotomy', 2500, 0],
      ['Post and Core', 3000, 0],
      ['Inlay', 6000, 0],
      ['Onlay', 7000, 0],
    ]);
  });

  it('reads FPD as a bridge, and comp as composite; FPD before another code stays surfaces', async () => {
    expect(shape((await run('34-36 FPD', true)).body.items)).toEqual(['34-36 (3) bridge planned']);
    expect(shape((await run('26 comp O', true)).body.items)).toEqual(['26 O composite planned']);
    expect(shape((await run('21 FPD comp', true)).body.items)).toEqual(['21 DBL composite planned']);
  });

  it('asks "did you mean" for a near miss, recorded or previewed', async () => {
    for (const preview of [true, false]) {
      expect(await run('36 MOD composit', preview)).toEqual({ status: 400, body: { error: '“composit” is not a treatment, finding or status this chart knows: did you mean composite?' } });
    }
    expect((await run('46 pulpotomyy')).body.error).toBe('“pulpotomyy” is not a treatment, finding or status this chart knows: did you mean pulpotomy?');
    expect((await run('46 rct donee')).body.error).toBe('“donee” is not a treatment, finding or status this chart knows: did you mean done?');
  });
});
