import Koa from 'koa';
import { koaBody } from 'koa-body';
import { Model } from 'objection';
import type { Deps } from './deps';
import { HttpError } from './errors';
import { errorHandler } from './middleware/error-handler';
import { requestLog } from './middleware/request-log';
import { securityHeaders } from './middleware/security-headers';
import { requireSession } from './middleware/session';
import { adminRoutes } from './routes/admin';
import { authRoutes } from './routes/auth';
import { healthRoutes } from './routes/health';
import { mediaRoutes } from './routes/media';
import { publicAppointmentRoutes } from './routes/public/appointments';
import { publicContentRoutes } from './routes/public/content';
import { siteRoutes } from './routes/site';

/** Builds the whole HTTP surface; api/server.ts listens, tests drive it over HTTP. */
export function createApp(deps: Deps): Koa {
  Model.knex(deps.knex);
  const app = new Koa({ proxy: deps.config.trustProxy });

  app.use(requestLog(deps.logger));
  app.use(errorHandler(deps.logger));
  app.use(securityHeaders());
  // D6: the whole admin surface, known routes or not, answers 401 without a session, before any body
  // is read. Multipart is parsed only by the upload route (after this check), never here.
  const guard = requireSession(deps);
  app.use((ctx, next) => (ctx.path === '/api/admin' || ctx.path.startsWith('/api/admin/') ? guard(ctx, next) : next()));
  app.use(
    koaBody({
      jsonLimit: '1mb',
      formLimit: '100kb',
      textLimit: '100kb',
      multipart: false,
      onError: (err) => {
        const e = err as { status?: number };
        if (e.status === 413) throw new HttpError(413, 'Request is too large');
        throw new HttpError(400, 'Request body is not valid');
      },
    }),
  );

  // Most traffic first: each router tries its routes in turn before passing the request on.
  for (const router of [
    publicContentRoutes(deps),
    publicAppointmentRoutes(deps),
    authRoutes(deps),
    adminRoutes(deps),
    healthRoutes(deps),
    mediaRoutes(deps),
    siteRoutes(deps),
  ]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}
