import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/knex';
import * as medicalHistory from '../../db/migrations/050-medical-history';
import * as visitNotes from '../../db/migrations/051-visit-notes';
import { createTestDatabase } from '../support/test-db';

// MED-4: migration 050 on a database the first release filled: each patient's free-text allergies,
// conditions and medicines become their version 1, structured where the text allows, the rest kept as
// "other", and all three texts kept verbatim in the note. Patients without any get no version.

let db: Database;
const ids: Record<string, number> = {};
const texts = {
  full: { allergies: 'Penicillin, latex\nSulfa drugs (rash)', conditions: 'Type 2 diabetes; high BP since 2010, migraine', medications: 'Warfarin 5mg, Metformin' },
  nkda: { allergies: 'NKDA', conditions: '', medications: '' },
  none: { allergies: '', conditions: '  ', medications: '' },
  bones: { allergies: '', conditions: '', medications: 'Alendronate weekly' },
};

beforeAll(async () => {
  db = await createTestDatabase();
  await visitNotes.down(db.knex);
  await medicalHistory.down(db.knex);
  for (const [key, t] of Object.entries(texts)) {
    const [row] = await db
      .knex('patients')
      .insert({ firstName: 'Meera', lastName: key, email: `${key}@example.in`, phone: '9822011111', ...t, updatedAt: new Date('2025-06-01T06:00:00Z') })
      .returning('id');
    ids[key] = row.id;
  }
  await medicalHistory.up(db.knex);
  await visitNotes.up(db.knex);
});
afterAll(() => db?.close());

const versionOf = (key: string) => db.knex('medicalHistoryVersions').where({ patientId: ids[key] }).select('*');

it('makes structured version 1 of the free text, keeping every word of it', async () => {
  const [v] = await versionOf('full');
  expect(v).toMatchObject({
    version: 1,
    source: 'staff',
    enteredBy: null,
    pregnant: false,
    allergies: [
      { substance: 'Penicillin', reaction: '', severity: 'unknown' },
      { substance: 'latex', reaction: '', severity: 'unknown' },
      { substance: 'Sulfa drugs (rash)', reaction: '', severity: 'unknown' },
    ],
    medicines: [
      { name: 'Warfarin 5mg', dose: '' },
      { name: 'Metformin', dose: '' },
    ],
    conditions: ['diabetes', 'hypertension', 'bleeding-disorder-or-anticoagulants', 'other'],
    conditionOther: 'migraine',
  });
  expect(v.createdAt.toISOString()).toBe('2025-06-01T06:00:00.000Z');
  for (const text of Object.values(texts.full)) expect(v.note).toContain(text);
});

it("keeps a 'no known allergies' as the note says it, with no allergy made of it", async () => {
  const [v] = await versionOf('nkda');
  expect(v.allergies).toEqual([]);
  expect(v.note).toContain('Allergies: NKDA');
});

it('ticks bisphosphonates from the medicines, and gives no version to a patient without text', async () => {
  const [v] = await versionOf('bones');
  expect(v.conditions).toEqual(['bisphosphonates']);
  expect(await versionOf('none')).toEqual([]);
});

it("leaves the patient row's text as it was until the first structured save", async () => {
  const row = await db.knex('patients').where({ id: ids.full }).first();
  expect(row).toMatchObject(texts.full);
});
