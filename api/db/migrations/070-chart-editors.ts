import type { Knex } from 'knex';

// The owner's editors of the chart's vocabulary (docs/clinical.md, CHART-16..CHART-18):
// - chart_findings.retired_at: a retired finding is no longer typed in the command bar but its items keep
//   being drawn and named; a finding on a chart is never deleted (CHART-16), which a trigger also refuses,
//   with a change of its code;
// - price_list.chart_multi_sitting: the treatment usually takes several sittings (CHART-18).
// The multi-sitting codes are written here, not imported, so the migration stays what it was.

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table chart_findings add column retired_at timestamptz');
  await knex.raw('alter table price_list add column chart_multi_sitting boolean not null default false');
  // Whether a code is on any chart (a finding or a price list row deleted, retired, its code changed).
  await knex.raw('create index clinical_items_code on clinical_items (code)');
  await knex.raw(
    `update price_list set chart_multi_sitting = true
      where chart_code in ('rct', 'crown', 'bridge', 'implant', 'denture', 'braces', 'aligners', 'perio')`,
  );
  await knex.raw(`
    create function chart_findings_guard() returns trigger language plpgsql as $$
    begin
      if (tg_op = 'DELETE' or new.code <> old.code) and exists (select 1 from clinical_items where code = old.code) then
        raise exception 'a finding on patients'' charts is never deleted or renamed: retire it' using errcode = '42501';
      end if;
      if tg_op = 'DELETE' then
        return old;
      end if;
      return new;
    end $$`);
  await knex.raw('create trigger chart_findings_guard before update or delete on chart_findings for each row execute function chart_findings_guard()');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists chart_findings_guard on chart_findings');
  await knex.raw('drop function if exists chart_findings_guard()');
  await knex.raw('drop index if exists clinical_items_code');
  await knex.raw('alter table price_list drop column chart_multi_sitting');
  await knex.raw('alter table chart_findings drop column retired_at');
}
