import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/knex';
import * as bookingInTypescript from '../../db/migrations/065-booking-in-typescript';
import { createTestDatabase } from '../support/test-db';

// Migration 065 (APPT-25): the SQL function book_appointment goes, the public booking being TypeScript now
// (APPT-24's one writer of the slot rule); down() puts migration 020's function back, and it books as it did.

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.close());

const functions = async () =>
  (await db.knex.raw<{ rows: { n: string }[] }>(`select count(*) as n from pg_proc where proname = 'book_appointment'`)).rows[0].n;

it('drops book_appointment, and its down() restores the function that books a slot until it is full', async () => {
  expect(Number(await functions())).toBe(0);
  await bookingInTypescript.down(db.knex);
  expect(Number(await functions())).toBe(1);
  const book = async (email: string) =>
    (
      await db.knex.raw<{ rows: { id: number | null; refusal: string | null }[] }>(
        'select o_id as id, o_refusal as refusal from book_appointment(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        ['Rohan', 'Patil', email, '+919822055555', 'cleaning', '2099-11-26', '18:00', null, 1, '2099-11-20', 0],
      )
    ).rows[0];
  expect((await book('rohan@example.in')).id).toEqual(expect.any(Number));
  expect(await book('asha@example.in')).toEqual({ id: null, refusal: 'slot-full' });
  await bookingInTypescript.up(db.knex);
  expect(Number(await functions())).toBe(0);
});
