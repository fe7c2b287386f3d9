import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../../shared/constants/roles';
import { startClinic, type ClinicalClinic } from '../support/clinical';

// CHART-5, CHART-9: the chart now and at the end of a past clinic day (on the test's clock, never the
// machine's), who may read and write it, and the audit row every read leaves.

let clinic: ClinicalClinic;
let patient: number;
beforeAll(async () => {
  clinic = await startClinic();
  patient = await clinic.newPatient();
});
afterAll(() => clinic?.app.close());

type Item = { id: number; code: string; status: string; teeth: string[]; invalidatedAt: string | null; history: unknown[] };
type Tooth = { tooth: string; state: string; marks: { code: string; status: string }[] };

const chart = async (at?: string, role: StaffRole = 'dentist') => {
  const res = await clinic.call(role, 'GET', `/api/admin/patients/${patient}/chart${at ? `?at=${at}` : ''}`);
  expect(res.status).toBe(200);
  return res.body as { at: string | null; asOf: string; items: Item[]; teeth: Tooth[] };
};
const tooth = (c: { teeth: Tooth[] }, t: string) => c.teeth.find((x) => x.tooth === t)!;
const command = async (text: string) => (await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/chart-commands`, { command: text })).body.items as Item[];

describe('the chart at a past date', () => {
  it('shows the items and statuses as they stood at the end of each clinic day in Kolkata', async () => {
    // Day 1, Monday 2 March 2026: the examination.
    clinic.app.clock.set('2026-03-02T05:00:00Z');
    const [rct] = await command('46 rct');
    const [missing] = await command('36 missing');
    // 23:59 in Pune (18:29 UTC) is still 2 March there.
    clinic.app.clock.set('2026-03-02T18:29:00Z');
    const [late] = await command('21 caries M');
    // 00:01 in Pune on 3 March, while it is still 2 March in UTC.
    clinic.app.clock.set('2026-03-02T18:31:00Z');
    const [nextDay] = await command('22 caries D');
    // Day 2: the root canal done, a tooth out, a bridge over the gap.
    clinic.app.clock.set('2026-03-03T06:00:00Z');
    expect((await clinic.call('dentist', 'PATCH', `/api/admin/clinical-items/${rct.id}`, { status: 'completed' })).status).toBe(200);
    await command('11 extraction done; 35-37 bridge done');
    // Day 3: the missing finding was a mistake.
    clinic.app.clock.set('2026-03-04T06:00:00Z');
    expect((await clinic.call('dentist', 'POST', `/api/admin/clinical-items/${missing.id}/invalidate`, { reason: 'It was 37' })).status).toBe(200);

    const day1 = await chart('2026-03-02');
    expect(day1).toMatchObject({ at: '2026-03-02', asOf: '2026-03-02T18:29:59.999Z' });
    expect(day1.items.map((i) => [i.code, i.status])).toEqual([
      ['rct', 'planned'],
      ['missing', 'condition'],
      ['caries', 'condition'],
    ]);
    expect(day1.items.map((i) => i.id)).toContain(late.id);
    expect(day1.items.map((i) => i.id)).not.toContain(nextDay.id);
    expect(day1.items.find((i) => i.id === rct.id)!.history).toHaveLength(1);
    expect(tooth(day1, '36').state).toBe('missing');
    expect(tooth(day1, '46').marks).toEqual([expect.objectContaining({ code: 'rct', status: 'planned' })]);
    expect(tooth(day1, '11').state).toBe('present');

    const day2 = await chart('2026-03-03');
    expect(day2.items.find((i) => i.id === rct.id)).toMatchObject({ status: 'completed', locked: true });
    expect(day2.items.find((i) => i.id === missing.id)!.invalidatedAt).toBeNull();
    expect([tooth(day2, '11').state, tooth(day2, '36').state, tooth(day2, '35').state, tooth(day2, '37').state]).toEqual(['missing', 'pontic', 'present', 'present']);

    const day3 = await chart('2026-03-04');
    expect(day3.items.find((i) => i.id === missing.id)).toMatchObject({ invalidatedAt: '2026-03-04T06:00:00.000Z', invalidReason: 'It was 37' });
    expect(tooth(day3, '36').state).toBe('pontic');
    expect(tooth(day3, '36').marks.map((m) => m.code)).toEqual(['bridge']);

    // Before anything was charted; and now, which is day 3.
    expect((await chart('2026-03-01')).items).toEqual([]);
    const now = await chart();
    expect(now).toMatchObject({ at: null, asOf: '2026-03-04T06:00:00.000Z' });
    expect(now.teeth).toEqual(day3.teeth);
  });

  it('shows milk teeth when asked or charted, adult teeth always', async () => {
    const c = await chart();
    expect(c.teeth.filter((t) => t.tooth.startsWith('5'))).toEqual([]);
    expect(c.teeth).toHaveLength(32);
    const mixed = await clinic.call('dentist', 'GET', `/api/admin/patients/${patient}/chart?primary=true`);
    expect(mixed.body.teeth).toHaveLength(52);
  });

  it.each(['2026-02-30', '02-03-2026', 'yesterday', '', '2026-03-02&at=2026-03-03'])('refuses the date "%s" with 400', async (at) => {
    expect(await clinic.call('dentist', 'GET', `/api/admin/patients/${patient}/chart?at=${at}`)).toEqual({
      status: 400,
      body: { error: 'at must be a date from 1900-01-01 to 2200-12-31, written yyyy-MM-dd', fields: { at: 'at must be a date from 1900-01-01 to 2200-12-31, written yyyy-MM-dd' } },
    });
  });

  it('answers 404 for an unknown patient', async () => {
    expect(await clinic.call('dentist', 'GET', '/api/admin/patients/999999/chart')).toEqual({ status: 404, body: { error: 'Patient not found' } });
  });
});

describe('who may read and write the chart', () => {
  // Each role on teeth of its own: the chart refuses the same finding twice (CHART-25).
  const writes = (item: number, role: string) => [
    ['POST', `/api/admin/patients/${patient}/clinical-items`, { teeth: [role === 'owner' ? '15' : '17'], code: 'caries', surfaces: ['O'] }],
    ['POST', `/api/admin/patients/${patient}/chart-commands`, { command: `${role === 'owner' ? '16' : '18'} caries O` }],
    ['POST', `/api/admin/patients/${patient}/chart-commands`, { command: '18 caries O', preview: true }],
    ['PATCH', `/api/admin/clinical-items/${item}`, { status: 'referred' }],
    ['POST', `/api/admin/clinical-items/${item}/invalidate`, { reason: 'Entered twice' }],
  ] as const;

  it.each([
    ['receptionist', false],
    ['dentist', true],
    ['owner', true],
  ] as const)('lets the %s read the chart and the vocabulary; writes: %s', async (role, mayWrite) => {
    for (const path of [`/api/admin/patients/${patient}/chart`, `/api/admin/patients/${patient}/chart?at=2026-03-02`, '/api/admin/chart-codes', '/api/admin/findings']) {
      expect((await clinic.call(role, 'GET', path)).status).toBe(200);
    }
    const [item] = await command(`${{ receptionist: 27, dentist: 26, owner: 25 }[role]} crown`);
    for (const [method, path, json] of writes(item.id, role)) {
      const res = await clinic.call(role, method, path, json);
      if (mayWrite) expect(res.status, `${role} ${method} ${path}`).toBeLessThan(300);
      else expect(res, `${role} ${method} ${path}`).toEqual({ status: 403, body: { error: 'Only the owner or a dentist can change the clinical record.' } });
    }
  });

  it('lets only the owner extend the findings list', async () => {
    for (const role of ['receptionist', 'dentist'] as const) {
      expect((await clinic.call(role, 'POST', '/api/admin/findings', { code: 'chipped', names: ['chipped'] })).body).toEqual({
        error: "Only the owner can change the clinic's settings.",
      });
    }
    expect((await clinic.call('owner', 'POST', '/api/admin/findings', { code: 'chipped', names: ['chipped'] })).status).toBe(201);
  });

  it('takes the role dentist for a staff account', async () => {
    const res = await clinic.call('owner', 'POST', '/api/admin/users', { email: 'dr.rao@clinic.test', name: 'Dr Rao', role: 'dentist', password: 'temporary-pass-42' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ role: 'dentist' });
  });
});

describe('every read of a chart is audited', () => {
  it('writes who read whose record and when, with the date asked for, for every role', async () => {
    const knex = clinic.app.deps.knex;
    const reads = () => knex('auditLog').where({ action: 'read-chart', entity: 'patient', entityId: String(patient) }).orderBy('id');
    const before = (await reads()).length;
    await chart(undefined, 'receptionist');
    await chart('2026-03-03', 'owner');
    await chart('2026-03-02', 'dentist');
    const rows = (await reads()).slice(before);
    expect(rows.map((r) => [r.userName, r.changes])).toEqual([
      ['Rekha', null],
      ['Test Admin', { at: { old: null, new: '2026-03-03' } }],
      ['Dr Kavita Mehta', { at: { old: null, new: '2026-03-02' } }],
    ]);
    expect(rows.every((r) => r.at instanceof Date)).toBe(true);
    // A refused read leaves no row; a preview reads no record.
    await clinic.call('dentist', 'GET', `/api/admin/patients/${patient}/chart?at=nonsense`);
    await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/chart-commands`, { command: '16 caries', preview: true });
    expect((await reads()).length).toBe(before + 3);
  });

  it('answers no chart when the read cannot be audited', async () => {
    const knex = clinic.app.deps.knex;
    // The audit table refused for a moment: the read fails rather than going unrecorded.
    await knex.raw(`create function refuse_reads() returns trigger language plpgsql as $$ begin
      if new.action = 'read-chart' then raise exception 'audit unavailable'; end if; return new; end $$`);
    await knex.raw('create trigger refuse_reads before insert on audit_log for each row execute function refuse_reads()');
    try {
      const res = await clinic.call('dentist', 'GET', `/api/admin/patients/${patient}/chart`);
      expect(res.status).toBe(500);
      expect(res.body.items).toBeUndefined();
    } finally {
      await knex.raw('drop trigger refuse_reads on audit_log');
      await knex.raw('drop function refuse_reads()');
    }
  });
});
