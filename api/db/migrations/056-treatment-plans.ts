import type { Knex } from 'knex';

// Treatment plans (docs/clinical.md "Treatment plans", PLAN-1..PLAN-14). Every table names the patient
// through patient_id (directly or through its plan), so merging two patients re-points one column.
// - treatment_plans: the plan (its stored status: proposed, accepted or declined; in progress and
//   completed are read from its items) and its current version;
// - treatment_plan_versions, _options, _lines: what was proposed, version by version. A version and its
//   lines never change (a change is a new version, PLAN-8); an option's status changes once, from proposed;
// - treatment_plan_acceptances: who accepted which option of which version, how, and the signed estimate
//   (issued_documents); append-only;
// - treatment_plan_links: personal links to accept a plan (SEC-7: only the token's hash);
// - treatment_plan_bookings: appointments booked for a visit of an accepted plan (PLAN-10);
// - clinical_item_sittings: the sittings of a multi-sitting or multi-tooth item (PLAN-11), append-only;
// - billed_clinical_items: one row per billed item, its primary key the item: billed once (PLAN-12). The
//   row goes when its invoice is cancelled (the work may then be billed again).

async function appendOnly(knex: Knex, table: string): Promise<void> {
  await knex.raw(`create trigger ${table}_no_change before update or delete on ${table} for each row execute function plan_records_append_only()`);
  await knex.raw(`create trigger ${table}_no_truncate before truncate on ${table} for each statement execute function plan_records_append_only()`);
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function plan_records_append_only() returns trigger language plpgsql as $$
    begin
      raise exception '% is append-only: a plan''s signed and proposed versions never change', tg_table_name using errcode = '42501';
    end $$`);

  await knex.raw(`
    create table treatment_plans (
      id serial primary key,
      patient_id integer not null references patients(id) on delete restrict,
      dentist_id integer not null references users(id),
      title text not null check (length(title) between 1 and 200),
      status text not null check (status in ('proposed', 'accepted', 'declined')),
      current_version integer not null default 1,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      declined_at timestamptz
    )`);
  await knex.raw('create index treatment_plans_patient on treatment_plans (patient_id, id)');
  await knex.raw('create index treatment_plans_status on treatment_plans (status, updated_at)');

  await knex.raw(`
    create table treatment_plan_versions (
      id serial primary key,
      plan_id integer not null references treatment_plans(id) on delete restrict,
      version integer not null check (version >= 1),
      title text not null,
      gst_registered boolean not null,
      created_by integer not null references users(id),
      created_at timestamptz not null,
      unique (plan_id, version)
    )`);
  await knex.raw(`
    create table treatment_plan_options (
      id serial primary key,
      version_id integer not null references treatment_plan_versions(id) on delete restrict,
      name text not null check (name ~ '^[A-Z]$'),
      status text not null check (status in ('proposed', 'accepted', 'declined')),
      plan_discount numeric(12, 2) not null default 0 check (plan_discount >= 0),
      visits jsonb not null,
      subtotal numeric(12, 2) not null,
      tax_amount numeric(12, 2) not null,
      total_amount numeric(12, 2) not null,
      unique (version_id, name)
    )`);
  await knex.raw(`
    create table treatment_plan_lines (
      id serial primary key,
      option_id integer not null references treatment_plan_options(id) on delete restrict,
      clinical_item_id integer not null references clinical_items(id) on delete restrict,
      position integer not null,
      visit integer not null check (visit >= 1),
      description text not null,
      code text not null,
      teeth text[] not null,
      sac_code text,
      tax_rate numeric(5, 2) not null check (tax_rate >= 0 and tax_rate <= 100),
      unit_price numeric(12, 2) not null check (unit_price >= 0),
      discount numeric(12, 2) not null check (discount >= 0 and discount <= unit_price),
      plan_discount_share numeric(12, 2) not null check (plan_discount_share >= 0),
      net_price numeric(12, 2) not null check (net_price >= 0),
      unique (option_id, clinical_item_id)
    )`);
  await knex.raw('create index treatment_plan_lines_item on treatment_plan_lines (clinical_item_id)');
  await knex.raw(`
    create table treatment_plan_acceptances (
      id serial primary key,
      plan_id integer not null references treatment_plans(id) on delete restrict,
      version_id integer not null unique references treatment_plan_versions(id) on delete restrict,
      option_id integer not null references treatment_plan_options(id) on delete restrict,
      signed_by text not null check (length(signed_by) between 1 and 200),
      via text not null check (via in ('screen', 'link')),
      language text not null check (language in ('en', 'mr', 'hi')),
      document_hash text not null references issued_documents(hash),
      accepted_by integer references users(id),
      accepted_at timestamptz not null
    )`);
  await knex.raw(`
    create table treatment_plan_links (
      id serial primary key,
      plan_id integer not null references treatment_plans(id) on delete restrict,
      version_id integer not null references treatment_plan_versions(id) on delete restrict,
      token_hash text not null unique,
      language text not null check (language in ('en', 'mr', 'hi')),
      expires_at timestamptz not null,
      created_by integer not null references users(id),
      created_at timestamptz not null
    )`);
  await knex.raw(`
    create table treatment_plan_bookings (
      id serial primary key,
      plan_id integer not null references treatment_plans(id) on delete restrict,
      version_id integer not null references treatment_plan_versions(id) on delete restrict,
      visit integer not null check (visit >= 1),
      appointment_id integer not null unique references appointments(id) on delete cascade,
      created_by integer not null references users(id),
      created_at timestamptz not null
    )`);
  await knex.raw('create index treatment_plan_bookings_plan on treatment_plan_bookings (plan_id, version_id, visit)');
  await knex.raw(`
    create table clinical_item_sittings (
      id serial primary key,
      clinical_item_id integer not null references clinical_items(id) on delete restrict,
      teeth text[] not null,
      final boolean not null,
      note text check (note is null or length(note) <= 2000),
      user_id integer not null references users(id),
      at timestamptz not null
    )`);
  await knex.raw('create index clinical_item_sittings_item on clinical_item_sittings (clinical_item_id, id)');
  await knex.raw(`
    create table billed_clinical_items (
      clinical_item_id integer primary key references clinical_items(id) on delete restrict,
      invoice_id integer not null references invoices(id) on delete restrict,
      plan_line_id integer references treatment_plan_lines(id) on delete restrict,
      created_at timestamptz not null
    )`);
  await knex.raw('create index billed_clinical_items_invoice on billed_clinical_items (invoice_id)');
  // PLAN-12: a cancelled invoice gives its items back (the invoice keeps its lines, as it keeps its number).
  await knex.raw(`
    create function billed_items_release() returns trigger language plpgsql as $$
    begin
      if new.status = 'cancelled' and old.status <> 'cancelled' then
        delete from billed_clinical_items where invoice_id = new.id;
      end if;
      return new;
    end $$`);
  await knex.raw('create trigger invoices_release_billed_items after update of status on invoices for each row execute function billed_items_release()');

  // Proposed and signed content never changes. An option's status changes once, from proposed.
  for (const table of ['treatment_plan_versions', 'treatment_plan_lines', 'treatment_plan_acceptances', 'clinical_item_sittings']) {
    await appendOnly(knex, table);
  }
  await knex.raw(`
    create function treatment_plan_options_guard() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'UPDATE' then
        raise exception 'a plan''s options are never deleted' using errcode = '42501';
      end if;
      if old.status <> 'proposed' or new.id <> old.id or new.version_id <> old.version_id or new.name <> old.name
         or new.plan_discount <> old.plan_discount or new.visits <> old.visits or new.subtotal <> old.subtotal
         or new.tax_amount <> old.tax_amount or new.total_amount <> old.total_amount then
        raise exception 'an option changes only its status, once, from proposed' using errcode = '42501';
      end if;
      return new;
    end $$`);
  await knex.raw('create trigger treatment_plan_options_guard before update or delete on treatment_plan_options for each row execute function treatment_plan_options_guard()');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger invoices_release_billed_items on invoices');
  for (const table of [
    'billed_clinical_items',
    'clinical_item_sittings',
    'treatment_plan_bookings',
    'treatment_plan_links',
    'treatment_plan_acceptances',
    'treatment_plan_lines',
    'treatment_plan_options',
    'treatment_plan_versions',
    'treatment_plans',
  ]) {
    await knex.raw(`drop table ${table}`);
  }
  await knex.raw('drop function billed_items_release(), treatment_plan_options_guard(), plan_records_append_only()');
}
