import type { Knex } from 'knex';
import { up as createBookAppointment020 } from './020-booking-without-mail';

// APPT-24, APPT-25: the public booking is written in TypeScript (api/services/appointments/booking.ts), through
// the slot rule's one writer (placeLeft, slots.ts) that the staff booking, the reschedule and an approved
// request use, so the SQL function book_appointment (migrations 003, 007, 020), its second copy of the slot's
// lock, capacity count and per-contact cap, goes. Its locks' keys and the per-contact indexes of 007 stay.
// down() puts 020's function back as it was.

export async function up(knex: Knex): Promise<void> {
  await knex.raw('drop function if exists book_appointment(text, text, text, text, text, date, text, text, integer, date, integer)');
}

export async function down(knex: Knex): Promise<void> {
  await createBookAppointment020(knex);
}
