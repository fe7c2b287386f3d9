import type { Knex } from 'knex';

// CHART-6, CHART-8: two statuses join the chart. A finding may become `resolved` (treated: it no longer
// stands, and its history says by what), and a planned procedure may become `declined` (the patient chose
// another option of its plan). Neither is a deletion: the item and its events stay. The lists are written
// here in full (not imported from shared) so the migration stays what it was when later code moves.

const procedureStatuses = ['planned', 'completed', 'existing', 'existing-elsewhere', 'referred', 'declined'];
const findingStatuses = ['condition', 'resolved'];
const list = (values: string[]) => values.map((v) => `'${v}'`).join(', ');

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table clinical_items
      drop constraint clinical_items_status_check,
      drop constraint clinical_items_status_of_kind,
      add constraint clinical_items_status_check check (status in (${list([...findingStatuses, ...procedureStatuses])})),
      add constraint clinical_items_status_of_kind check ((kind = 'finding') = (status in (${list(findingStatuses)})))`);
}

export async function down(knex: Knex): Promise<void> {
  // A resolved finding reads as standing again and a declined procedure as planned: the older schema has no
  // word for either. Their events keep what happened.
  await knex.raw(`alter table clinical_items disable trigger clinical_items_guard`);
  await knex.raw(`update clinical_items set status = 'condition' where status = 'resolved'`);
  await knex.raw(`update clinical_items set status = 'planned' where status = 'declined'`);
  await knex.raw(`alter table clinical_items enable trigger clinical_items_guard`);
  await knex.raw(`
    alter table clinical_items
      drop constraint clinical_items_status_check,
      drop constraint clinical_items_status_of_kind,
      add constraint clinical_items_status_check check (status in ('condition', ${list(procedureStatuses.slice(0, -1))})),
      add constraint clinical_items_status_of_kind check ((kind = 'finding') = (status = 'condition'))`);
}
