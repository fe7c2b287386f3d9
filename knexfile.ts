// Knex CLI configuration for a real server (DATABASE_URL). The app itself migrates on start (D2), over
// PGlite or the server, through api/db/migrate.ts; prefer `npm run migrate`, which covers both.
import { knexSnakeCaseMappers } from 'objection';

export default {
  client: 'pg',
  connection: process.env.DATABASE_URL,
  ...knexSnakeCaseMappers(),
};
