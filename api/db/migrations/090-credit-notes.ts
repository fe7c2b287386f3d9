import type { Knex } from 'knex';

// INV-40..INV-45: credit notes (CGST section 34). An issued invoice is never edited; a line charged in error
// is reversed by a credit note, numbered in its own gap-free series per financial year (CN/2026-27/0001).
// - credit_note_counters: the series, one row per financial year, locked by the issuing transaction;
// - credit_notes: the note, linked to its invoice, with its reason and figures; append-only;
// - credit_note_lines: what it reverses, line by line (the invoice's line, or a description), the taxable
//   value, its GST rate and the CGST/SGST reversed; append-only;
// - invoices.credited_amount: the running total of the invoice's credit notes (tax included), kept under
//   the invoice's lock and checked never to pass its total;
// - billed_clinical_items.invoice_item_id: the invoice line that billed the item, so that crediting the
//   line releases it. Rows written before are matched to their invoice's lines in order (the billing wrote
//   the items in the order of their ids, one line each).

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table credit_note_counters (
      financial_year text primary key,
      last_sequence integer not null default 0
    )`);
  await knex.raw(`
    create table credit_notes (
      id serial primary key,
      credit_note_number text not null unique,
      financial_year text not null,
      sequence integer not null check (sequence >= 1),
      invoice_id integer not null references invoices(id) on delete restrict,
      issue_date date not null,
      reason text not null check (length(reason) between 1 and 500),
      subtotal numeric(12, 2) not null check (subtotal >= 0),
      tax_amount numeric(12, 2) not null check (tax_amount >= 0),
      total_amount numeric(12, 2) not null check (total_amount > 0),
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null,
      unique (financial_year, sequence)
    )`);
  await knex.raw('create index credit_notes_invoice on credit_notes (invoice_id, id)');
  await knex.raw('create index credit_notes_issue_date on credit_notes (issue_date)');
  await knex.raw(`
    create table credit_note_lines (
      id serial primary key,
      credit_note_id integer not null references credit_notes(id) on delete restrict,
      position integer not null check (position >= 1),
      invoice_item_id integer references invoice_items(id) on delete restrict,
      clinical_item_id integer references clinical_items(id) on delete restrict,
      description text not null,
      sac_code text,
      tax_rate numeric(5, 2) not null check (tax_rate >= 0 and tax_rate <= 100),
      taxable_value numeric(12, 2) not null check (taxable_value > 0),
      cgst numeric(12, 2) not null check (cgst >= 0),
      sgst numeric(12, 2) not null check (sgst >= 0),
      amount numeric(12, 2) not null check (amount > 0),
      unique (credit_note_id, position)
    )`);
  await knex.raw('create index credit_note_lines_invoice_item on credit_note_lines (invoice_item_id)');
  await knex.raw(`
    create function credit_notes_append_only() returns trigger language plpgsql as $$
    begin
      raise exception '% is append-only: an issued credit note is never changed', tg_table_name using errcode = '42501';
    end $$`);
  for (const table of ['credit_notes', 'credit_note_lines']) {
    await knex.raw(`create trigger ${table}_no_change before update or delete on ${table} for each row execute function credit_notes_append_only()`);
  }

  await knex.raw('alter table invoices add column credited_amount numeric(12, 2) not null default 0');
  await knex.raw('alter table invoices add constraint invoices_credited_within_total check (credited_amount >= 0 and credited_amount <= total_amount)');

  await knex.raw('alter table billed_clinical_items add column invoice_item_id integer references invoice_items(id) on delete restrict');
  await knex.raw(`
    update billed_clinical_items b set invoice_item_id = m.item_id
      from (select bi.clinical_item_id, ii.id as item_id
              from (select clinical_item_id, invoice_id, row_number() over (partition by invoice_id order by clinical_item_id) as n
                      from billed_clinical_items) bi
              join (select id, invoice_id, row_number() over (partition by invoice_id order by position) as n
                      from invoice_items) ii on ii.invoice_id = bi.invoice_id and ii.n = bi.n) m
     where m.clinical_item_id = b.clinical_item_id`);
  await knex.raw('create index billed_clinical_items_invoice_item on billed_clinical_items (invoice_item_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index billed_clinical_items_invoice_item');
  await knex.raw('alter table billed_clinical_items drop column invoice_item_id');
  await knex.raw('alter table invoices drop constraint invoices_credited_within_total');
  await knex.raw('alter table invoices drop column credited_amount');
  await knex.raw('drop table credit_note_lines');
  await knex.raw('drop table credit_notes');
  await knex.raw('drop function credit_notes_append_only()');
  await knex.raw('drop table credit_note_counters');
}
