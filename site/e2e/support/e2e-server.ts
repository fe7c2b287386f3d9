import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { loadConfig } from '../../../api/config';
import { startServer } from '../../../api/start';
import { createAccount, generatePassword, resetPassword } from '../../../api/services/staff/accounts';
import { sendDueReviewRequests } from '../../../api/services/content/reviews';
import { E2E_ADMIN, E2E_CONSOLE_OWNER } from './credentials';

// The server the browser tests run against: the real app on a fresh database with the demo content
// (a new database on TEST_DATABASE_URL's server when set, else PGlite in a temporary folder).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-e2e-'));
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
if (process.env.TEST_DATABASE_URL) {
  const name = `e2e_${crypto.randomBytes(5).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: process.env.TEST_DATABASE_URL, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    await admin.raw(`drop database if exists ${name} with (force)`);
    await admin.destroy();
  };
}

const config = loadConfig({
  NODE_ENV: 'test',
  PORT: process.env.E2E_PORT ?? '4173',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  SEED_DEMO: 'true',
  LOG_LEVEL: 'error',
  // The browser tests book from one address, with one visitor's email and phone, on days up to a year
  // ahead (bookingDay, apiBook): the public booking limits would refuse them. Their own tests
  // are in api/test/public/appointments.test.ts; the form's showing of them in public-booking.spec.ts.
  BOOKING_RATE_LIMIT_PER_ADDRESS: '0',
  BOOKING_MAX_OPEN_PER_CONTACT: '0',
  BOOKING_WINDOW_DAYS: '1000',
});
const running = await startServer(config, () => {});
// AUTH-11: a second owner whose password the operator set with `npm run admin -- reset-password` (the same
// function), so it is temporary.
await createAccount(running.deps.knex, E2E_CONSOLE_OWNER.email, generatePassword(), E2E_CONSOLE_OWNER.name);
await resetPassword(running.deps.knex, E2E_CONSOLE_OWNER.email, E2E_CONSOLE_OWNER.password, running.deps.now());
// REV-1: the scheduler looks for due review requests every five minutes; a browser test that completes a
// visit (with the delay set to 0 hours) would wait that long. Here the same idempotent sweep also runs every
// two seconds (each request still goes once: the sweep marks the visit in the email's transaction).
const reviewSweep = setInterval(() => {
  sendDueReviewRequests(running.deps, running.deps.now()).catch(() => {});
}, 2000);
// Where this server's mail lands (no SMTP: .eml files in DATA_DIR/mail), for specs that follow an email's
// link (public-manage-appointment.spec.ts): one pointer file per port, so parallel runs do not mix.
const mailPointer = path.join(os.tmpdir(), `clinic-e2e-mail-${config.port}`);
fs.writeFileSync(mailPointer, path.join(dataDir, 'mail'));

const stop = async () => {
  clearInterval(reviewSweep);
  await running.stop();
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(mailPointer, { force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
