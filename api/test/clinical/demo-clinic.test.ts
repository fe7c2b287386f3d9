import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoClinic } from '../../db/seeds/demo-clinic';
import { seedDemoContent } from '../../db/seeds/demo-content';
import { startClinic, type ClinicalClinic } from '../support/clinical';

// OPS-6: the first start's demo has its clinical side: demo patient 1 with a history whose allergy is an
// alert, a chart of two visits, a signed note and one waiting to be signed, and a plan priced from the chart.

let clinic: ClinicalClinic;
let patient: number;
beforeAll(async () => {
  clinic = await startClinic();
  clinic.app.clock.set('2026-11-24T04:30:00Z');
  await seedDemoContent(clinic.app.deps.knex, clinic.app.deps.now());
  await seedDemoClinic(clinic.app.deps);
  patient = (await clinic.app.deps.knex('patients').orderBy('id').first('id')).id;
});
afterAll(() => clinic?.app.close());

it("gives demo patient 1 a history, a chart of two visits, notes and a plan, as the owner's own work", async () => {
  const history = (await clinic.call('owner', 'GET', `/api/admin/patients/${patient}/medical-history`)).body;
  expect(history.allergies).toEqual([expect.objectContaining({ substance: 'Penicillin', severity: 'moderate' })]);
  expect(history.conditions).toEqual(['diabetes', 'hypertension']);

  const chart = (await clinic.call('owner', 'GET', `/api/admin/patients/${patient}/chart`)).body;
  expect(chart.teeth.filter((t: { state: string }) => t.state === 'missing').map((t: { tooth: string }) => t.tooth).sort()).toEqual(['18', '28', '38', '48']);
  const items = chart.items.map((i: { teeth: string[]; code: string; status: string }) => `${i.teeth.join(' ')} ${i.code} ${i.status}`);
  expect(items).toEqual(expect.arrayContaining(['36 composite completed', '46 rct planned', '46 crown planned', '26 caries condition']));
  const aMonthAgo = (await clinic.call('owner', 'GET', `/api/admin/patients/${patient}/chart?at=2026-10-26`)).body;
  expect(aMonthAgo.items.some((i: { teeth: string[] }) => i.teeth.includes('26'))).toBe(false);

  const notes = (await clinic.call('owner', 'GET', `/api/admin/patients/${patient}/visit-notes`)).body as { signedAt: string | null }[];
  expect(notes.map((n) => n.signedAt !== null).sort()).toEqual([false, true]);
  const toSign = (await clinic.call('owner', 'GET', '/api/admin/visit-notes?unsigned=mine')).body as { patientId: number }[];
  expect(toSign.map((n) => n.patientId)).toEqual([patient]);

  const plans = (await clinic.call('owner', 'GET', `/api/admin/patients/${patient}/treatment-plans`)).body;
  expect(plans).toHaveLength(1);
  expect(plans[0]).toMatchObject({ title: 'Lower right molar', status: 'proposed' });
  expect(plans[0].options[0].total).toBeGreaterThan(0);
});
