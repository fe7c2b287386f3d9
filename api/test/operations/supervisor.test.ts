import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_ENV, PRODUCTION_NODE_FLAGS } from '../../production-flags';
import { EXIT_REFUSED_TO_START } from '../../process-protocol';
import { startSupervisorProcess, type SupervisorProcess } from '../support/server-process';
import { createServerDatabase } from '../support/test-db';

// OPS-22: `npm start` runs the built supervisor (dist/api/supervisor.js), which runs the built server with
// production's flags. Here both run as built, the server is killed with SIGKILL in the middle of requests
// that create data (as the kernel's OOM killer would kill it), and it must answer again within 10 s with
// every acknowledged record still there. On the embedded database (what `npm start` uses) always: its lock
// file then names a dead process; on a server database too when TEST_DATABASE_URL is set.

const ANSWERS_AGAIN_WITHIN_MS = 10_000;
const ADMIN = { email: 'owner@clinic.test', password: 'supervisor-Password-2026' };
const slow = { timeout: 180_000 };
const timings: Record<string, number> = {};

interface Target {
  name: string;
  env: Record<string, string>;
  dataDir: string;
  drop(): Promise<void>;
}

const targets: (() => Promise<Target>)[] = [() => target('the embedded database')];
if (process.env.TEST_DATABASE_URL) targets.push(() => target('a server database', true));

beforeAll(() => {
  if (!fs.existsSync('dist/api/supervisor.js') || !fs.existsSync('dist/api/server.js')) {
    throw new Error('The server build is missing: run `npm run build:server` first (npm test builds).');
  }
});
afterAll(() => console.log('supervisor timings (ms):', timings));

describe.each(targets.map((make, i) => ({ make, i })))('npm start, target $i', ({ make }) => {
  let t: Target;
  let supervisor: SupervisorProcess;
  let trigger: string;
  let cookie = '';

  beforeAll(async () => {
    t = await make();
    // A test-only preload in the server: it rejects a promise nobody handles when the trigger file appears.
    trigger = path.join(t.dataDir, 'reject-now');
    const preload = path.join(t.dataDir, 'trigger.mjs');
    fs.writeFileSync(
      preload,
      `import fs from 'node:fs';
if (process.argv[1]?.endsWith('server.js')) setInterval(() => {
  if (!fs.existsSync(${JSON.stringify(trigger)})) return;
  fs.rmSync(${JSON.stringify(trigger)});
  Promise.reject(new Error('a promise nobody handled'));
}, 50).unref();
`,
    );
    supervisor = await startSupervisorProcess({ ...t.env, NODE_OPTIONS: `--import ${pathToFileURL(preload).href}` });
    await supervisor.waitForLine((l) => l.event === 'listening');
  }, slow.timeout);
  afterAll(async () => {
    supervisor?.signal('SIGKILL');
    await t?.drop();
  }, slow.timeout);

  it('starts the server with exactly the production Node flags and environment (OPS-16)', () => {
    const pid = serverPid(supervisor, 0);
    const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(argv).toEqual([process.execPath, ...PRODUCTION_NODE_FLAGS, path.resolve('dist/api/server.js')]);
    const environ = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    for (const [name, value] of Object.entries(PRODUCTION_ENV)) expect(environ).toContain(`${name}=${value}`);
  });

  it('starts the server again within seconds of a SIGKILL during requests, and loses nothing it acknowledged', slow, async () => {
    cookie = await signIn(supervisor.url);
    const victim = serverPid(supervisor, 0);
    const acknowledged: { id: number; email: string }[] = [];
    let next = 0;
    let killedAt = 0;
    let failed = false;
    const lane = async () => {
      while (!killedAt && !failed) {
        const n = next++;
        try {
          const res = await createPatient(supervisor.url, cookie, n);
          if (res.status !== 201) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
          acknowledged.push({ id: ((await res.json()) as { id: number }).id, email: emailFor(n) });
          if (acknowledged.length === 20 && !killedAt) {
            killedAt = Date.now();
            process.kill(victim, 'SIGKILL');
          }
        } catch (err) {
          if (!killedAt) {
            failed = true;
            throw err;
          }
          // Cut off by the kill: whether it was stored is unknown, so nothing is asserted about it.
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, lane));

    const answeredAt = await firstAnswer(supervisor.url, killedAt + 60_000);
    timings[`answersAgainAfterKill(${t.name})`] = answeredAt - killedAt;
    expect(answeredAt - killedAt).toBeLessThanOrEqual(ANSWERS_AGAIN_WITHIN_MS);
    expect(serverPid(supervisor, 1)).not.toBe(victim);

    // The session (kept in the database) still signs the owner in; every acknowledged patient is there.
    for (const { id, email } of acknowledged) {
      const res = await fetch(`${supervisor.url}/api/admin/patients/${id}`, { headers: { cookie } });
      expect(res.status, `patient ${id}`).toBe(200);
      expect(((await res.json()) as { email: string }).email).toBe(email);
    }
    expect((await createPatient(supervisor.url, cookie, next++)).status).toBe(201);

    const crash = crashLine(supervisor, victim);
    expect(crash).toMatchObject({ level: 'error', exitCode: null, signal: 'SIGKILL', cause: 'killed by SIGKILL', crashesInARow: 1 });
    expect(crash.restartInMs).toBeLessThanOrEqual(1000);
  });

  it('logs an error nothing handled, in the logger shape, and the crash with it as the cause; then serves again', slow, async () => {
    const victim = serverPid(supervisor, 1);
    const before = Date.now();
    fs.writeFileSync(trigger, '');
    const fatal = await supervisor.waitForLine((l) => l.level === 'fatal', 30_000);
    expect(fatal).toMatchObject({ event: 'unhandled_rejection', error: 'a promise nobody handled' });
    expect(fatal.stack).toContain('trigger.mjs');
    await supervisor.waitForLine((l) => l.event === 'server_crashed' && l.pid === victim, 10_000);
    expect(crashLine(supervisor, victim)).toMatchObject({ exitCode: 1, signal: null, cause: 'unhandled_rejection: a promise nobody handled' });
    expect(crashLine(supervisor, victim).stderr).toContain(JSON.stringify(fatal));

    timings[`answersAgainAfterRejection(${t.name})`] = (await firstAnswer(supervisor.url, before + 60_000)) - before;
    expect((await fetch(`${supervisor.url}/api/admin/patients?limit=1`, { headers: { cookie } })).status).toBe(200);
  });

  it('stops the server gracefully on SIGTERM and exits 0, leaving no server and no lock behind', slow, async () => {
    const server = serverPid(supervisor, 2);
    supervisor.signal('SIGTERM');
    expect(await supervisor.exited).toEqual({ code: 0, signal: null });
    expect(supervisor.lines().find((l) => l.event === 'server_stopped')).toMatchObject({ pid: server, exitCode: 0 });
    expect(supervisor.lines().find((l) => l.event === 'stopping')).toMatchObject({ signal: 'SIGTERM' }); // the server's own line
    expect(isRunning(server)).toBe(false);
    expect(fs.existsSync(path.join(t.dataDir, 'pglite.lock'))).toBe(false);
  });

  it('stops the server too when the supervisor itself is killed (no server left that nothing restarts)', slow, async () => {
    const again = await startSupervisorProcess(t.env);
    try {
      await again.waitForLine((l) => l.event === 'listening');
      const server = serverPid(again, 0);
      again.signal('SIGKILL');
      await again.waitForLine((l) => l.event === 'stopping' && l.signal === 'disconnect', 30_000);
      await until(() => !isRunning(server), 30_000);
      expect(fs.existsSync(path.join(t.dataDir, 'pglite.lock'))).toBe(false);
    } finally {
      again.signal('SIGKILL');
    }
  });
});

describe('npm start with a configuration error', () => {
  it('exits once with the message and the configuration exit code, instead of starting it again and again', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-supervisor-'));
    try {
      const supervisor = await startSupervisorProcess({ DATA_DIR: dataDir, BOOKING_SLOT_CAPACITY: 'many' });
      expect(await supervisor.exited).toEqual({ code: EXIT_REFUSED_TO_START, signal: null });
      expect(supervisor.output()).toContain('BOOKING_SLOT_CAPACITY');
      expect(supervisor.lines().filter((l) => l.event === 'server_started')).toHaveLength(1);
      expect(supervisor.lines().find((l) => l.event === 'server_could_not_start')).toMatchObject({ exitCode: EXIT_REFUSED_TO_START });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

async function target(name: string, onServer = false): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-supervisor-'));
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SCHEDULER: 'false',
  };
  let dropDatabase = async () => {};
  if (onServer) {
    const database = await createServerDatabase();
    env.DATABASE_URL = database.url;
    dropDatabase = database.drop;
  }
  return {
    name,
    env,
    dataDir,
    drop: async () => {
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The pid of the n-th server the supervisor started (0: the first). */
function serverPid(supervisor: SupervisorProcess, n: number): number {
  const started = supervisor.lines().filter((l) => l.event === 'server_started');
  if (!started[n]) throw new Error(`no server #${n} started:\n${supervisor.output()}`);
  return started[n].pid as number;
}

function crashLine(supervisor: SupervisorProcess, pid: number): Record<string, unknown> {
  const line = supervisor.lines().find((l) => l.event === 'server_crashed' && l.pid === pid);
  if (!line) throw new Error(`no crash line for ${pid}:\n${supervisor.output()}`);
  return line;
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  return res.headers.get('set-cookie')!.split(';')[0];
}

const emailFor = (n: number) => `patient${n}@example.in`;

function createPatient(url: string, cookie: string, n: number): Promise<Response> {
  return fetch(`${url}/api/admin/patients`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, cookie },
    body: JSON.stringify({
      firstName: 'Crash',
      lastName: 'Test',
      email: emailFor(n),
      phone: `+91 98${String(n).padStart(8, '0')}`,
    }),
  });
}

/** When the server first answered /healthz with 200 (polled every 100 ms), or an error after `deadline`. */
async function firstAnswer(url: string, deadline: number): Promise<number> {
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).status === 200) return Date.now();
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('the server did not answer again');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Whether a process runs (a zombie, exited but not yet reaped by whoever adopted it, does not count). */
function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function until(check: () => boolean, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
