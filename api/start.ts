import type { Server } from 'node:http';
import { createApp } from './app';
import { systemClock } from './clock';
import { createHttpServer } from './http-server';
import type { Config } from './config';
import type { Deps } from './deps';
import { createDbFromConfig } from './db/knex';
import { migrateLatest } from './db/migrate';
import { seedDemoClinic } from './db/seeds/demo-clinic';
import { ensureAdminAndSeed } from './db/seeds/first-start';
import { createLogger } from './logger';
import { createMailer } from './platform/mail/mailer';
import { renderInvoiceAttachment } from './services/mail-attachments';
import { OutboxWorker } from './platform/mail/outbox-worker';
import { Scheduler } from './platform/scheduler';
import { productTasks } from './jobs/tasks';
import { LoginThrottle } from './services/staff/login-throttle';
import { DEFAULT_PAGE_CACHE_LIMITS } from './platform/page-cache';
import { PublicCache } from './platform/public-cache';
import { startCacheInvalidation } from './platform/cache-invalidation';
import { tightenPrivateFolders } from './private-files';
import { moveMediaToStorage } from './services/content/media-move';
import { createStorage } from './platform/storage';
import { sendableBodies } from './services/appointments/manage-links';

export interface RunningServer {
  server: Server;
  url: string;
  /** The app's dependencies, for an in-process harness (the browser tests' server runs sweeps with them). */
  deps: Deps;
  stop(): Promise<void>;
}

/** Opens the database, migrates, moves old images to the storage, seeds a first start, starts the outbox worker and listens (OPS-1, OPS-3, OPS-6, MAIL-1). */
export async function startServer(config: Config, print: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): Promise<RunningServer> {
  const logger = createLogger(config.logLevel);
  // OPS-21: before anything is opened, whatever was left readable by others in the product's folders stops
  // being so (files from an older version, a copy, another tool). Said once, by folder; nothing said when
  // nothing changed.
  const tightened = tightenPrivateFolders(config);
  const changed = Object.values(tightened.changed).reduce((n, c) => n + c, 0);
  if (changed > 0) logger.info('file_modes_tightened', { count: changed, folders: tightened.changed });
  if (Object.keys(tightened.failed).length > 0) logger.warn('file_modes_not_tightened', { folders: tightened.failed });
  const database = await createDbFromConfig(config);
  const { knex } = database;
  const storage = await createStorage(config);
  let demoSeeded = false;
  try {
    await migrateLatest(knex);
    // FILE-3: images still in the database move to the storage before anything is served.
    await moveMediaToStorage(knex, storage, logger);
    demoSeeded = await ensureAdminAndSeed(knex, config, print, systemClock());
  } catch (err) {
    await database.close();
    throw err;
  }

  const mailer = createMailer(config);
  const worker = new OutboxWorker({
    makeLinks: sendableBodies,
    knex,
    mailer,
    logger,
    from: config.mailFrom,
    now: systemClock,
    maxPerSecond: config.mailRatePerSecond,
    renderAttachment: renderInvoiceAttachment,
  });
  const cache = new PublicCache({ ...DEFAULT_PAGE_CACHE_LIMITS, maxBytes: config.pageCacheMb * 1024 * 1024 });
  // OPS-14: other processes' changes reach this one's public cache.
  const cacheListener = await startCacheInvalidation(database, cache, logger);
  const deps: Deps = {
    knex,
    config,
    logger,
    storage,
    throttle: new LoginThrottle(knex),
    cache,
    nudgeOutbox: worker.nudge,
    now: systemClock,
  };
  // OPS-6: the demo's patient with a chart, a history, notes and a plan, written through the services. A demo
  // that cannot be completed is said and the clinic starts anyway.
  if (demoSeeded) await seedDemoClinic(deps).catch((err: unknown) => logger.warn('demo_clinic_not_seeded', { error: String(err) }));
  const app = createApp(deps);
  // OPS-15: reminders and other timed work, once across processes (docs/scheduling.md).
  const scheduler = new Scheduler({ knex, logger, now: deps.now, tasks: productTasks(deps, database) });
  worker.start();
  if (config.scheduler) scheduler.start();

  const server = createHttpServer(app, config.httpTimeouts).listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const url = `http://localhost:${config.port}`;
  logger.info('listening', { url, database: database.isEmbedded ? 'embedded' : 'server' });

  let stopping: Promise<void> | null = null;
  // OPS-12: stop taking requests, finish those in flight and the send under way, then close the database.
  const stop = () =>
    (stopping ??= (async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await scheduler.stop();
      await worker.stop();
      await cacheListener.stop();
      mailer.close();
      await database.close();
    })());
  return { server, url, deps, stop };
}
