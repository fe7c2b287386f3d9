import './umask';
import { ConfigError, loadConfig } from './config';
import { StartupRefused } from './db/seeds/first-start';
import { startServer } from './start';

// `npm start`: configuration from the environment (OPS-9), then one process serving everything (OPS-1).
// The signal handlers are in place before anything starts: a SIGTERM that arrives while the server is still
// starting (a deploy that changes its mind, a test that stops it at once) still ends in a graceful stop
// with exit code 0 (OPS-12), never in the default kill.
const starting = Promise.resolve().then(() => startServer(loadConfig()));
const shutdown = (signal: string) => {
  process.stdout.write(`${JSON.stringify({ level: 'info', event: 'stopping', signal })}\n`);
  void starting.then(
    (running) => running.stop().then(() => process.exit(0)),
    () => process.exit(1),
  );
};
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
try {
  await starting;
} catch (err) {
  const known = err instanceof ConfigError || err instanceof StartupRefused;
  process.stderr.write(`${known ? (err as Error).message : ((err as Error)?.stack ?? String(err))}\n`);
  process.exit(1);
}
