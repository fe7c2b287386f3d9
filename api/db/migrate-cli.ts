import '../umask';
import { loadConfig } from '../config';
import { createDbFromConfig } from './knex';
import { migrateLatest } from './migrate';

// `npm run migrate`: brings the configured database (DATABASE_URL, else the embedded one) up to date.
const config = loadConfig();
const db = await createDbFromConfig(config);
await migrateLatest(db.knex);
await db.close();
process.stdout.write('Database is up to date.\n');
process.exit(0);
