import Koa from 'koa';
import compress from 'koa-compress';
import type Router from '@koa/router';
import { Model } from 'objection';
import type { Deps } from './deps';
import { crossOriginGuard } from './middleware/cross-origin';
import { errorHandler } from './middleware/error-handler';
import { privatePages } from './middleware/private-pages';
import { requestLog } from './middleware/request-log';
import { securityHeaders } from './middleware/security-headers';
import { serializeJson } from './middleware/serialize-json';
import { refuseNulInUrl } from './middleware/url-check';
import { adminRoutes } from './routes/admin';
import { apiDocsRoutes } from './routes/api-docs';
import { manageAppointmentRoutes } from './routes/public/manage-appointment';
import { reviewPublicRoutes } from './routes/public/reviews';
import { publicPlanRoutes } from './routes/public/plans';
import { verifyRoutes } from './routes/public/verify';
import { authRoutes } from './routes/auth';
import { desktopUpdateRoutes } from './routes/desktop-updates';
import { healthRoutes } from './routes/health';
import { mediaRoutes } from './routes/media';
import { publicAppointmentRoutes } from './routes/public/appointments';
import { publicContentRoutes } from './routes/public/content';
import { siteRoutes } from './routes/site';

/**
 * Every router of the app, in the order requests try them (most traffic first). Each is made by
 * api/routes/router.ts, which owns the rules every route follows (case-sensitive paths, JSON bodies, and
 * for the admin the session guard); api/test/security/route-guard.test.ts walks all their routes.
 */
export function appRouters(deps: Deps): Router[] {
  const routers = [
    publicContentRoutes(deps),
    publicAppointmentRoutes(deps),
    manageAppointmentRoutes(deps),
    reviewPublicRoutes(deps),
    publicPlanRoutes(deps),
    verifyRoutes(deps),
    authRoutes(deps),
    adminRoutes(deps),
    healthRoutes(deps),
    // API-8: the document lists the routers of this very list.
    apiDocsRoutes(deps, () => routers),
    mediaRoutes(deps),
    desktopUpdateRoutes(deps),
    siteRoutes(deps),
  ] as Router[];
  return routers;
}

/** Builds the whole HTTP surface; api/server.ts listens, tests drive it over HTTP. */
export function createApp(deps: Deps): Koa {
  Model.knex(deps.knex);
  // Behind a reverse proxy, trust exactly one hop: the address the proxy saw is the last one of
  // X-Forwarded-For, and what a client wrote before it cannot choose the address rate limits count.
  const app = new Koa({ proxy: deps.config.trustProxy, maxIpsCount: 1 });

  // OPS-20, CLINIC-12: the request's id and the app's clock, for every line it logs and every row it audits.
  app.use(requestLog(deps.logger, deps.now));
  // BOOK-14, REV-2: outside the error handler, so refusals at a private address carry its headers too.
  app.use(privatePages());
  app.use(errorHandler(deps.logger));
  // OPS-16: HTML, JSON, CSS and JS above 1 KB leave brotli- or gzip-compressed (brotli at quality 4: most of
  // the saving for little CPU). Built assets already carry Content-Encoding from their .br/.gz twins
  // (koa-send), and koa-compress leaves those alone.
  app.use(compress({ threshold: 1024 }));
  app.use(serializeJson());
  app.use(securityHeaders());
  app.use(crossOriginGuard({ publicUrl: deps.config.publicUrl, allowedOrigins: deps.config.desktopOrigins }));
  app.use(refuseNulInUrl());
  // No allowedMethods(): the pages router's catch-all GET matches every address, and @koa/router would
  // then answer any other method anywhere 405. A wrong method is simply an unknown address (404).
  for (const router of appRouters(deps)) app.use(router.routes());
  return app;
}
