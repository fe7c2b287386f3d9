import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { EXIT_REFUSED_TO_START, LISTENING_MESSAGE } from './process-protocol';
import { systemClock } from './clock';

// OPS-22: what `npm start` runs after the build (api/supervisor.ts): one server process, started again when
// it dies. A plain parent that spawns the server, not Node's cluster: the server then runs exactly as the
// systemd unit and the container run it (`node <production flags> dist/api/server.js`, its own listening
// socket), and the parent stays a small process that holds no socket and no database. docs/operations.md,
// "What the supervisor does". This module imports only Node's own modules: the supervisor loads no package.

export interface SuperviseOptions {
  /** The server's command: `process.execPath` and its arguments. */
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd?: string;
  /** Where the supervisor's own log lines go (one JSON line each, the logger's shape). */
  write(line: string): void;
  /** Where the server's stderr is passed on to (it is also kept, for the crash line). */
  stderr(chunk: Buffer): void;
  /** The first restart's delay, doubled after each crash in a row up to maxDelayMs. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** A server that listened and ran this long before it died starts the count of crashes in a row again. */
  stableAfterMs?: number;
  /** How long a graceful stop may take before the server is killed (systemd's TimeoutStopSec is 30 s). */
  stopTimeoutMs?: number;
}

export interface Supervisor {
  /** The running server's pid (undefined between a crash and its restart). */
  pid(): number | undefined;
  /** Stops the server gracefully (SIGTERM, OPS-12); `done` then resolves. */
  stop(signal: NodeJS.Signals): void;
  /** The supervisor's exit code: 0 after a stop; the server's code when it could not start at all. */
  done: Promise<number>;
}

const STDERR_LINES_KEPT = 30;
const STDERR_CHARS_KEPT = 6000;

/** Restart delay after `crashes` crashes in a row: first, then doubling, never above max. */
export function restartDelay(crashes: number, firstMs: number, maxMs: number): number {
  return Math.min(maxMs, firstMs * 2 ** Math.max(0, crashes - 1));
}

/** One line saying why a server died: V8's fatal error, the uncaught error it logged, else the signal or code. */
export function crashCause(stderrTail: string[], exitCode: number | null, signal: NodeJS.Signals | null): string {
  const fatal = stderrTail.find((line) => line.startsWith('FATAL ERROR:'));
  if (fatal) return fatal.trim();
  for (let i = stderrTail.length - 1; i >= 0; i--) {
    const logged = parseJsonLine(stderrTail[i]);
    if (logged?.level === 'fatal' && typeof logged.event === 'string') return `${logged.event}: ${String(logged.error ?? '')}`;
  }
  return signal ? `killed by ${signal}` : `exited with code ${exitCode}`;
}

export function supervise(options: SuperviseOptions): Supervisor {
  const firstDelayMs = options.firstDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const stableAfterMs = options.stableAfterMs ?? 60_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 30_000;

  let child: ChildProcess | null = null;
  let stopping = false;
  let everListened = false;
  let crashesInARow = 0;
  let restartTimer: NodeJS.Timeout | null = null;
  let finish!: (code: number) => void;
  const done = new Promise<number>((resolve) => (finish = resolve));

  const log = (level: 'info' | 'warn' | 'error', event: string, fields: Record<string, unknown>) =>
    options.write(JSON.stringify({ level, time: systemClock().toISOString(), ...fields, event }));

  const start = () => {
    restartTimer = null;
    // One server at a time: a new one is spawned only after the previous one's exit was seen (and the
    // process reaped), so two never share the embedded database's folder, and the lock file the dead one left
    // names a pid that no longer runs (api/db/knex.ts takes it over).
    const startedAt = performance.now();
    let listenedAt: number | null = null;
    const tail = new StderrTail();
    // detached: the server is in a process group of its own, so a Ctrl-C in the terminal reaches only the
    // supervisor, which stops it (not on Windows, where it would open a console window of its own). The IPC
    // channel says when the server listens, and tells it to stop when the supervisor itself is gone
    // (api/server.ts).
    const current = spawn(options.command, options.args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
      detached: process.platform !== 'win32',
    });
    child = current;
    current.stderr!.on('data', (chunk: Buffer) => {
      tail.push(chunk);
      options.stderr(chunk);
    });
    current.on('message', (message) => {
      if (message !== LISTENING_MESSAGE || listenedAt !== null) return;
      listenedAt = performance.now();
      everListened = true;
    });
    current.once('spawn', () => log('info', 'server_started', { pid: current.pid, crashesInARow }));
    // A spawn failure (no such node binary) gives 'error' and then 'exit'/'close' with code -2 or none.
    current.once('error', (err) => log('error', 'server_spawn_failed', { error: err.message }));
    whenGone(current, (exitCode, signal) => {
      child = null;
      const stderr = tail.lines();
      const ranForMs = Math.round(performance.now() - startedAt);
      const facts = { pid: current.pid, exitCode, signal, ranForMs, cause: crashCause(stderr, exitCode, signal), stderr };
      if (stopping) {
        log('info', 'server_stopped', { pid: current.pid, exitCode, signal });
        // Ended by the SIGTERM itself: it came before the server had its handler (still loading).
        finish(exitCode === 0 || signal === 'SIGTERM' ? 0 : 1);
        return;
      }
      // Starting again cannot fix a configuration error or a refused start; nor, on the very first start,
      // anything else that stops the server before it listens (a port in use, a database in use): the
      // operator who ran `npm start` reads the message and the code, instead of a loop.
      if (exitCode === EXIT_REFUSED_TO_START || !everListened) {
        log('error', 'server_could_not_start', facts);
        finish(exitCode ?? 128 + (os.constants.signals[signal!] ?? 0));
        return;
      }
      if (listenedAt !== null && performance.now() - listenedAt >= stableAfterMs) crashesInARow = 0;
      crashesInARow += 1;
      const restartInMs = restartDelay(crashesInARow, firstDelayMs, maxDelayMs);
      log('error', 'server_crashed', { ...facts, crashesInARow, restartInMs });
      restartTimer = setTimeout(start, restartInMs);
    });
  };

  start();
  return {
    pid: () => child?.pid,
    done,
    stop(signal) {
      if (stopping) return;
      stopping = true;
      log('info', 'supervisor_stopping', { signal, pid: child?.pid });
      if (restartTimer) {
        clearTimeout(restartTimer);
        restartTimer = null;
        finish(0);
        return;
      }
      const current = child;
      if (!current) return;
      current.kill('SIGTERM');
      const force = setTimeout(() => {
        log('error', 'server_stop_timed_out', { pid: current.pid, afterMs: stopTimeoutMs });
        current.kill('SIGKILL');
      }, stopTimeoutMs);
      force.unref();
      void done.then(() => clearTimeout(force));
    },
  };
}

/**
 * Calls back once the process has exited and its stderr is read to the end (V8's last words come just
 * before the exit), or a second after the exit if something else still holds the pipe open.
 */
function whenGone(child: ChildProcess, callback: (exitCode: number | null, signal: NodeJS.Signals | null) => void) {
  let called = false;
  const once = (exitCode: number | null, signal: NodeJS.Signals | null) => {
    if (called) return;
    called = true;
    callback(exitCode, signal);
  };
  child.once('close', once);
  child.once('exit', (exitCode, signal) => setTimeout(() => once(exitCode, signal), 1000).unref());
}

/** The last lines a process wrote to stderr, bounded in lines and characters. */
export class StderrTail {
  private kept: string[] = [];
  private partial = '';

  push(chunk: Buffer | string) {
    const parts = (this.partial + chunk.toString()).split('\n');
    this.partial = parts.pop()!.slice(-STDERR_CHARS_KEPT);
    for (const line of parts) if (line.trim()) this.kept.push(line.slice(0, STDERR_CHARS_KEPT));
    if (this.kept.length > STDERR_LINES_KEPT) this.kept.splice(0, this.kept.length - STDERR_LINES_KEPT);
  }

  lines(): string[] {
    const all = this.partial.trim() ? [...this.kept, this.partial] : [...this.kept];
    let chars = 0;
    let from = all.length;
    while (from > 0 && chars + all[from - 1].length <= STDERR_CHARS_KEPT) chars += all[--from].length;
    return all.slice(Math.min(from, all.length - 1));
  }
}

function parseJsonLine(line: string): Record<string, unknown> | null {
  if (!line.startsWith('{')) return null;
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return null;
  }
}
