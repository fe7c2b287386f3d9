import '../umask';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { APPLICATION_NAME, createDbFromConfig, embeddedDatabaseHolder } from '../db/knex';
import { createStorage } from '../platform/storage';
import { systemClock } from '../clock';
import { type BackupFormat, takeBackup } from '../platform/backups/backups';

// `npm run backup [-- --logical]` (OPS-13): a complete copy of the database and the stored files (FILE-4) into
// BACKUP_DIR, printed on the last line. A server database may be backed up while the product runs; the
// embedded one is held by the running product, which takes its own daily backup (docs/operations.md).

async function main(): Promise<number> {
  const config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  const format: BackupFormat | undefined = process.argv.includes('--logical') ? 'logical' : undefined;
  if (!config.databaseUrl) {
    const holder = embeddedDatabaseHolder(path.join(config.dataDir, 'pglite'));
    if (holder) {
      process.stderr.write(
        `The product is running on the embedded database (process ${holder}) and takes a backup itself every day into ${config.backupDir}.\n` +
          'To take one now, stop it first, then run npm run backup again.\n',
      );
      return 1;
    }
  }
  const db = await createDbFromConfig({ ...config, applicationName: `${APPLICATION_NAME}-backup` });
  try {
    const file = await takeBackup(db, { backupDir: config.backupDir, databaseUrl: config.databaseUrl, format, storage: await createStorage(config), now: systemClock() });
    process.stdout.write(`${file}\n`);
    return 0;
  } finally {
    await db.close();
  }
}

try {
  process.exit(await main());
} catch (err) {
  process.stderr.write(`${err instanceof ConfigError ? err.message : ((err as Error)?.stack ?? String(err))}\n`);
  process.exit(1);
}
