import type { Knex } from 'knex';

// One writer of email_outbox: book_appointment (003, 007) queued the booking's two emails itself,
// beside api/platform/mail/outbox.ts. Since the booking runs in a knex transaction of its own (the personal link
// and the language are written with it), the service queues them through enqueueEmail in that transaction,
// and the function only books: same locks, same checks, same answer (o_id, o_refusal), one parameter less.

const PHONE_KEY = (column: string) => `right(regexp_replace(${column}, '[^0-9]', '', 'g'), 10)`;

const body = (withMail: boolean) => `
    declare
      v_phone_key text := ${PHONE_KEY('p_phone')};
      v_by_email integer;
      v_by_phone integer;
      v_taken integer;
      v_patient integer;
      ${withMail ? 'v_mail jsonb;' : ''}
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
      ${
        withMail
          ? `for v_mail in select * from jsonb_array_elements(p_emails) loop
        insert into email_outbox (kind, to_address, subject, html, text_body)
          values (v_mail->>'kind', v_mail->>'to', v_mail->>'subject', v_mail->>'html', v_mail->>'text');
      end loop;`
          : ''
      }
    end
    $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('drop function if exists book_appointment(text, text, text, text, text, date, text, text, integer, jsonb, date, integer)');
  await knex.raw(`
    create function book_appointment(
      p_first_name text, p_last_name text, p_email text, p_phone text, p_treatment text,
      p_date date, p_time text, p_notes text, p_capacity integer,
      p_today date, p_max_open integer,
      out o_id integer, out o_refusal text
    ) language plpgsql as $$${body(false)}`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function if exists book_appointment(text, text, text, text, text, date, text, text, integer, date, integer)');
  await knex.raw(`
    create function book_appointment(
      p_first_name text, p_last_name text, p_email text, p_phone text, p_treatment text,
      p_date date, p_time text, p_notes text, p_capacity integer, p_emails jsonb,
      p_today date, p_max_open integer,
      out o_id integer, out o_refusal text
    ) language plpgsql as $$${body(true)}`);
}
