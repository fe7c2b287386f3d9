import type { Knex } from 'knex';

// BOOK-11: at most N open bookings (pending or confirmed, today or later) per email and per phone, checked
// inside book_appointment (003) so that the check and the insert are one atomic step. Two requests for
// one contact racing each other are serialised by advisory locks on the email and on the phone, as two
// visitors racing for a slot already are by the slot's lock.
//
// - Email is compared case-insensitively; a phone by its last 10 digits, so "+91 98765 43210",
//   "098765 43210" and "9876543210" are one phone. The expressions below and in the indexes are the same,
//   so the count is two index scans however many appointments the clinic keeps.
// - Locks are taken in one order (slot, email, phone) by every booking: no two bookings can wait on each
//   other in a cycle.
// - The function gains two parameters (the clinic's today, the cap; 0 = no cap) and answers
//   (o_id, o_refusal): o_refusal 'contact-limit' or 'slot-full' when nothing was stored. The old
//   signature is dropped: a function is identified by its parameters, and two would invite confusion.
// - email_outbox gets only the columns 003 inserted (others give the rest their defaults).

const PHONE_KEY = (column: string) => `right(regexp_replace(${column}, '[^0-9]', '', 'g'), 10)`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `create index appointments_open_by_email on appointments (lower(email), preferred_date)
       where status in ('pending', 'confirmed')`,
  );
  await knex.raw(
    `create index appointments_open_by_phone on appointments ((${PHONE_KEY('phone')}), preferred_date)
       where status in ('pending', 'confirmed')`,
  );
  await knex.raw('drop function if exists book_appointment(text, text, text, text, text, date, text, text, integer, jsonb)');
  await knex.raw(`
    create function book_appointment(
      p_first_name text, p_last_name text, p_email text, p_phone text, p_treatment text,
      p_date date, p_time text, p_notes text, p_capacity integer, p_emails jsonb,
      p_today date, p_max_open integer,
      out o_id integer, out o_refusal text
    ) language plpgsql as $$
    declare
      v_phone_key text := ${PHONE_KEY('p_phone')};
      v_by_email integer;
      v_by_phone integer;
      v_taken integer;
      v_patient integer;
      v_mail jsonb;
    begin
      perform pg_advisory_xact_lock(hashtext('slot:' || p_date::text || ':' || p_time));
      if p_max_open > 0 then
        perform pg_advisory_xact_lock(hashtextextended('contact-email:' || lower(p_email), 0));
        perform pg_advisory_xact_lock(hashtextextended('contact-phone:' || v_phone_key, 0));
        select count(*) filter (where lower(email) = lower(p_email)),
               count(*) filter (where ${PHONE_KEY('phone')} = v_phone_key)
          into v_by_email, v_by_phone
          from appointments
          where status in ('pending', 'confirmed') and preferred_date >= p_today
            and (lower(email) = lower(p_email) or ${PHONE_KEY('phone')} = v_phone_key);
        if v_by_email >= p_max_open or v_by_phone >= p_max_open then
          o_refusal := 'contact-limit';
          return;
        end if;
      end if;
      select count(*) into v_taken from appointments
        where preferred_date = p_date and preferred_time = p_time and status <> 'cancelled';
      if v_taken >= p_capacity then
        o_refusal := 'slot-full';
        return;
      end if;
      select id into v_patient from patients where lower(email) = lower(p_email) order by id limit 1;
      insert into appointments (patient_id, first_name, last_name, email, phone, treatment, preferred_date, preferred_time, notes)
        values (v_patient, p_first_name, p_last_name, p_email, p_phone, p_treatment, p_date, p_time, p_notes)
        returning id into o_id;
      for v_mail in select * from jsonb_array_elements(p_emails) loop
        insert into email_outbox (kind, to_address, subject, html, text_body)
          values (v_mail->>'kind', v_mail->>'to', v_mail->>'subject', v_mail->>'html', v_mail->>'text');
      end loop;
    end
    $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function if exists book_appointment(text, text, text, text, text, date, text, text, integer, jsonb, date, integer)');
  await knex.raw('drop index if exists appointments_open_by_phone');
  await knex.raw('drop index if exists appointments_open_by_email');
  await knex.raw(BOOK_APPOINTMENT_003);
}

// 003's function as it was, for down().
const BOOK_APPOINTMENT_003 = `
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
  $$`;
