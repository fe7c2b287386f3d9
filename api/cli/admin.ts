import '../umask';
import { createInterface } from 'node:readline/promises';
import { accountPasswordSchema } from '../../shared/schemas/auth';
import { ConfigError, loadConfig } from '../config';
import { systemClock } from '../clock';
import { createDbFromConfig } from '../db/knex';
import { migrateLatest } from '../db/migrate';
import { createAccount, resetPassword } from '../services/staff/accounts';

// `npm run admin -- create <email> [display name]` and `npm run admin -- reset-password <email>` (OPS-7).
// The password is read from ADMIN_PASSWORD or asked for on the terminal; it must pass AUTH-7's rules.
const usage = 'Usage: npm run admin -- create <email> [display name]\n       npm run admin -- reset-password <email>';

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const answer = await rl.question('New password (at least 10 characters): ');
  rl.close();
  return answer;
}

async function main(): Promise<number> {
  const [command, email, ...nameParts] = process.argv.slice(2);
  if (!['create', 'reset-password'].includes(command ?? '') || !email) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  const config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  const password = await readPassword();
  const check = accountPasswordSchema.safeParse(password);
  if (!check.success) {
    process.stderr.write(`${check.error.issues[0].message}\n`);
    return 1;
  }
  const db = await createDbFromConfig(config);
  try {
    await migrateLatest(db.knex);
    if (command === 'create') {
      const exists = await db.knex('users').whereRaw('lower(email) = lower(?)', [email]).first('id');
      if (exists) {
        process.stderr.write(`An account for ${email} already exists. Use reset-password.\n`);
        return 1;
      }
      // AUTH-11: a password typed here is the operator's choice; its holder replaces it at first sign-in.
      await createAccount(db.knex, email, password, nameParts.join(' ') || 'Clinic Admin', 'owner', { temporary: true });
      process.stdout.write(`Account created for ${email}. The password must be changed at first sign-in.\n`);
    } else {
      if (!(await resetPassword(db.knex, email, password, systemClock()))) {
        process.stderr.write(`No account for ${email}.\n`);
        return 1;
      }
      process.stdout.write(`Password changed for ${email}; its sessions and trusted browsers were ended. Its holder must choose a new one at the next sign-in.\n`);
    }
    return 0;
  } finally {
    await db.close();
  }
}

// PGlite sometimes keeps the event loop alive after close (ENVIRONMENT.md): exit explicitly.
main()
  .then((code) => process.exit(code))
  .catch((err) => {
    process.stderr.write(`${err instanceof ConfigError ? err.message : (err?.stack ?? String(err))}\n`);
    process.exit(1);
  });
