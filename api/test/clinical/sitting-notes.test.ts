import { createRequire } from 'node:module';
import sharp from 'sharp';
import { Fhir } from 'fhir';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClinic, type ClinicalClinic } from '../support/clinical';

// NOTE-15, FHIR-6: what a plan item's sittings noted (PLAN-11) stays with the item: on the chart's items
// (and the chart at a past date), on the plan's item, and in the FHIR record as Procedure.note, which both
// validators accept (as api/test/clinical/fhir.test.ts checks the Bundle).

const require = createRequire(import.meta.url);
const JSONSchemaValidator = require('@asymmetrik/fhir-json-schema-validator') as new () => { validate(resource: unknown, verbose?: boolean): unknown[] };

let clinic: ClinicalClinic;
let patient: number;
let rct: number;
let bridge: number;
let planId: number;

beforeAll(async () => {
  const stroke = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 70 C 60 10, 90 90, 140 40" stroke="black" stroke-width="4" fill="none"/></svg>';
  const signature = `data:image/png;base64,${(await sharp(Buffer.from(stroke)).png().toBuffer()).toString('base64')}`;
  clinic = await startClinic();
  clinic.app.clock.set('2026-11-07T05:00:00Z');
  patient = await clinic.newPatient('Meera');
  const charted = await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/chart-commands`, { command: '46 rct; 14-16 bridge' });
  expect(charted.status).toBe(201);
  [rct, bridge] = charted.body.items.map((i: { id: number }) => i.id);
  const plan = await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/treatment-plans`, { title: 'RCT 46 and a bridge', options: [{ name: 'A', itemIds: [rct, bridge] }] });
  expect(plan.status).toBe(201);
  planId = plan.body.id;
  expect((await clinic.call('owner', 'POST', `/api/admin/treatment-plans/${planId}/accept`, { option: 'A', signature, signedBy: 'Meera' })).status).toBe(200);
  const sitting = async (body: object) => {
    const res = await clinic.call('dentist', 'POST', `/api/admin/treatment-plans/${planId}/sittings`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  await sitting({ itemId: rct, note: 'Local anaesthetic used (2% lignocaine); access opened' });
  clinic.app.clock.set('2026-11-14T05:00:00Z');
  await sitting({ itemId: rct }); // a sitting without a note: counted, nothing to show
  await sitting({ itemId: bridge, teeth: ['14', '16'], note: 'Abutments prepared' });
  clinic.app.clock.set('2026-12-07T05:00:00Z');
  await sitting({ itemId: rct, final: true, note: 'Obturation: lateral condensation, AH Plus' });
});
afterAll(() => clinic?.app.close());

describe('sitting notes on the chart and the plan (NOTE-15)', () => {
  it('answers each chart item with its sittings, oldest first, with who, the teeth done (the last: all) and the note', async () => {
    const chart = await clinic.call('dentist', 'GET', `/api/admin/patients/${patient}/chart`);
    expect(chart.status).toBe(200);
    const item = chart.body.items.find((i: { id: number }) => i.id === rct);
    expect(item.sittings).toEqual([
      { at: '2026-11-07T05:00:00.000Z', userId: clinic.dentistId, userName: 'Dr Kavita Mehta', teeth: [], final: false, note: 'Local anaesthetic used (2% lignocaine); access opened' },
      { at: '2026-11-14T05:00:00.000Z', userId: clinic.dentistId, userName: 'Dr Kavita Mehta', teeth: [], final: false, note: null },
      { at: '2026-12-07T05:00:00.000Z', userId: clinic.dentistId, userName: 'Dr Kavita Mehta', teeth: ['46'], final: true, note: 'Obturation: lateral condensation, AH Plus' },
    ]);
    expect(item.status).toBe('completed');
  });

  it('answers the chart at a past date with only the sittings made by then', async () => {
    const past = await clinic.call('dentist', 'GET', `/api/admin/patients/${patient}/chart?at=2026-11-10`);
    const item = past.body.items.find((i: { id: number }) => i.id === rct);
    expect(item.sittings.map((s: { note: string | null }) => s.note)).toEqual(['Local anaesthetic used (2% lignocaine); access opened']);
  });

  it("answers each plan item's sitting notes, named by sitting and the teeth done on an item over several", async () => {
    const plan = await clinic.call('dentist', 'GET', `/api/admin/treatment-plans/${planId}`);
    const [rctLine, bridgeLine] = plan.body.options[0].items;
    expect(rctLine.sittingNotes).toEqual([
      { label: 'Sitting 1', at: '2026-11-07T05:00:00.000Z', userName: 'Dr Kavita Mehta', note: 'Local anaesthetic used (2% lignocaine); access opened' },
      { label: 'Sitting 3 (last)', at: '2026-12-07T05:00:00.000Z', userName: 'Dr Kavita Mehta', note: 'Obturation: lateral condensation, AH Plus' },
    ]);
    expect(bridgeLine.sittingNotes).toEqual([{ label: 'Sitting 1 (14 16)', at: '2026-11-14T05:00:00.000Z', userName: 'Dr Kavita Mehta', note: 'Abutments prepared' }]);
  });
});

describe('sitting notes in the FHIR record (FHIR-6)', () => {
  it('gives each sitting note as a Procedure.note with its time and author, the Bundle valid for both validators', async () => {
    const res = await clinic.app.request(`/api/admin/patients/${patient}/record.fhir.json`, { cookie: clinic.cookies.dentist });
    expect(res.status).toBe(200);
    const bundle = (await res.json()) as { entry: { fullUrl: string; resource: Record<string, any> }[] };
    const procedure = bundle.entry.map((e) => e.resource).find((r) => r.resourceType === 'Procedure' && r.identifier[0].value === String(rct))!;
    const practitioner = bundle.entry.find((e) => e.resource.resourceType === 'Practitioner' && e.resource.identifier[0].value === String(clinic.dentistId))!;
    expect(procedure.note).toEqual([
      { authorReference: { reference: practitioner.fullUrl }, time: '2026-11-07T05:00:00.000Z', text: 'Sitting 1: Local anaesthetic used (2% lignocaine); access opened' },
      { authorReference: { reference: practitioner.fullUrl }, time: '2026-12-07T05:00:00.000Z', text: 'Sitting 3 (last): Obturation: lateral condensation, AH Plus' },
    ]);
    // The completion is the last sitting's day, not the day the work was planned.
    expect(procedure.performedDateTime).toBe('2026-12-07T05:00:00.000Z');
    const bridgeProcedure = bundle.entry.map((e) => e.resource).find((r) => r.resourceType === 'Procedure' && r.identifier[0].value === String(bridge))!;
    expect(bridgeProcedure.note).toEqual([expect.objectContaining({ text: 'Sitting 1 (14 16): Abutments prepared' })]);

    expect(new JSONSchemaValidator().validate(bundle, true)).toEqual([]);
    const fhir = new Fhir();
    const errors = (fhir.validate(bundle).messages ?? []).filter((m) => m.severity === 'error');
    expect(errors).toEqual([]);
    expect(fhir.validate(bundle).valid).toBe(true);
  });
});
