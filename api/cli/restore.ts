import '../umask';
import { systemClock } from '../clock';
import { ConfigError, loadConfig } from '../config';
import { RestoreRefused, restoreBackup } from '../platform/backups/restore';

// `npm run restore -- FILE` (OPS-13): puts a backup back into the stopped product (the embedded database in
// DATA_DIR, or DATABASE_URL's) and the stored files (STORAGE_DIR, FILE-4, or STORAGE_URL's bucket, FILE-5),
// then compares every table with the backup's manifest.

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write('Usage: npm run restore -- FILE\n');
    return 2;
  }
  const config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  const { manifest, mismatches } = await restoreBackup(file, { dataDir: config.dataDir, databaseUrl: config.databaseUrl, storageDir: config.storageDir, storageUrl: config.storageUrl, now: systemClock() });
  const rows = Object.values(manifest.tables).reduce((n, t) => n + t.rows, 0);
  const files = manifest.files ? `, ${Object.keys(manifest.files).length} stored files (each checked against its SHA-256)` : '';
  process.stdout.write(`Restored the backup of ${manifest.createdAt} (schema ${manifest.schemaVersion}): ${rows} rows in ${Object.keys(manifest.tables).length} tables${files}.\n`);
  if (mismatches.length > 0) {
    process.stderr.write(`These tables differ from the backup's manifest:\n  ${mismatches.join('\n  ')}\n`);
    return 1;
  }
  process.stdout.write('Every table matches the backup. Start the product: it brings the schema up to date.\n');
  return 0;
}

try {
  process.exit(await main());
} catch (err) {
  const known = err instanceof RestoreRefused || err instanceof ConfigError;
  process.stderr.write(`${known ? (err as Error).message : ((err as Error)?.stack ?? String(err))}\n`);
  process.exit(known ? 2 : 1);
}
