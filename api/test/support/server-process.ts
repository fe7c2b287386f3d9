import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { PRODUCTION_ENV, PRODUCTION_NODE_FLAGS } from '../../production-flags';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The machine's clock as this test process has it: `npm run test:clock` moves it with libfaketime's
 * environment, which a child started with a clean environment would lose, and a server a year behind its
 * test refuses the test's dates. Pass it to every process a test starts.
 */
export function clockEnv(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => /^(LD_PRELOAD|FAKETIME\w*)$/.test(e[0]) && e[1] !== undefined));
}

/** The real server (`api/server.ts`) as a child process, for tests that kill it as a crash would. */
export interface ServerProcess {
  url: string;
  /** The child's process id (its memory is read from /proc/<pid>/status). */
  pid: number;
  /** Whether the process is still running. */
  running(): boolean;
  /** Date.now() at spawn, and when it logged that it listens. */
  spawnedAt: number;
  listeningAt: number;
  /** kill -9, resolved once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (OPS-12), resolved with the exit code. */
  stop(): Promise<number | null>;
  output(): string;
}

/**
 * Starts the server on a free port with only the given environment (and the test's clock): from source
 * (`node --import tsx api/server.ts`) or, with `from: 'build'`, as production runs it (`node dist/api/server.js`,
 * made by `npm run build:server`).
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 180_000,
  options: { from?: 'source' | 'build' } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const spawnedAt = Date.now();
  // From the build: with the Node flags and environment production starts it with (api/production-flags.ts).
  const args = options.from === 'build' ? [...PRODUCTION_NODE_FLAGS, 'dist/api/server.js'] : ['--import', 'tsx', 'api/server.ts'];
  const child = spawnProgram(args, port, { ...(options.from === 'build' ? PRODUCTION_ENV : {}), ...env });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const listening = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('"event":"listening"')) {
        clearTimeout(timer);
        resolve(Date.now());
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${output}`));
    });
  });
  const listeningAt = await listening;
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    running: () => child.exitCode === null && child.signalCode === null,
    spawnedAt,
    listeningAt,
    kill: () => signal(child, 'SIGKILL', exited).then(() => undefined),
    stop: () => signal(child, 'SIGTERM', exited),
    output: () => output,
  };
}

async function signal(child: ChildProcess, name: NodeJS.Signals, exited: Promise<number | null>) {
  if (child.exitCode === null && child.signalCode === null) child.kill(name);
  // Waiting for the exit also reaps the process, so its pid no longer holds the embedded database's lock.
  return exited;
}

/** `node dist/api/supervisor.js`, what `npm start` runs after the build (OPS-22), and the server it starts. */
export interface SupervisorProcess {
  url: string;
  /** The supervisor's pid (the server's is on its `server_started` lines). */
  pid: number;
  output(): string;
  /** Every JSON line written so far (the supervisor's and the server's, stdout and stderr), parsed. */
  lines(): Record<string, unknown>[];
  /** The first JSON line, written so far or later, that `match` accepts. */
  waitForLine(match: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  signal(name: NodeJS.Signals): void;
}

/** Starts the built supervisor on a free port with only the given environment; it does not wait for anything. */
export async function startSupervisorProcess(env: Record<string, string>): Promise<SupervisorProcess> {
  const port = await freePort();
  const child = spawnProgram(['dist/api/supervisor.js'], port, env);
  let output = '';
  const parsed: Record<string, unknown>[] = [];
  const waiters = new Set<() => void>();
  const partial = { stdout: '', stderr: '' };
  const take = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
    output += chunk.toString();
    const parts = (partial[stream] + chunk.toString()).split('\n');
    partial[stream] = parts.pop()!;
    for (const line of parts) {
      if (!line.startsWith('{')) continue;
      try {
        parsed.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        /* not a log line */
      }
    }
    for (const wake of waiters) wake();
  };
  child.stdout!.on('data', take('stdout'));
  child.stderr!.on('data', take('stderr'));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => output,
    lines: () => parsed,
    waitForLine: (match, timeoutMs = 120_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = parsed.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such line in ${timeoutMs} ms:\n${output}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    exited,
    signal: (name) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(name);
    },
  };
}

/**
 * One of the product's programs as a child on `port`, with only the given environment over a clean base (the
 * path, the home folder and the test's clock): what the machine's shell has set must not leak into a test.
 */
function spawnProgram(args: string[], port: number, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...clockEnv(),
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
