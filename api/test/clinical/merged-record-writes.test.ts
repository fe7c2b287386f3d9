import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientParamOf } from '../../middleware/merged-patient';
import { mountedRoutes } from '../support/routes';
import { startClinic, type ClinicalClinic } from '../support/clinical';

// PAT-13, PAT-16: a merged record takes no writes. Every POST, PUT, PATCH and DELETE route of the app with
// the patient in its path (`/patients/:id...`, `:patientId`), read from the mounted routers (not a hand
// list), answers 409 naming the record it went into, whatever the body, as the owner (who may do anything).

let clinic: ClinicalClinic;
let keptFile = '';
let merged = 0;
beforeAll(async () => {
  clinic = await startClinic();
  clinic.app.clock.set('2026-11-23T05:00:00Z');
  const kept = await clinic.newPatient('Priya');
  merged = await clinic.newPatient('Priya');
  keptFile = (await clinic.call('owner', 'GET', `/api/admin/patients/${kept}`)).body.fileNumber;
  const res = await clinic.call('owner', 'POST', `/api/admin/patients/${kept}/merge`, { otherPatientId: merged, reason: 'Registered twice' });
  expect(res.status).toBe(200);
}, 180_000);
afterAll(() => clinic?.app.close());

describe('writes to a merged record (PAT-16)', () => {
  it('answer 409 naming the record it went into, on every patient-scoped write route', async () => {
    const routes = mountedRoutes(clinic.app.deps).filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && patientParamOf(r.path));
    expect(routes.length).toBeGreaterThan(10);
    const expected = { error: `This patient record was merged into ${keptFile} (Priya Patil)` };
    const wrong: string[] = [];
    for (const route of routes) {
      const param = patientParamOf(route.path)!;
      const path = route.path.replace(`:${param}`, String(merged)).replace(/:[A-Za-z]+/g, '1');
      const res = await clinic.call('owner', route.method, path, route.body === 'json' ? {} : undefined);
      if (res.status !== 409 || JSON.stringify(res.body) !== JSON.stringify(expected)) wrong.push(`${route.method} ${route.path}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answer 409 naming the record when the merged patient is named in the body: a new invoice, a staff booking', async () => {
    const expected = { error: `This patient record was merged into ${keptFile} (Priya Patil)` };
    const invoice = await clinic.call('owner', 'POST', '/api/admin/invoices', {
      patientId: merged, dueDate: null, subtotal: 500, taxPercentage: 0, taxAmount: 0, totalAmount: 500, notes: '',
      items: [{ description: 'Consultation', quantity: 1, unitPrice: 500, totalPrice: 500 }],
    });
    expect([invoice.status, invoice.body]).toEqual([409, expected]);
    const booking = await clinic.call('owner', 'POST', '/api/admin/appointments', { patientId: merged, preferredDate: '2026-11-24', preferredTime: '10:00', treatment: 'consultation' });
    expect([booking.status, booking.body]).toEqual([409, expected]);
  });
});
