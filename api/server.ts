import { loadConfig, ConfigError } from './config';
import { createApp } from './app';
import { createDb } from './db/knex';
import { migrateLatest } from './db/migrate';
import { ensureAdminAndSeed } from './db/seeds/first-start';
import { createLogger } from './logger';
import { createMailer } from './services/mailer';
import { OutboxWorker } from './services/outbox-worker';
import { LoginThrottle } from './services/login-throttle';
import { PublicCache } from './services/public-cache';
import path from 'node:path';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = await createDb(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'pglite') },
  );
  const { knex } = database;
  await migrateLatest(knex);
  await ensureAdminAndSeed(knex, config, (line) => process.stdout.write(`${line}\n`));

  const mailer = createMailer(config);
  const worker = new OutboxWorker({ knex, mailer, logger, from: config.mailFrom });
  const app = createApp({
    knex,
    config,
    logger,
    throttle: new LoginThrottle(),
    cache: new PublicCache(),
    nudgeOutbox: worker.nudge,
    now: () => new Date(),
  });
  worker.start();

  const server = app.listen(config.port, config.host, () => {
    logger.info('listening', { url: `http://localhost:${config.port}`, database: database.isEmbedded ? 'embedded' : 'server' });
  });

  // D26: stop taking requests, finish those in flight and the send under way, then close the database.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('stopping', { signal });
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    await worker.stop();
    mailer.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  process.stderr.write(`${err instanceof ConfigError ? err.message : (err?.stack ?? String(err))}\n`);
  process.exit(1);
});
