import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClinic, type ClinicalClinic } from '../support/clinical';

// CHART-15: the chart's undo takes back an entry of several items together: one transaction, all or none.

let clinic: ClinicalClinic;
let patient: number;
let other: number;
beforeAll(async () => {
  clinic = await startClinic();
  // Tuesday 3 March 2026, 11:00 in Pune.
  clinic.app.clock.set('2026-03-03T05:30:00Z');
  patient = await clinic.newPatient();
  other = await clinic.newPatient('Ravi');
});
afterAll(() => clinic?.app.close());

const command = async (text: string, id = patient) => {
  const res = await clinic.call('dentist', 'POST', `/api/admin/patients/${id}/chart-commands`, { command: text });
  expect(res.status).toBe(201);
  return (res.body.items as { id: number }[]).map((i) => i.id);
};
const undo = (json: unknown, role: 'owner' | 'dentist' | 'receptionist' = 'dentist', id = patient) =>
  clinic.call(role, 'POST', `/api/admin/patients/${id}/clinical-items/invalidate`, json);
const invalidated = async (ids: number[]) =>
  (await clinic.app.deps.knex('clinicalItems').whereIn('id', ids).orderBy('id').select('invalidatedAt', 'invalidReason')).map((r) => r.invalidReason as string | null);

describe('taking back an entry of several items', () => {
  it('invalidates every item of the entry with the reason, kept in the chart, each with its history and audit row', async () => {
    const ids = await command('18 28 38 48 missing');
    clinic.app.clock.set('2026-03-03T05:31:00Z');
    const res = await undo({ ids, reason: 'undone' });
    expect(res.status).toBe(200);
    expect(res.body.map((i: { teeth: string[] }) => i.teeth[0])).toEqual(['18', '28', '38', '48']);
    for (const item of res.body) {
      expect(item).toMatchObject({ invalidatedAt: '2026-03-03T05:31:00.000Z', invalidReason: 'undone', invalidatedBy: clinic.dentistId });
      expect(item.history.map((e: { action: string }) => e.action)).toEqual(['create', 'invalidate']);
    }
    const chart = await clinic.call('owner', 'GET', `/api/admin/patients/${patient}/chart`);
    expect(chart.body.items.filter((i: { id: number }) => ids.includes(i.id))).toHaveLength(4);
    expect(chart.body.teeth.find((t: { tooth: string }) => t.tooth === '18').state).toBe('present');
    const audits = await clinic.app.deps.knex('auditLog').where({ entity: 'clinical-item', action: 'invalidate' }).whereIn('entityId', ids.map(String));
    expect(audits).toHaveLength(4);
  });

  it('changes none when one of them is already invalidated (409) or is not the patient’s (404)', async () => {
    const ids = await command('11 21 crown');
    const [theirs] = await command('46 rct', other);
    expect(await undo({ ids: [...ids, theirs], reason: 'undone' })).toEqual({ status: 404, body: { error: 'Clinical item not found' } });
    expect(await invalidated([...ids, theirs])).toEqual([null, null, null]);
    expect((await clinic.call('dentist', 'POST', `/api/admin/clinical-items/${ids[1]}/invalidate`, { reason: 'wrong tooth' })).status).toBe(200);
    expect(await undo({ ids, reason: 'undone' })).toEqual({ status: 409, body: { error: 'This item is already invalidated' } });
    expect(await invalidated(ids)).toEqual([null, 'wrong tooth']);
  });

  it('asks for the ids and a reason in plain words, and is not a receptionist’s to do', async () => {
    const ids = await command('36 MOD composite');
    expect(await undo({ ids: [], reason: 'undone' })).toMatchObject({ status: 400, body: { error: 'Name the items to invalidate: 1 to 100 item ids' } });
    expect(await undo({ ids: ['x'], reason: 'undone' })).toMatchObject({ status: 400, body: { error: 'Name the items to invalidate: 1 to 100 item ids' } });
    expect(await undo({ ids, reason: ' ' })).toMatchObject({ status: 400, body: { error: 'Say why the item is invalidated' } });
    expect(await undo({ ids, reason: 'undone' }, 'receptionist')).toEqual({ status: 403, body: { error: 'Only the owner or a dentist can change the clinical record.' } });
    expect(await invalidated(ids)).toEqual([null]);
  });
});
