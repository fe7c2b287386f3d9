import crypto from 'node:crypto';
import knexFactory from 'knex';
import { createDb, type Database } from '../../db/knex';
import { migrateLatest } from '../../db/migrate';

/**
 * A fresh, migrated database for one test file (OPS-3, OPS-5): a new database on the real server when
 * TEST_DATABASE_URL is set (as in CI), else an in-memory PGlite. close() drops it.
 */
export async function createTestDatabase(options: { poolMax?: number } = {}): Promise<Database> {
  if (!process.env.TEST_DATABASE_URL) {
    const db = await createDb({});
    await migrateLatest(db.knex);
    return db;
  }
  const server = await createServerDatabase();
  const db = await createDb({ databaseUrl: server.url, poolMax: options.poolMax ?? 20 });
  await migrateLatest(db.knex);
  return {
    ...db,
    async close() {
      await db.close();
      await server.drop();
    },
  };
}

/** A new, empty database on the TEST_DATABASE_URL server (e.g. for a server run as a child process). */
export async function createServerDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.raw(`drop database if exists ${name} with (force)`);
      await admin.destroy();
    },
  };
}

export const onRealServer = () => Boolean(process.env.TEST_DATABASE_URL);
