import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import bcrypt from 'bcrypt';
import { afterAll, expect, it } from 'vitest';
import { createDbFromConfig } from '../../db/knex';

// `npm run admin -- create|reset-password` (OPS-7) against an embedded database in a temporary folder.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function admin(args: string[], password: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: password };
  delete env.DATABASE_URL;
  delete env.ADMIN_EMAIL;
  return spawnSync(process.execPath, ['--import', 'tsx', 'api/cli/admin.ts', ...args], { cwd: root, env, encoding: 'utf8' });
}

async function stored(email: string) {
  const db = await createDbFromConfig({ dataDir });
  try {
    const user = await db.knex('users').where({ email }).first();
    const audit = await db.knex('auditLog').where({ entity: 'user', entityId: String(user?.id) }).orderBy('id').select('action', 'userName', 'changes');
    return { passwordHash: user?.passwordHash as string, mustChangePassword: user?.mustChangePassword as boolean, audit };
  } finally {
    await db.close();
  }
}
const storedHash = async (email: string) => (await stored(email)).passwordHash;

it('creates an account, refuses a duplicate and a weak password, and resets the password', async () => {
  const created = admin(['create', 'desk@clinic.test', 'Front', 'Desk'], 'first-Long-secret-1');
  expect(created.stderr).toBe('');
  expect(created.stdout).toContain('Account created for desk@clinic.test');
  expect(await bcrypt.compare('first-Long-secret-1', (await storedHash('desk@clinic.test'))!)).toBe(true);
  // AUTH-11: a password typed on the server's console is the operator's, not the holder's.
  expect(created.stdout).toContain('must be changed at first sign-in');
  expect((await stored('desk@clinic.test')).mustChangePassword).toBe(true);

  const duplicate = admin(['create', 'desk@clinic.test'], 'first-Long-secret-1');
  expect(duplicate.status).toBe(1);
  expect(duplicate.stderr).toContain('already exists');

  const weak = admin(['reset-password', 'desk@clinic.test'], 'password1');
  expect(weak.status).toBe(1);
  expect(weak.stderr).toMatch(/at least 10 characters|too common/);

  const reset = admin(['reset-password', 'desk@clinic.test'], 'second-Long-secret-2');
  expect(reset.status).toBe(0);
  expect(await bcrypt.compare('second-Long-secret-2', (await storedHash('desk@clinic.test'))!)).toBe(true);
  const after = await stored('desk@clinic.test');
  expect(after.mustChangePassword).toBe(true);
  expect(after.audit).toEqual([{ action: 'reset-password', userName: 'Server console (npm run admin)', changes: { passwordIsTemporary: { old: null, new: true } } }]);
  expect(JSON.stringify(after.audit)).not.toContain('second-Long-secret-2');

  const unknown = admin(['reset-password', 'nobody@clinic.test'], 'second-Long-secret-2');
  expect(unknown.status).toBe(1);
  expect(unknown.stderr).toContain('No account for nobody@clinic.test');

  expect(admin(['explode'], 'x').status).toBe(2);
}, 120_000);
