import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClinic, type ClinicalClinic } from '../support/clinical';

// PAT-13 with the clinical record: a merge of two records of one person keeps both histories (MED-7), the
// visit notes and the chart. MED-8: the merge writes no version and confirms none: the kept record's
// confirmed version stands, the other's versions come along as proposals, shown beside it, marked.

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

describe('merging two patients who both have a clinical record (MED-7, MED-8)', () => {
  it('moves every history version after the kept ones as unconfirmed proposals, and moves notes and chart items', async () => {
    const kept = (await owner('POST', '/api/admin/patients', { firstName: 'Sunanda', lastName: 'Kale', phone: '9822033301' })).body;
    const other = (await owner('POST', '/api/admin/patients', { firstName: 'Sunanda', lastName: 'Kale', phone: '9822033302' })).body;
    expect((await owner('PUT', `/api/admin/patients/${kept.id}/medical-history`, history('Penicillin', ['diabetes']))).status).toBe(200);
    expect((await owner('PUT', `/api/admin/patients/${other.id}/medical-history`, history('Latex', ['hypertension']))).status).toBe(200);
    expect((await owner('PUT', `/api/admin/patients/${other.id}/medical-history`, history('Latex', ['hypertension', 'asthma']))).status).toBe(200);
    expect((await owner('POST', `/api/admin/patients/${other.id}/visit-notes`, { sections: { complaint: 'Pain in 36' } })).status).toBe(201);
    expect((await owner('POST', `/api/admin/patients/${other.id}/chart-commands`, { command: '36 MOD composite' })).status).toBe(201);

    const merge = await owner('POST', `/api/admin/patients/${kept.id}/merge`, { otherPatientId: other.id, reason: 'Registered twice' });
    expect(merge.status).toBe(200);

    const h = (await owner('GET', `/api/admin/patients/${kept.id}/medical-history`)).body;
    // No version written by the merge: the kept one's 1, the other's 1 and 2 as 2 and 3, awaiting confirmation.
    expect(h.version).toBe(3);
    expect(h.versions.map((v: { version: number; awaitingConfirmation: boolean; mergeId: number | null }) => [v.version, v.awaitingConfirmation, v.mergeId])).toEqual([
      [3, true, merge.body.mergeId],
      [2, true, merge.body.mergeId],
      [1, false, null],
    ]);
    expect(h.confirmedVersion).toBe(1);
    expect(h.alerts).toEqual([
      { level: 'danger', text: 'Allergy: Penicillin (severe: rash)' },
      { level: 'warning', text: 'Diabetes' },
      { level: 'warning', text: 'Medicines: Metformin 500 mg 1-0-1' },
      { level: 'danger', text: 'Allergy: Latex (severe: rash)', unconfirmed: 'from a merged record, not yet confirmed' },
      { level: 'warning', text: 'Hypertension', unconfirmed: 'from a merged record, not yet confirmed' },
      { level: 'warning', text: 'Asthma', unconfirmed: 'from a merged record, not yet confirmed' },
    ]);
    const patient = (await owner('GET', `/api/admin/patients/${kept.id}`)).body;
    expect(patient.allergies).toBe('Penicillin (severe: rash); from a merged record, not yet confirmed: Latex (severe: rash)');

    // A dentist confirms the proposal on this record: it then stands, as it is (the kept record's own
    // Penicillin with it only if the proposal says so).
    const confirmed = await clinic.call('dentist', 'POST', `/api/admin/patients/${kept.id}/medical-history/versions/3/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.alerts.map((a: { text: string }) => a.text)).toEqual(['Allergy: Latex (severe: rash)', 'Hypertension', 'Asthma', 'Medicines: Metformin 500 mg 1-0-1']);

    const notes = (await owner('GET', `/api/admin/patients/${kept.id}/visit-notes`)).body;
    expect(JSON.stringify(notes)).toContain('Pain in 36');
    const chart = (await owner('GET', `/api/admin/patients/${kept.id}/chart`)).body;
    expect(chart.items.map((i: { code: string; teeth: string[] }) => `${i.teeth.join(' ')} ${i.code}`)).toContain('36 composite');
  });
});
