import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClinic, type ClinicalClinic } from '../support/clinical';

// PAT-13 with the clinical record: a merge of two records of one person keeps both histories (MED-7), the
// visit notes and the chart, and the current history holds every alert of either record.

let clinic: ClinicalClinic;
beforeAll(async () => {
  clinic = await startClinic();
  clinic.app.clock.set('2026-11-23T05:00:00Z');
});
afterAll(() => clinic?.app.close());

const owner = (method: string, path: string, json?: unknown) => clinic.call('owner', method, path, json);
const history = (allergy: string, conditions: string[]) => ({
  allergies: [{ substance: allergy, reaction: 'rash', severity: 'severe' }],
  medicines: [{ name: 'Metformin', dose: '500 mg 1-0-1' }],
  conditions,
  pregnant: false,
});

describe('merging two patients who both have a clinical record (MED-7)', () => {
  it('moves every history version after the kept ones, joins the two current ones, and moves notes and chart items', async () => {
    const kept = (await owner('POST', '/api/admin/patients', { firstName: 'Sunanda', lastName: 'Kale', phone: '9822033301' })).body;
    const other = (await owner('POST', '/api/admin/patients', { firstName: 'Sunanda', lastName: 'Kale', phone: '9822033302' })).body;
    expect((await owner('PUT', `/api/admin/patients/${kept.id}/medical-history`, history('Penicillin', ['diabetes']))).status).toBe(200);
    expect((await owner('PUT', `/api/admin/patients/${other.id}/medical-history`, history('Latex', ['hypertension']))).status).toBe(200);
    expect((await owner('PUT', `/api/admin/patients/${other.id}/medical-history`, history('Latex', ['hypertension', 'asthma']))).status).toBe(200);
    expect((await owner('POST', `/api/admin/patients/${other.id}/visit-notes`, { sections: { complaint: 'Pain in 36' } })).status).toBe(201);
    expect((await owner('POST', `/api/admin/patients/${other.id}/chart-commands`, { command: '36 MOD composite' })).status).toBe(201);

    const merge = await owner('POST', `/api/admin/patients/${kept.id}/merge`, { otherPatientId: other.id });
    expect(merge.status).toBe(200);

    const h = (await owner('GET', `/api/admin/patients/${kept.id}/medical-history`)).body;
    expect(h.version).toBe(4);
    expect(h.versions.map((v: { version: number }) => v.version)).toEqual([4, 3, 2, 1]);
    expect(h.allergies.map((a: { substance: string }) => a.substance)).toEqual(['Penicillin', 'Latex']);
    expect(h.medicines).toHaveLength(1);
    expect(h.conditions).toEqual(['diabetes', 'hypertension', 'asthma']);
    const patient = (await owner('GET', `/api/admin/patients/${kept.id}`)).body;
    expect(patient.allergies).toContain('Penicillin');
    expect(patient.allergies).toContain('Latex');

    const notes = (await owner('GET', `/api/admin/patients/${kept.id}/visit-notes`)).body;
    expect(JSON.stringify(notes)).toContain('Pain in 36');
    const chart = (await owner('GET', `/api/admin/patients/${kept.id}/chart`)).body;
    expect(chart.items.map((i: { code: string; teeth: string[] }) => `${i.teeth.join(' ')} ${i.code}`)).toContain('36 composite');
  });
});
