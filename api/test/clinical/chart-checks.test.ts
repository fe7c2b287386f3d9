import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClinic, type ClinicalClinic } from '../support/clinical';

// CHART-25: the chart refuses a duplicate of a standing item and work that needs a tooth on a missing one,
// in plain words, on both write routes, a command all or none. CHART-27: a finding is marked treated, by
// hand or by completing the procedure that treats it, in the same transaction; the history says by what.
// CHART-29: work done on an earlier day is recorded with that day, and says so.

let clinic: ClinicalClinic;
beforeAll(async () => {
  clinic = await startClinic();
  // Monday 7 December 2026, 10:00 in Pune.
  clinic.app.clock.set('2026-12-07T04:30:00Z');
});
afterAll(() => clinic?.app.close());

const knex = () => clinic.app.deps.knex;
const run = (patient: number, command: string, extra: Record<string, unknown> = {}) =>
  clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/chart-commands`, { command, ...extra });
const record = (patient: number, json: unknown) => clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/clinical-items`, json);
const items = async (patient: number) => (await clinic.call('dentist', 'GET', `/api/admin/patients/${patient}/chart`)).body.items as { id: number; code: string; teeth: string[]; status: string; history: { action: string; status: string; byItemId: number | null; userName: string | null }[] }[];
const count = async (patient: number) => Number((await knex()('clinicalItems').where({ patientId: patient }).count('id as n').first())!.n);

describe('duplicates of what stands (CHART-25)', () => {
  it('refuses the same missing teeth twice, the same planned work twice, and says when it was recorded', async () => {
    const p = await clinic.newPatient('Dup');
    expect((await run(p, '18 28 38 48 missing')).status).toBe(201);
    expect(await run(p, '18 28 38 48 missing')).toEqual({ status: 409, body: { error: 'Tooth 18 is charted missing: it is missing already' } });
    expect((await run(p, '46 rct planned')).status).toBe(201);
    expect(await run(p, '46 rct planned')).toEqual({ status: 409, body: { error: '46 rct is already planned (recorded 7 December 2026): it is not planned twice' } });
    expect((await run(p, '36 MOD caries')).status).toBe(201);
    expect(await record(p, { teeth: ['36'], surfaces: ['D', 'O', 'M'], code: 'caries' })).toEqual({
      status: 409,
      body: { error: '36 MOD caries is already on the chart (recorded 7 December 2026): it is not recorded twice' },
    });
    expect(await count(p)).toBe(6);
  });

  it('records nothing of a command when one entry is refused, even one refused by an entry before it', async () => {
    const p = await clinic.newPatient('AllOrNone');
    expect(await run(p, '16 caries O; 46 rct; 46 rct')).toEqual({ status: 409, body: { error: '46 rct is already planned (recorded 7 December 2026): it is not planned twice' } });
    expect(await count(p)).toBe(0);
  });

  it('allows what a dentist does again: other surfaces, another status, re-treatment on a later day, scaling every six months', async () => {
    const p = await clinic.newPatient('Again');
    expect((await run(p, '36 O caries; 36 MOD caries; 16 crown existing; 16 crown planned')).status).toBe(201);
    expect((await run(p, '46 rct done; scaling done')).status).toBe(201);
    expect(await run(p, '46 rct done')).toEqual({ status: 409, body: { error: '46 rct is already recorded as done on 7 December 2026: it is not recorded twice' } });
    clinic.app.clock.set('2027-06-07T04:30:00Z');
    expect((await run(p, '46 rct done "re-treatment"; scaling done')).status).toBe(201);
    clinic.app.clock.set('2026-12-07T04:30:00Z');
  });

  it('counts an invalidated item, or a treated finding, as gone', async () => {
    const p = await clinic.newPatient('Gone');
    const [rct] = (await run(p, '47 rct')).body.items;
    await clinic.call('dentist', 'POST', `/api/admin/clinical-items/${rct.id}/invalidate`, { reason: 'wrong tooth' });
    expect((await run(p, '47 rct')).status).toBe(201);
    const [caries] = (await run(p, '37 O caries')).body.items;
    await clinic.call('dentist', 'PATCH', `/api/admin/clinical-items/${caries.id}`, { status: 'resolved' });
    expect((await run(p, '37 O caries')).status).toBe(201);
  });
});

describe('work on a missing or extracted tooth (CHART-25)', () => {
  it('refuses a root canal, a filling, an extraction or caries on a missing tooth, naming why it is missing', async () => {
    const p = await clinic.newPatient('Missing');
    await run(p, '48 missing');
    expect(await run(p, '48 rct done')).toEqual({
      status: 409,
      body: { error: 'Tooth 48 is charted missing: “rct” cannot be recorded on it (an implant, a bridge or a denture replaces a missing tooth)' },
    });
    for (const command of ['48 MO composite', '48 extraction', '48 O caries', '48 crown']) expect((await run(p, command)).status, command).toBe(409);
    expect(await record(p, { teeth: ['48'], code: 'rct', status: 'completed' })).toMatchObject({ status: 409 });
    await run(p, '36 extraction done');
    expect(await run(p, '36 DO composite')).toEqual({
      status: 409,
      body: { error: 'Tooth 36 was extracted on 7 December 2026: “composite” cannot be recorded on it (an implant, a bridge or a denture replaces a missing tooth)' },
    });
    expect(await run(p, '36 missing')).toEqual({ status: 409, body: { error: 'Tooth 36 was extracted on 7 December 2026: it is missing already' } });
    // In one command: extracted, then a filling on it.
    expect(await run(p, '26 extraction done; 26 O composite')).toMatchObject({ status: 409 });
    expect(await count(p)).toBe(2);
  });

  it('allows what replaces a missing tooth: an implant with its crown, a bridge over it, a denture, an x-ray; and an extraction planned on a tooth still there', async () => {
    const p = await clinic.newPatient('Replace');
    await run(p, '46 missing; 36 missing; 25 missing');
    expect((await run(p, '46 implant planned; 46 crown planned')).status).toBe(201);
    expect((await run(p, '35-37 bridge; 24-26 denture; 25 xray')).status).toBe(201);
    expect((await run(p, '17 extraction planned')).status).toBe(201);
    // Done: the tooth is then gone, and a crown on the implant is still allowed.
    expect((await run(p, '17 extraction done; 46 implant done; 46 crown done')).status).toBe(201);
  });
});

describe('a finding marked treated (CHART-27)', () => {
  it('is resolved by hand with PATCH { status: resolved }, once, and is no longer drawn', async () => {
    const p = await clinic.newPatient('Treated');
    const [caries] = (await run(p, '26 O caries')).body.items;
    clinic.app.clock.set('2026-12-08T05:00:00Z');
    const res = await clinic.call('dentist', 'PATCH', `/api/admin/clinical-items/${caries.id}`, { status: 'resolved' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'resolved', kind: 'finding' });
    expect(res.body.history.at(-1)).toMatchObject({ action: 'status', status: 'resolved', byItemId: null, userName: 'Dr Kavita Mehta', at: '2026-12-08T05:00:00.000Z' });
    expect(await clinic.call('dentist', 'PATCH', `/api/admin/clinical-items/${caries.id}`, { status: 'resolved' })).toEqual({ status: 409, body: { error: 'This finding is already marked treated' } });
    const chart = (await clinic.call('dentist', 'GET', `/api/admin/patients/${p}/chart`)).body;
    expect(chart.teeth.find((t: { tooth: string }) => t.tooth === '26').marks).toEqual([]);
    // The chart of the day before still shows it as it stood.
    const before = (await clinic.call('dentist', 'GET', `/api/admin/patients/${p}/chart?at=2026-12-07`)).body;
    expect(before.teeth.find((t: { tooth: string }) => t.tooth === '26').marks.map((m: { code: string; status: string }) => [m.code, m.status])).toEqual([['caries', 'condition']]);
    const audit = await knex()('auditLog').where({ entity: 'clinical-item', entityId: String(caries.id), action: 'update' }).first();
    expect(audit.changes).toEqual({ status: { old: 'condition', new: 'resolved' } });
    clinic.app.clock.set('2026-12-07T04:30:00Z');
  });

  it('refuses resolved on a procedure and on a missing tooth', async () => {
    const p = await clinic.newPatient('NotTreatable');
    const [missing, rct] = (await run(p, '18 missing; 46 rct')).body.items;
    expect(await clinic.call('dentist', 'PATCH', `/api/admin/clinical-items/${missing.id}`, { status: 'resolved' })).toEqual({
      status: 409,
      body: { error: 'A missing tooth stays missing: record the implant, bridge or denture that replaces it' },
    });
    expect(await clinic.call('dentist', 'PATCH', `/api/admin/clinical-items/${rct.id}`, { status: 'resolved' })).toEqual({
      status: 409,
      body: { error: 'Only a finding is marked treated (resolved): a treatment is marked done (completed)' },
    });
  });

  it('is resolved by the filling that covers its surfaces, recorded done, with an event naming the filling', async () => {
    const p = await clinic.newPatient('Filled');
    const [caries, small] = (await run(p, '36 MOD caries; 37 O caries')).body.items;
    const res = await run(p, '36 MODB composite done; 37 D composite done');
    expect(res.status).toBe(201);
    const composite = res.body.items[0];
    const after = await items(p);
    const resolved = after.find((i) => i.id === caries.id)!;
    expect(resolved.status).toBe('resolved');
    expect(resolved.history.at(-1)).toMatchObject({ action: 'status', status: 'resolved', byItemId: composite.id, userName: 'Dr Kavita Mehta' });
    // A filling on other surfaces leaves 37 O caries standing.
    expect(after.find((i) => i.id === small.id)!.status).toBe('condition');
    const audit = await knex()('auditLog').where({ entity: 'clinical-item', entityId: String(caries.id), action: 'update' }).first();
    expect(audit.changes).toEqual({ status: { old: 'condition', new: 'resolved' }, treatedBy: { old: null, new: composite.id } });
  });

  it('stands again when the work that treated it is invalidated or undone, and a finding treated by hand stays treated (CHART-31)', async () => {
    const p = await clinic.newPatient('Reopened');
    const [caries, other, byHand] = (await run(p, '36 MOD caries; 46 O caries; 16 O caries')).body.items;
    expect((await clinic.call('dentist', 'PATCH', `/api/admin/clinical-items/${byHand.id}`, { status: 'resolved' })).status).toBe(200);
    const [composite] = (await run(p, '36 MOD composite done')).body.items;
    const [filling46] = (await run(p, '46 O composite done; 16 O composite done')).body.items;
    expect((await items(p)).filter((i) => i.code === 'caries').map((i) => i.status)).toEqual(['resolved', 'resolved', 'resolved']);

    const res = await clinic.call('dentist', 'POST', `/api/admin/clinical-items/${composite.id}/invalidate`, { reason: 'wrong tooth' });
    expect(res.status).toBe(200);
    let after = await items(p);
    const reopened = after.find((i) => i.id === caries.id)!;
    expect(reopened.status).toBe('condition');
    expect(reopened.history.at(-1)).toMatchObject({ action: 'status', status: 'condition', byItemId: composite.id, userName: 'Dr Kavita Mehta' });
    const audit = await knex()('auditLog').where({ entity: 'clinical-item', entityId: String(caries.id), action: 'update' }).orderBy('id', 'desc').first();
    expect(audit.changes).toEqual({ status: { old: 'resolved', new: 'condition' }, treatedBy: { old: composite.id, new: null } });

    // The chart's undo (the bulk route) does the same; 16's caries was treated by hand first and stays so.
    const undo = await clinic.call('dentist', 'POST', `/api/admin/patients/${p}/clinical-items/invalidate`, { ids: [filling46.id], reason: 'undone' });
    expect(undo.status).toBe(200);
    after = await items(p);
    expect(after.find((i) => i.id === other.id)!.status).toBe('condition');
    expect(after.find((i) => i.id === byHand.id)!.status).toBe('resolved');
    // Standing again, it is drawn again.
    const chart = (await clinic.call('dentist', 'GET', `/api/admin/patients/${p}/chart`)).body;
    expect(chart.teeth.find((t: { tooth: string }) => t.tooth === '36').marks.map((m: { code: string }) => m.code)).toContain('caries');
  });

  it('is resolved when planned work is marked done (PATCH completed), and by a root canal, a crown or an extraction', async () => {
    const p = await clinic.newPatient('Completed');
    const [caries, , periapical, fracture, mobile, sealed] = (await run(p, '36 DO caries; 36 DO composite; 46 periapical; 16 MO fracture; 17 mobility; 27 O caries')).body.items;
    const planned = (await items(p)).find((i) => i.code === 'composite')!;
    const done = await clinic.call('dentist', 'PATCH', `/api/admin/clinical-items/${planned.id}`, { status: 'completed' });
    expect(done.status).toBe(200);
    await run(p, '46 rct done; 16 crown done; 17 extraction done; 27 O sealant done');
    const after = new Map((await items(p)).map((i) => [i.id, i.status]));
    expect([caries, periapical, fracture, mobile].map((i) => after.get(i.id))).toEqual(['resolved', 'resolved', 'resolved', 'resolved']);
    // A sealant treats nothing.
    expect(after.get(sealed.id)).toBe('condition');
  });

  it('resolves in the same transaction: a command refused records neither the work nor the resolution', async () => {
    const p = await clinic.newPatient('Rollback');
    const [caries] = (await run(p, '36 O caries; 46 rct')).body.items;
    expect((await run(p, '36 O composite done; 46 rct')).status).toBe(409);
    expect((await items(p)).find((i) => i.id === caries.id)!.status).toBe('condition');
  });
});

describe('work done on an earlier day (CHART-29)', () => {
  it('stores performedOn, answers it, and audits the entry as made later', async () => {
    const p = await clinic.newPatient('Later');
    const res = await run(p, '21 crown done; 22 composite existing', { performedOn: '2026-12-01' });
    expect(res.status).toBe(201);
    expect(res.body.items.map((i: { performedOn: string }) => i.performedOn)).toEqual(['2026-12-01', '2026-12-01']);
    const audit = await knex()('auditLog').where({ entity: 'clinical-item', entityId: String(res.body.items[0].id), action: 'create' }).first();
    expect(audit.changes).toMatchObject({ performedOn: { new: '2026-12-01' }, enteredLater: { new: 'recorded on 2026-12-07 for work done on 2026-12-01' } });
    const one = await record(p, { teeth: ['23'], code: 'rct', status: 'completed', performedOn: '2026-11-30' });
    expect(one).toMatchObject({ status: 201, body: { performedOn: '2026-11-30', createdAt: '2026-12-07T04:30:00.000Z' } });
    await expect(knex()('clinicalItems').where({ id: one.body.id }).update({ performedOn: '2026-11-29' })).rejects.toThrow(/never changes/);
  });

  it('refuses a day after today at the clinic, a day that is not one, and a day on work not done', async () => {
    const p = await clinic.newPatient('Future');
    // 23:00 on 7 December in Pune is still the 7th: the 8th is tomorrow.
    clinic.app.clock.set('2026-12-07T17:30:00Z');
    expect(await run(p, '21 crown done', { performedOn: '2026-12-08' })).toEqual({
      status: 400,
      body: { error: 'performedOn is the day the work was done: it cannot be after today', fields: { performedOn: 'performedOn is the day the work was done: it cannot be after today' } },
    });
    expect((await run(p, '21 crown done', { performedOn: '2026-12-07' })).status).toBe(201);
    expect((await run(p, '11 crown done', { performedOn: '07/12/2026' })).body.error).toBe('performedOn must be a date from 1900-01-01 to 2200-12-31, written yyyy-MM-dd');
    expect((await run(p, '12 crown planned', { performedOn: '2026-12-01' })).body.error).toBe(
      'performedOn is the day the work was done: give it with work recorded as done, existing or done elsewhere',
    );
    expect((await record(p, { teeth: ['12'], code: 'caries', performedOn: '2026-12-01' })).status).toBe(400);
    clinic.app.clock.set('2026-12-07T04:30:00Z');
  });

  it('puts work done that day in the visit note draft, and not work recorded today for an earlier day', async () => {
    const p = await clinic.newPatient('Note');
    await run(p, '16 crown done', { performedOn: '2026-12-01' });
    await run(p, '26 O composite done');
    const draft = await clinic.call('dentist', 'GET', `/api/admin/patients/${p}/visit-notes/draft`);
    expect(draft.body.sections.treatment).toBe('26 O composite: Composite restoration placed under isolation; occlusion checked and polished.');
  });
});

describe('the record as FHIR (CHART-27, CHART-29)', () => {
  it('answers a treated finding as a resolved Condition, and work recorded later performed on its day', async () => {
    const p = await clinic.newPatient('Fhir');
    await run(p, '36 O caries');
    await run(p, '36 O composite done');
    await run(p, '21 crown done', { performedOn: '2026-12-01' });
    const bundle = (await clinic.call('dentist', 'GET', `/api/admin/patients/${p}/record.fhir.json`)).body;
    const resources = bundle.entry.map((e: { resource: Record<string, unknown> }) => e.resource);
    const condition = resources.find((r: { resourceType: string; code?: { text: string } }) => r.resourceType === 'Condition' && r.code?.text === 'caries');
    expect(condition.clinicalStatus.coding[0].code).toBe('resolved');
    expect(condition.abatementDateTime).toBe('2026-12-07T04:30:00.000Z');
    const crown = resources.find((r: { resourceType: string; code?: { text: string } }) => r.resourceType === 'Procedure' && r.code?.text === 'crown');
    expect(crown.performedDateTime).toBe('2026-12-01');
  });
});
