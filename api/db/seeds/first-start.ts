import type { Knex } from 'knex';
import { storeFirstStartSettings } from '../../services/appointments/clinic-settings';
import { accountPasswordSchema } from '../../../shared/schemas/auth';
import { clinic } from '../../../shared/constants/clinic';
import type { Config } from '../../config';
import { createAccount, generatePassword } from '../../services/staff/accounts';
import { seedDemoContent } from './demo-content';

export const DEMO_ADMIN_EMAIL = 'admin@smilecare.example';

export class StartupRefused extends Error {}

/** The start-up error for an ADMIN_EMAIL that names no account while the clinic has an owner (AUTH-14). */
export function secondOwnerRefusal(adminEmail: string, ownerEmail: string): string {
  return [
    `ADMIN_EMAIL is ${adminEmail}, which has no account, and the clinic already has an owner (${ownerEmail}).`,
    'Starting would create a second owner. Choose one:',
    `  - set ADMIN_EMAIL back to ${ownerEmail},`,
    '  - or remove ADMIN_EMAIL and ADMIN_PASSWORD (the existing accounts stay as they are),',
    `  - or create the new account deliberately: npm run admin -- create ${adminEmail}`,
    'then start again.',
  ].join('\n');
}

/**
 * OPS-6: the first start with an empty database creates the admin account (ADMIN_EMAIL/ADMIN_PASSWORD, else a
 * demo account with a generated password printed once) and, unless SEED_DEMO=false or in production, the
 * demo content. In production there is no default account: without one the server refuses to start.
 */
/** `now` is the product's clock (CLINIC-12): the demo content is laid out around that day. */
/** Answers whether it added the demo content (the demo's clinical side is added once the app's services are up). */
export async function ensureAdminAndSeed(knex: Knex, config: Config, print: (line: string) => void, now: Date): Promise<boolean> {
  const { n } = (await knex('users').count('* as n').first()) as { n: number };
  const firstStart = Number(n) === 0;
  await storeFirstStartSettings(knex, config);

  if (config.adminEmail && config.adminPassword) {
    const exists = await knex('users').whereRaw('lower(email) = lower(?)', [config.adminEmail]).first('id');
    if (!exists) {
      // AUTH-14: ADMIN_EMAIL makes the first owner only; a changed address must not quietly add a second one.
      const owner = await knex('users').where({ role: 'owner' }).orderBy('id').first<{ email: string } | undefined>('email');
      if (owner) throw new StartupRefused(secondOwnerRefusal(config.adminEmail, owner.email));
      const check = accountPasswordSchema.safeParse(config.adminPassword);
      if (!check.success) throw new StartupRefused(`ADMIN_PASSWORD: ${check.error.issues[0].message}`);
      // AUTH-11: in production the password came from a file someone else wrote: its holder replaces it at
      // first sign-in.
      await createAccount(knex, config.adminEmail, config.adminPassword, 'Clinic Admin', 'owner', { temporary: config.nodeEnv === 'production' });
      print(`Admin account created for ${config.adminEmail}.`);
    }
  } else if (firstStart) {
    if (config.nodeEnv === 'production') {
      throw new StartupRefused(
        'No admin account exists. Set ADMIN_EMAIL and ADMIN_PASSWORD, or run `npm run admin -- create`, then start again.',
      );
    }
    const password = generatePassword();
    await createAccount(knex, DEMO_ADMIN_EMAIL, password, clinic.doctorName);
    print('');
    print('  Demo admin account (shown once; change it with `npm run admin -- reset-password`):');
    print(`    email:    ${DEMO_ADMIN_EMAIL}`);
    print(`    password: ${password}`);
    print('');
  }

  if (firstStart && config.seedDemo) {
    await seedDemoContent(knex, now);
    print('Demo content added (SEED_DEMO=false skips it).');
    return true;
  }
  return false;
}
