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
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      ...(options.from === 'build' ? PRODUCTION_ENV : {}),
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
