import type { Knex } from 'knex';

// OPS-14, SITE-27: the home page shows the approved reviews and the rating (REV-5), and rendered pages are
// now cached, so a change to reviews tells every process too, on the same channel and with the same
// function as migration 018 ('reviews' drops the pages that read them). Statement-level like the others:
// a pending review's arrival drops the home page too, a rare and cheap re-render.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `create trigger reviews_public_cache after insert or update or delete or truncate on reviews
     for each statement execute function notify_public_cache('reviews')`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists reviews_public_cache on reviews');
}
