import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountedRoutes } from '../support/routes';
import { startClinic, type ClinicalClinic } from '../support/clinical';

// CHART-6, CHART-8: clinical items are recorded with the command bar's checks, never deleted, locked once
// completed, and invalidated with a reason and kept, by the routes and by the database itself.

let clinic: ClinicalClinic;
let patient: number;
beforeAll(async () => {
  clinic = await startClinic();
  // Monday 2 March 2026, 10:00 in Pune.
  clinic.app.clock.set('2026-03-02T04:30:00Z');
  patient = await clinic.newPatient();
});
afterAll(() => clinic?.app.close());

const record = (json: unknown, role: 'owner' | 'dentist' = 'dentist', id = patient) => clinic.call(role, 'POST', `/api/admin/patients/${id}/clinical-items`, json);
const knex = () => clinic.app.deps.knex;

describe('recording an item', () => {
  it('answers the item in the shape of the chart, naming the dentist who recorded it, and audits it', async () => {
    const res = await record({ teeth: ['36'], surfaces: ['M', 'O', 'D'], code: 'composite', status: 'planned', note: ' deep ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      patientId: patient,
      teeth: ['36'],
      surfaces: ['M', 'O', 'D'],
      code: 'composite',
      kind: 'procedure',
      status: 'planned',
      note: 'deep',
      dentistId: clinic.dentistId,
      dentistName: 'Dr Kavita Mehta',
      createdAt: '2026-03-02T04:30:00.000Z',
      invalidatedAt: null,
      invalidReason: null,
      invalidatedBy: null,
      locked: false,
      performedOn: null,
      history: [{ at: '2026-03-02T04:30:00.000Z', action: 'create', status: 'planned', userId: clinic.dentistId, userName: 'Dr Kavita Mehta', reason: null, byItemId: null }],
      // NOTE-15: the sittings of a plan (none yet).
      sittings: [],
    });
    const row = await knex()('auditLog').where({ entity: 'clinical-item', entityId: String(res.body.id) }).first();
    expect(row).toMatchObject({ action: 'create', userId: clinic.dentistId, userName: 'Dr Kavita Mehta' });
    expect(row.changes).toMatchObject({ patientId: { new: patient }, teeth: { new: ['36'] }, code: { new: 'composite' }, status: { new: 'planned' } });
  });

  it('stores surfaces as M O D B L C whatever letters were sent, a finding as a condition, a procedure planned by default', async () => {
    const front = await record({ teeth: ['11'], surfaces: ['i', 'F', 'p'], code: 'caries' });
    expect(front.body).toMatchObject({ surfaces: ['O', 'B', 'L'], kind: 'finding', status: 'condition' });
    const rct = await record({ teeth: ['46'], code: 'rct' });
    expect(rct.body).toMatchObject({ surfaces: [], kind: 'procedure', status: 'planned' });
  });

  it('records a bridge as one item over the span, a milk tooth too', async () => {
    expect((await record({ teeth: ['14', '15', '16'], code: 'bridge', status: 'completed' })).body).toMatchObject({ teeth: ['14', '15', '16'], code: 'bridge' });
    expect((await record({ teeth: ['55'], surfaces: ['O'], code: 'caries' })).status).toBe(201);
  });

  it.each([
    ['Name at least one tooth, in FDI: 11-48 for adult teeth and 51-85 for milk teeth', { surfaces: [], code: 'rct' }],
    ['Name at least one tooth, in FDI: 11-48 for adult teeth and 51-85 for milk teeth', { teeth: [], code: 'rct' }],
    ['“19” is not a tooth: write teeth in FDI, 11-48 for adult teeth and 51-85 for milk teeth', { teeth: ['19'], code: 'rct' }],
    ['Surfaces are M, O, D, B, L or C (I, F, P and V also read)', { teeth: ['36'], surfaces: ['X'], code: 'composite' }],
    ['Choose a treatment or finding', { teeth: ['36'] }],
    ['“composte” is not a treatment or finding this chart knows', { teeth: ['36'], code: 'composte' }],
    ['“caries” is a finding, which takes no status', { teeth: ['36'], code: 'caries', status: 'planned' }],
    ['“composite” is a treatment: its status is planned, completed, existing, existing-elsewhere or referred', { teeth: ['36'], code: 'composite', status: 'condition' }],
    ['Status must be condition, planned, completed, existing, existing-elsewhere or referred', { teeth: ['36'], code: 'composite', status: 'done' }],
    ['“rct” takes no surfaces', { teeth: ['46'], surfaces: ['M', 'O'], code: 'rct' }],
    ['OI names a surface twice', { teeth: ['36'], surfaces: ['O', 'I'], code: 'composite' }],
    ['A bridge spans at least two teeth, for example 14-16 bridge', { teeth: ['16'], code: 'bridge' }],
    ['A bridge covers every tooth between its ends, in one jaw: write it as a span, for example 14-16 bridge', { teeth: ['14', '16'], code: 'bridge' }],
    ['A bridge covers every tooth between its ends, in one jaw: write it as a span, for example 14-16 bridge', { teeth: ['14', '44'], code: 'bridge' }],
    ['A crown is on one tooth: record one item per tooth', { teeth: ['11', '21'], code: 'crown' }],
    // UI-13: the article follows the word.
    ['An implant is on one tooth: record one item per tooth', { teeth: ['11', '21'], code: 'implant' }],
    ['An rct is on one tooth: record one item per tooth', { teeth: ['36', '46'], code: 'rct' }],
    ['Tooth 36 is named twice', { teeth: ['36', '36'], code: 'caries' }],
    ['Note must be at most 2000 characters', { teeth: ['36'], code: 'caries', note: 'a note of 2001 characters'.padEnd(2001, '.') }],
  ])('answers 400 %s', async (error, json) => {
    const before = await knex()('clinicalItems').count<{ count: string }[]>('id as count');
    const res = await record(json);
    expect(res).toMatchObject({ status: 400, body: { error } });
    expect(await knex()('clinicalItems').count('id as count')).toEqual(before);
  });

  it('answers 404 for a patient that does not exist', async () => {
    expect(await record({ teeth: ['36'], code: 'caries' }, 'dentist', 999_999)).toEqual({ status: 404, body: { error: 'Patient not found' } });
  });
});

describe('a completed procedure is locked', () => {
  it('moves planned work to completed once, then answers 409 and the database refuses the change too', async () => {
    const { body: item } = await record({ teeth: ['26'], surfaces: ['O'], code: 'composite' });
    clinic.app.clock.set('2026-03-02T06:00:00Z');
    const done = await clinic.call('dentist', 'PATCH', `/api/admin/clinical-items/${item.id}`, { status: 'completed' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', locked: true });
    expect(done.body.history.map((e: { action: string; status: string; at: string }) => [e.action, e.status, e.at])).toEqual([
      ['create', 'planned', '2026-03-02T04:30:00.000Z'],
      ['status', 'completed', '2026-03-02T06:00:00.000Z'],
    ]);
    for (const status of ['planned', 'completed', 'referred']) {
      const again = await clinic.call('owner', 'PATCH', `/api/admin/clinical-items/${item.id}`, { status });
      expect(again).toEqual({ status: 409, body: { error: 'A completed procedure is locked: to correct it, invalidate it with a reason and record it again' } });
    }
    await expect(knex()('clinicalItems').where({ id: item.id }).update({ status: 'planned' })).rejects.toThrow(/a completed procedure is locked/);
    expect((await knex()('clinicalItems').where({ id: item.id }).first()).status).toBe('completed');
    expect(await knex()('auditLog').where({ entity: 'clinical-item', entityId: String(item.id), action: 'update' }).count('id as n').first()).toMatchObject({ n: 1 });
  });

  it("takes only resolved on a finding (CHART-27), and checks the status sent", async () => {
    const { body: finding } = await record({ teeth: ['37'], code: 'fracture' });
    expect(await clinic.call('dentist', 'PATCH', `/api/admin/clinical-items/${finding.id}`, { status: 'completed' })).toEqual({
      status: 409,
      body: { error: 'A finding is marked treated (status resolved); invalidate it if it was entered in error' },
    });
    expect((await clinic.call('dentist', 'PATCH', `/api/admin/clinical-items/${finding.id}`, { status: 'condition' })).body).toEqual({
      error: 'Status must be planned, completed, existing, existing-elsewhere, referred or resolved',
      fields: { status: 'Status must be planned, completed, existing, existing-elsewhere, referred or resolved' },
    });
    expect((await clinic.call('dentist', 'PATCH', '/api/admin/clinical-items/999999', { status: 'completed' })).status).toBe(404);
  });

  it('refuses in the database any rewrite of what an item says, locked or not', async () => {
    const { body: item } = await record({ teeth: ['47'], code: 'rct' });
    const other = await clinic.newPatient('Ravi');
    const ownerId = (await knex()('users').where({ role: 'owner' }).first()).id;
    for (const change of [{ teeth: ['46'] }, { surfaces: ['O'] }, { code: 'crown' }, { kind: 'finding', status: 'condition' }, { note: 'changed' }, { patientId: other }, { dentistId: ownerId }, { createdAt: new Date() }]) {
      await expect(knex()('clinicalItems').where({ id: item.id }).update(change)).rejects.toThrow(/never rewritten/);
    }
  });
});

describe('nothing is deleted', () => {
  it('has no route that deletes a clinical item', async () => {
    // The one DELETE near the chart takes a finding off the owner's list, and only one no item uses (CHART-16).
    const deleting = mountedRoutes(clinic.app.deps).filter((r) => r.method === 'DELETE' && /clinical|chart|finding/.test(r.path));
    expect(deleting.map((r) => r.path)).toEqual(['/api/admin/findings/:code']);
    const { body: item } = await record({ teeth: ['48'], code: 'impacted' });
    expect((await clinic.call('owner', 'DELETE', `/api/admin/clinical-items/${item.id}`)).status).toBe(404);
    expect(await knex()('clinicalItems').where({ id: item.id }).first()).toBeTruthy();
  });

  it('is refused by the database: DELETE and TRUNCATE of items and of their history', async () => {
    const { body: item } = await record({ teeth: ['38'], code: 'impacted' });
    await expect(knex()('clinicalItems').where({ id: item.id }).delete()).rejects.toThrow(/never deleted/);
    await expect(knex().raw('truncate clinical_items cascade')).rejects.toThrow(/never deleted/);
    await expect(knex()('clinicalItemEvents').where({ itemId: item.id }).delete()).rejects.toThrow(/append-only/);
    await expect(knex()('clinicalItemEvents').where({ itemId: item.id }).update({ status: 'planned' })).rejects.toThrow(/append-only/);
    await expect(knex().raw('truncate clinical_item_events')).rejects.toThrow(/append-only/);
    expect(await knex()('clinicalItemEvents').where({ itemId: item.id }).count('id as n').first()).toMatchObject({ n: 1 });
  });

  it('keeps the patient of a clinical record: delete answers 409, erasure anonymises and keeps the record', async () => {
    const id = await clinic.newPatient('Sunil');
    await record({ teeth: ['21'], code: 'crown', status: 'completed' }, 'dentist', id);
    expect(await clinic.call('owner', 'DELETE', `/api/admin/patients/${id}`)).toEqual({
      status: 409,
      body: { error: "This patient has a clinical record, which is kept: it cannot be deleted (erase the patient's details instead)" },
    });
    const erased = await clinic.call('owner', 'POST', `/api/admin/patients/${id}/erase`, { confirm: 'ERASE' });
    expect(erased.status).toBe(200);
    expect(erased.body.patient).toBe('anonymised');
    expect(await knex()('patients').where({ id }).first()).toMatchObject({ firstName: 'Erased', email: '' });
    expect(await knex()('clinicalItems').where({ patientId: id }).count('id as n').first()).toMatchObject({ n: 1 });
  });

  it("puts the clinical items and their history in the patient's export", async () => {
    const id = await clinic.newPatient('Meera');
    await record({ teeth: ['31'], code: 'mobility' }, 'dentist', id);
    const exported = await clinic.call('owner', 'GET', `/api/admin/patients/${id}/export`);
    expect(exported.body.clinicalItems).toEqual([expect.objectContaining({ teeth: ['31'], code: 'mobility', history: [expect.objectContaining({ action: 'create' })] })]);
    expect(exported.body.audit.some((r: { entity: string }) => r.entity === 'clinical-item')).toBe(true);
    // Reading the record this way is audited too.
    expect(await knex()('auditLog').where({ action: 'export', entity: 'patient', entityId: String(id) }).count('id as n').first()).toMatchObject({ n: 1 });
  });
});

describe('invalidating an item', () => {
  it('needs a reason, keeps the item with who, when and why, and happens once', async () => {
    const { body: item } = await record({ teeth: ['45'], code: 'crown', status: 'completed' });
    for (const json of [{}, { reason: '   ' }]) {
      expect(await clinic.call('dentist', 'POST', `/api/admin/clinical-items/${item.id}/invalidate`, json)).toEqual({
        status: 400,
        body: { error: 'Say why the item is invalidated', fields: { reason: 'Say why the item is invalidated' } },
      });
    }
    clinic.app.clock.set('2026-03-02T07:00:00Z');
    const res = await clinic.call('owner', 'POST', `/api/admin/clinical-items/${item.id}/invalidate`, { reason: 'Recorded on the wrong tooth: was 44' });
    expect(res.status).toBe(200);
    const ownerId = (await knex()('users').where({ role: 'owner' }).first()).id;
    expect(res.body).toMatchObject({
      id: item.id,
      status: 'completed',
      invalidatedAt: '2026-03-02T07:00:00.000Z',
      invalidReason: 'Recorded on the wrong tooth: was 44',
      invalidatedBy: ownerId,
    });
    expect(res.body.history.at(-1)).toMatchObject({ action: 'invalidate', userId: ownerId, reason: 'Recorded on the wrong tooth: was 44' });
    expect(await clinic.call('owner', 'POST', `/api/admin/clinical-items/${item.id}/invalidate`, { reason: 'again' })).toEqual({ status: 409, body: { error: 'This item is already invalidated' } });

    // Kept on the chart, marked, and no longer drawn.
    const chart = await clinic.call('receptionist', 'GET', `/api/admin/patients/${patient}/chart`);
    expect(chart.body.items.find((i: { id: number }) => i.id === item.id)).toMatchObject({ invalidReason: 'Recorded on the wrong tooth: was 44' });
    expect(chart.body.teeth.find((t: { tooth: string }) => t.tooth === '45').marks).toEqual([]);
    expect(await knex()('auditLog').where({ entity: 'clinical-item', entityId: String(item.id), action: 'invalidate' }).first()).toMatchObject({
      changes: { invalidReason: { old: null, new: 'Recorded on the wrong tooth: was 44' } },
    });
  });

  it('freezes an invalidated item: no status change, in the route and in the database', async () => {
    const { body: item } = await record({ teeth: ['44'], code: 'crown' });
    await clinic.call('dentist', 'POST', `/api/admin/clinical-items/${item.id}/invalidate`, { reason: 'Duplicate entry' });
    expect(await clinic.call('dentist', 'PATCH', `/api/admin/clinical-items/${item.id}`, { status: 'completed' })).toEqual({
      status: 409,
      body: { error: 'This item was invalidated and no longer changes' },
    });
    await expect(knex()('clinicalItems').where({ id: item.id }).update({ status: 'completed' })).rejects.toThrow(/invalidated clinical item does not change/);
    await expect(knex()('clinicalItems').where({ id: item.id }).update({ invalidatedAt: null, invalidReason: null, invalidatedBy: null })).rejects.toThrow();
  });
});
