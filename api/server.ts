import { ConfigError, loadConfig } from './config';
import { StartupRefused } from './db/seeds/first-start';
import { startServer } from './start';

// `npm start`: configuration from the environment (D5), then one process serving everything (D1).
try {
  const running = await startServer(loadConfig());
  const shutdown = (signal: string) => {
    process.stdout.write(`${JSON.stringify({ level: 'info', event: 'stopping', signal })}\n`);
    void running.stop().then(() => process.exit(0));
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
} catch (err) {
  const known = err instanceof ConfigError || err instanceof StartupRefused;
  process.stderr.write(`${known ? (err as Error).message : ((err as Error)?.stack ?? String(err))}\n`);
  process.exit(1);
}
