import type { Knex } from 'knex';

// PAT-6: when staff last contacted a patient about their check-up (a recall email, or a WhatsApp
// recall link clicked). A patient is "contacted" while this is later than their last completed visit.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('patients', (t) => {
    t.timestamp('recall_contacted_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('patients', (t) => {
    t.dropColumn('recall_contacted_at');
  });
}
