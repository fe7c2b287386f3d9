import './umask';
import fs from 'node:fs';
import { ConfigError, loadConfig } from './config';
import { StartupRefused } from './db/seeds/first-start';
import { EXIT_REFUSED_TO_START, LISTENING_MESSAGE } from './process-protocol';
import { startServer } from './start';
import { systemClock } from './clock';

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

// OPS-22: an error nothing caught ends the process (its state is unknown), but never silently: one line in
// the logger's shape, on stderr, where the supervisor behind `npm start` keeps the last lines for its crash
// line (the journal and `docker logs` take stderr too). Written synchronously: the process exits next.
const die = (event: string) => (err: unknown) => {
  const error = err instanceof Error ? err.message : String(err);
  const stack = err instanceof Error ? err.stack : undefined;
  fs.writeSync(2, `${JSON.stringify({ level: 'fatal', time: systemClock().toISOString(), error, stack, event })}\n`);
  process.exit(1);
};
process.on('uncaughtException', die('uncaught_exception'));
process.on('unhandledRejection', die('unhandled_rejection'));

// OPS-22: started by the supervisor (an IPC channel): tell it when listening, and stop gracefully if it is
// gone (killed itself), so no server is left running that nothing would restart or stop.
if (process.send) {
  process.channel?.unref();
  process.once('disconnect', () => shutdown('disconnect'));
}

try {
  await starting;
  if (process.connected) process.send?.(LISTENING_MESSAGE);
} catch (err) {
  const known = err instanceof ConfigError || err instanceof StartupRefused;
  process.stderr.write(`${known ? (err as Error).message : ((err as Error)?.stack ?? String(err))}\n`);
  // Starting again would fail the same way: the supervisor and systemd do not restart after this code.
  process.exit(known ? EXIT_REFUSED_TO_START : 1);
}
