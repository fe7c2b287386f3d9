import type { Knex } from 'knex';

// A booking is a handful of statements that must happen atomically: lock the slot, count its places,
// find a matching patient, insert the appointment and queue its emails (MAIL-1, BOOK-5, BOOK-6). Sent one by one they
// cost eight round trips to the database; as one function call they cost one, and the call is its own
// transaction. The rules that need no database (dates, Sundays, slots, codes) stay in TypeScript
// (shared/schemas/appointment.ts); the function only does what must be atomic. Returns the new id, or
// null when the slot is full. Also: an index for the patient lookup by email, and a trigram index for the
// invoice-number search where pg_trgm exists (see 002).

export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index patients_email_lower on patients (lower(email))');
  await knex.raw(`
    create function book_appointment(
      p_first_name text, p_last_name text, p_email text, p_phone text, p_treatment text,
      p_date date, p_time text, p_notes text, p_capacity integer, p_emails jsonb
    ) returns integer language plpgsql as $$
    declare
      v_taken integer;
      v_patient integer;
      v_id integer;
      v_mail jsonb;
    begin
      perform pg_advisory_xact_lock(hashtext('slot:' || p_date::text || ':' || p_time));
      select count(*) into v_taken from appointments
        where preferred_date = p_date and preferred_time = p_time and status <> 'cancelled';
      if v_taken >= p_capacity then
        return null;
      end if;
      select id into v_patient from patients where lower(email) = lower(p_email) order by id limit 1;
      insert into appointments (patient_id, first_name, last_name, email, phone, treatment, preferred_date, preferred_time, notes)
        values (v_patient, p_first_name, p_last_name, p_email, p_phone, p_treatment, p_date, p_time, p_notes)
        returning id into v_id;
      for v_mail in select * from jsonb_array_elements(p_emails) loop
        insert into email_outbox (kind, to_address, subject, html, text_body)
          values (v_mail->>'kind', v_mail->>'to', v_mail->>'subject', v_mail->>'html', v_mail->>'text');
      end loop;
      return v_id;
    end
    $$`);
  const { rows } = await knex.raw<{ rows: unknown[] }>(`select 1 from pg_extension where extname = 'pg_trgm'`);
  if (rows.length > 0) {
    await knex.raw('create index invoices_number_trgm on invoices using gin (invoice_number gin_trgm_ops)');
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists invoices_number_trgm');
  await knex.raw('drop function if exists book_appointment');
  await knex.raw('drop index if exists patients_email_lower');
}
