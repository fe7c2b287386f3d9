import type { Knex } from 'knex';

// FILE-3: uploaded images leave the database for the file storage (FILE-1). A media row keeps only what
// describes its files: their storage keys and SHA-256 hashes besides the type, size and dimensions it had.
// This migration only makes room: migrations do not know the storage, so the bytes of existing rows are
// moved at start-up, one row at a time (api/services/content/media-move.ts), and each row's bytea is emptied in
// the same statement that records where its files are. A row always has its image in one of the two
// places (the check below).

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('media', (t) => {
    t.text('storage_key');
    t.text('thumbnail_key');
    t.text('sha256');
    t.text('thumbnail_sha256');
    t.integer('thumbnail_size');
  });
  await knex.raw('alter table media alter column bytes drop not null, alter column thumbnail drop not null');
  await knex.raw(
    `alter table media add constraint media_bytes_somewhere check (
       (bytes is not null and thumbnail is not null)
       or (storage_key is not null and thumbnail_key is not null and sha256 is not null and thumbnail_sha256 is not null)
     )`,
  );
}

export async function down(knex: Knex): Promise<void> {
  // Only possible while every row still has its bytes here (nothing was moved yet).
  await knex.raw('alter table media drop constraint media_bytes_somewhere');
  await knex.raw('alter table media alter column bytes set not null, alter column thumbnail set not null');
  await knex.schema.alterTable('media', (t) => {
    t.dropColumns('storage_key', 'thumbnail_key', 'sha256', 'thumbnail_sha256', 'thumbnail_size');
  });
}
