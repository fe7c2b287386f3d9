import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/knex';
import * as identity from '../../db/migrations/031-patient-identity';
import * as merge from '../../db/migrations/032-patient-merge';
import { createTestDatabase } from '../support/test-db';

// Migrations 031 and 032 on data shaped like the clinic's before them: phones as typed with spaces and
// prefixes, appointments booked online and never linked (one person booking twice in two spellings, a son
// on his mother's phone, one matching a patient on file), a phone that does not parse. Afterwards every
// appointment has a patient, phones are in E.164, and file numbers follow creation order (PAT-9, PAT-12, BOOK-17).

let db: Database;
const ids: Record<string, number> = {};

beforeAll(async () => {
  db = await createTestDatabase();
  await merge.down(db.knex);
  await identity.down(db.knex);
  const knex = db.knex;
  const patient = async (key: string, row: Record<string, unknown>) => {
    const [p] = await knex('patients').insert({ lastName: 'Kulkarni', email: `${key}@example.in`, ...row }).returning('id');
    ids[key] = p.id;
  };
  await patient('priya', { firstName: 'Priya', phone: '+91 98220 12345', createdAt: '2026-01-02T00:00:00Z' });
  await patient('older', { firstName: 'Older', phone: '9890011223', createdAt: '2026-01-01T00:00:00Z' });
  await patient('odd', { firstName: 'Odd', phone: '98220 100011', createdAt: '2026-01-03T00:00:00Z' });
  const appointment = async (key: string, row: Record<string, unknown>) => {
    const [a] = await knex('appointments')
      .insert({ lastName: 'Jadhav', email: `${key}@example.in`, treatment: 'cleaning', preferredDate: '2026-11-25', preferredTime: '10:00', ...row })
      .returning('id');
    ids[`a-${key}`] = a.id;
  };
  await appointment('linked', { patientId: ids.priya, firstName: 'Priya', phone: '+91 98220 12345', createdAt: '2026-02-01T00:00:00Z' });
  await appointment('priya-online', { firstName: 'priya', phone: '098220 12345', createdAt: '2026-02-02T00:00:00Z' });
  await appointment('ravi-1', { firstName: 'Ravi', phone: '97300 25447', createdAt: '2026-02-03T00:00:00Z' });
  await appointment('ravi-2', { firstName: ' RAVI ', phone: '+91 97300 25447', createdAt: '2026-02-04T00:00:00Z' });
  await appointment('son', { firstName: 'Aarav', phone: '9730025447', createdAt: '2026-02-05T00:00:00Z' });
  await identity.up(knex);
  await merge.up(knex);
});
afterAll(() => db?.close());

it('stores every phone in E.164, and keeps one that does not parse as typed', async () => {
  const patients = await db.knex('patients').orderBy('id').select('firstName', 'phone');
  expect(patients.slice(0, 3)).toEqual([
    { firstName: 'Priya', phone: '+919822012345' },
    { firstName: 'Older', phone: '+919890011223' },
    { firstName: 'Odd', phone: '98220 100011' },
  ]);
  const phones = await db.knex('appointments').orderBy('id').pluck('phone');
  expect(phones).toEqual(['+919822012345', '+919822012345', '+919730025447', '+919730025447', '+919730025447']);
});

it('links every appointment: to the patient with the same phone and first name, else to one it makes', async () => {
  const rows = await db.knex('appointments').orderBy('id').select('id', 'patient_id as patientId');
  const of = (key: string) => rows.find((r) => r.id === ids[`a-${key}`])?.patientId;
  expect(of('linked')).toBe(ids.priya);
  expect(of('priya-online')).toBe(ids.priya);
  expect(of('ravi-1')).toBe(of('ravi-2'));
  expect(of('son')).not.toBe(of('ravi-1'));
  expect(rows.every((r) => typeof r.patientId === 'number')).toBe(true);
  const made = await db.knex('patients').whereIn('id', [of('ravi-1'), of('son')]).orderBy('id').select('firstName', 'lastName', 'email', 'phone');
  expect(made).toEqual([
    { firstName: 'Ravi', lastName: 'Jadhav', email: 'ravi-1@example.in', phone: '+919730025447' },
    { firstName: 'Aarav', lastName: 'Jadhav', email: 'son@example.in', phone: '+919730025447' },
  ]);
});

it('numbers patients in creation order, then the ones it made, and new ones after them', async () => {
  const numbers = await db.knex('patients').orderBy('id').select('firstName', 'fileNumber');
  expect(numbers).toEqual([
    { firstName: 'Priya', fileNumber: 'SC-000002' },
    { firstName: 'Older', fileNumber: 'SC-000001' },
    { firstName: 'Odd', fileNumber: 'SC-000003' },
    { firstName: 'Ravi', fileNumber: 'SC-000004' },
    { firstName: 'Aarav', fileNumber: 'SC-000005' },
  ]);
  const [next] = await db.knex('patients').insert({ firstName: 'New', lastName: 'One', phone: '+919822000001' }).returning('fileNumber');
  expect(next.fileNumber).toBe('SC-000006');
});

it('lets a patient have no email from now on', async () => {
  const [p] = await db.knex('patients').insert({ firstName: 'No', lastName: 'Email', phone: '+919822000002', email: null }).returning(['email']);
  expect(p.email).toBeNull();
});
