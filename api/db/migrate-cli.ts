import '../umask';
import { loadConfig } from '../config';
import { createDbFromConfig } from './knex';
import { migrateLatest } from './migrate';
import { createLogger } from '../logger';
import { createStorage } from '../platform/storage';
import { moveMediaToStorage } from '../services/content/media-move';

// `npm run migrate`: brings the configured database (DATABASE_URL, else the embedded one) up to date, and
// moves images kept in it to the storage (STORAGE_DIR, or STORAGE_URL's bucket).
const config = loadConfig();
const db = await createDbFromConfig(config);
await migrateLatest(db.knex);
// FILE-3: as at start, the images still in the database move to the storage.
await moveMediaToStorage(db.knex, await createStorage(config), createLogger(config.logLevel));
await db.close();
process.stdout.write('Database is up to date.\n');
process.exit(0);
