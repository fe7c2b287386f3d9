import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT_REFUSED_TO_START } from '../../process-protocol';
import { crashCause, restartDelay, StderrTail, supervise, type Supervisor } from '../../supervise';

// OPS-22: the supervisor's rules, with small stand-in servers (plain Node scripts that talk to it as
// api/server.ts does: 'listening' over the IPC channel, SIGTERM for a graceful stop). Each stand-in follows a
// plan, one step per start. supervisor.test.ts runs the real built server under the real supervisor.

const STAND_IN = `
import fs from 'node:fs';
const dir = process.env.STAND_IN_DIR;
const runs = Number(fs.existsSync(dir + '/runs') ? fs.readFileSync(dir + '/runs', 'utf8') : 0) + 1;
fs.writeFileSync(dir + '/runs', String(runs));
// The previous server must be gone, and reaped, before this one starts (a zombie still answers kill 0).
const previous = fs.existsSync(dir + '/pid') ? Number(fs.readFileSync(dir + '/pid', 'utf8')) : 0;
if (previous) { try { process.kill(previous, 0); fs.appendFileSync(dir + '/overlaps', previous + '\\n'); } catch {} }
fs.writeFileSync(dir + '/pid', String(process.pid));
const step = JSON.parse(process.env.STAND_IN_PLAN)[runs - 1] ?? 'serve';
process.on('SIGTERM', () => { fs.appendFileSync(dir + '/terminated', process.pid + '\\n'); process.exit(0); });
const listen = () => { process.send('listening'); fs.writeFileSync(dir + '/ready', String(process.pid)); };
const stay = () => setInterval(() => {}, 1000);
if (step === 'serve') { listen(); stay(); }
if (step === 'crash') { listen(); process.stderr.write('about to fail\\nfor a reason'); setTimeout(() => process.exit(3), 30); }
if (step === 'crash-later') { listen(); setTimeout(() => process.exit(4), 400); }
if (step === 'fail-before-listening') { process.stderr.write('cannot open the database\\n'); process.exit(1); }
if (step === 'refuse') { process.stderr.write('Invalid configuration:\\n  PORT: bad\\n'); process.exit(${EXIT_REFUSED_TO_START}); }
if (step === 'out-of-memory') { listen(); const kept = []; setInterval(() => { for (let i = 0; i < 1e5; i++) kept.push({ i, s: 'x' + i }); }, 1); }
if (step === 'ignore-sigterm') { process.removeAllListeners('SIGTERM'); process.on('SIGTERM', () => {}); listen(); stay(); }
`;

let dir: string;
let supervisor: Supervisor | null;
let lines: Record<string, unknown>[];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-supervise-'));
  fs.writeFileSync(path.join(dir, 'stand-in.mjs'), STAND_IN);
  lines = [];
  supervisor = null;
});
afterEach(async () => {
  supervisor?.stop('SIGTERM');
  await supervisor?.done;
  fs.rmSync(dir, { recursive: true, force: true });
});

function start(plan: string[], options: { stopTimeoutMs?: number; stableAfterMs?: number } = {}) {
  supervisor = supervise({
    command: process.execPath,
    // A small heap, for the stand-in that runs out of it.
    args: ['--max-old-space-size=16', path.join(dir, 'stand-in.mjs')],
    env: { PATH: process.env.PATH ?? '', STAND_IN_DIR: dir, STAND_IN_PLAN: JSON.stringify(plan) },
    write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>),
    stderr: () => {},
    firstDelayMs: 50,
    maxDelayMs: 300,
    ...options,
  });
  return supervisor;
}

const events = (name: string) => lines.filter((l) => l.event === name);
const read = (file: string) => (fs.existsSync(path.join(dir, file)) ? fs.readFileSync(path.join(dir, file), 'utf8') : '');
const runs = () => Number(read('runs') || 0);
/** The last server started has its SIGTERM handler and has listened. */
const listening = () => read('ready') !== '' && read('ready') === read('pid');

async function until(check: () => boolean, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out; log:\n${lines.map((l) => JSON.stringify(l)).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the supervisor', () => {
  it('starts a server that died again, after a delay that grows while it keeps dying, and logs each crash with its cause', async () => {
    // Listens then dies; then twice fails before it listens (a restart that cannot start yet); then serves.
    const running = start(['crash', 'fail-before-listening', 'fail-before-listening', 'serve']);
    await until(() => runs() === 4 && events('server_started').length === 4 && listening());

    const crashes = events('server_crashed');
    expect(crashes.map((c) => c.restartInMs)).toEqual([50, 100, 200]);
    expect(crashes.map((c) => c.crashesInARow)).toEqual([1, 2, 3]);
    expect(crashes[0]).toMatchObject({ level: 'error', exitCode: 3, signal: null, cause: 'exited with code 3' });
    expect(crashes[0].stderr).toEqual(['about to fail', 'for a reason']);
    expect(crashes[1]).toMatchObject({ exitCode: 1, stderr: ['cannot open the database'] });
    expect(typeof crashes[0].time).toBe('string');
    expect(read('overlaps')).toBe(''); // never two at once

    running.stop('SIGTERM');
    expect(await running.done).toBe(0);
    expect(read('terminated').trim()).toBe(read('pid')); // the graceful stop reached the server
    expect(events('server_stopped')[0]).toMatchObject({ exitCode: 0 });
  });

  it('starts the count of crashes in a row again after a server that ran a while', async () => {
    start(['crash', 'crash-later', 'serve'], { stableAfterMs: 200 });
    await until(() => runs() === 3 && events('server_started').length === 3);
    expect(events('server_crashed').map((c) => [c.exitCode, c.crashesInARow, c.restartInMs])).toEqual([
      [3, 1, 50],
      [4, 1, 50],
    ]);
  });

  it("says V8's own last words when the server runs out of heap", async () => {
    start(['out-of-memory', 'serve']);
    await until(() => runs() === 2);
    const [crash] = events('server_crashed');
    expect(crash).toMatchObject({ signal: 'SIGABRT', cause: 'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory' });
    expect(crash.stderr).toContain('FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory');
  });

  it("restarts a server killed with SIGKILL, as the kernel's OOM killer kills", async () => {
    const running = start(['serve', 'serve']);
    await until(listening); // killed before it listened, it would be a first start that failed: no restart
    const first = running.pid()!;
    process.kill(first, 'SIGKILL');
    await until(() => runs() === 2);
    expect(events('server_crashed')[0]).toMatchObject({ pid: first, signal: 'SIGKILL', exitCode: null, cause: 'killed by SIGKILL' });
    expect(running.pid()).not.toBe(first);
    expect(read('overlaps')).toBe('');
  });

  it('exits with the code and message of a refused start, once, whether or not the server had listened before', async () => {
    const never = start(['refuse']);
    expect(await never.done).toBe(EXIT_REFUSED_TO_START);
    expect(runs()).toBe(1);
    expect(events('server_could_not_start')[0]).toMatchObject({ exitCode: 78, stderr: ['Invalid configuration:', '  PORT: bad'] });
    supervisor = null;

    fs.rmSync(path.join(dir, 'runs'));
    lines = [];
    const later = start(['crash', 'refuse']);
    expect(await later.done).toBe(EXIT_REFUSED_TO_START);
    expect(runs()).toBe(2);
  });

  it('exits with the code of a first start that fails before listening, instead of a loop', async () => {
    const running = start(['fail-before-listening', 'serve']);
    expect(await running.done).toBe(1);
    expect(runs()).toBe(1);
    expect(events('server_could_not_start')[0]).toMatchObject({ exitCode: 1, cause: 'exited with code 1' });
  });

  it('stops while waiting to restart without starting another server', async () => {
    const running = supervise({
      command: process.execPath,
      args: [path.join(dir, 'stand-in.mjs')],
      env: { PATH: process.env.PATH ?? '', STAND_IN_DIR: dir, STAND_IN_PLAN: JSON.stringify(['crash', 'serve']) },
      write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>),
      stderr: () => {},
      firstDelayMs: 60_000,
    });
    await until(() => events('server_crashed').length === 1);
    running.stop('SIGINT');
    expect(await running.done).toBe(0);
    expect(runs()).toBe(1);
  });

  it('kills a server that does not stop within the stop timeout, and says so in its exit code', async () => {
    const running = start(['ignore-sigterm'], { stopTimeoutMs: 300 });
    await until(() => listening() && events('server_started').length === 1);
    running.stop('SIGTERM');
    expect(await running.done).toBe(1);
    expect(events('server_stop_timed_out')).toHaveLength(1);
    expect(events('server_stopped')[0]).toMatchObject({ signal: 'SIGKILL' });
  });
});

describe('its parts', () => {
  it('doubles the restart delay up to its ceiling', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => restartDelay(n, 500, 30_000))).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });

  it("names a crash's cause from what the server said last", () => {
    const fatal = JSON.stringify({ level: 'fatal', time: 't', error: 'boom', event: 'unhandled_rejection' });
    expect(crashCause(['noise', fatal], 1, null)).toBe('unhandled_rejection: boom');
    expect(crashCause([], null, 'SIGKILL')).toBe('killed by SIGKILL');
    expect(crashCause(['{not json'], 2, null)).toBe('exited with code 2');
  });

  it('keeps only the last lines of stderr, bounded in characters too', () => {
    const tail = new StderrTail();
    for (let i = 0; i < 100; i++) tail.push(`line ${i}\n`);
    tail.push('partial');
    expect(tail.lines().at(-1)).toBe('partial');
    expect(tail.lines()).toHaveLength(31);
    const long = new StderrTail();
    long.push(`${'a'.repeat(5000)}\n${'b'.repeat(5000)}\n`);
    expect(long.lines()).toEqual(['b'.repeat(5000)]);
  });
});
