import type { Knex } from 'knex';

// REV-1..REV-6: patients' reviews.
// - appointments.review_requested_at: set in the transaction that queues the review request email (REV-1),
//   so each completed appointment is asked once, however many processes sweep.
// - review_links: the single-use review link of an appointment, stored hashed (REV-2); used_at marks it spent.
// - reviews: one per appointment (appointment_id unique), waiting for the owner's approval (REV-4).

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('appointments', (t) => {
    t.timestamp('review_requested_at', { useTz: true });
  });
  await knex.schema.createTable('review_links', (t) => {
    t.string('token_hash', 64).primary();
    t.integer('appointment_id').notNullable().references('id').inTable('appointments').onDelete('CASCADE');
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['appointment_id']);
  });
  await knex.schema.createTable('reviews', (t) => {
    t.increments('id').primary();
    t.integer('appointment_id').notNullable().unique().references('id').inTable('appointments').onDelete('CASCADE');
    t.smallint('rating').notNullable();
    t.text('text').notNullable().defaultTo('');
    t.string('display_name', 80).notNullable();
    t.string('status', 16).notNullable().defaultTo('pending');
    t.text('reply');
    t.string('language', 8).notNullable().defaultTo('en');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('approved_at', { useTz: true });
    t.index(['status', 'created_at']);
  });
  await knex.raw(`alter table reviews add constraint reviews_rating_range check (rating between 1 and 5)`);
  await knex.raw(`alter table reviews add constraint reviews_status_known check (status in ('pending', 'approved', 'hidden'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('reviews');
  await knex.schema.dropTable('review_links');
  await knex.schema.alterTable('appointments', (t) => {
    t.dropColumn('review_requested_at');
  });
}
