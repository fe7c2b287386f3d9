import type { Context } from 'koa';
import { koaBody } from 'koa-body';
import { MANAGE_TOKEN } from '../../../shared/schemas/manage-appointment';
import type { Deps } from '../../deps';
import { HttpError, notFound } from '../../errors';
import { cancelByVisitor, managedAppointment, requestAnotherTime } from '../../services/manage-appointment';
import { createRouter } from '../router';

// The personal link (BOOK-12..15). The page itself, /appointment/{token}, is server-rendered by the public
// site (site/src/public/pages/manage-appointment.tsx); these are its data and its two plain form posts,
// which work with JavaScript off and answer 303 back to the page with the outcome (/appointment/{token}/{outcome}).
//
// GET  /api/appointment-links/{token}          -> the appointment as the page shows it; 404 when over or unknown
// POST /appointment/{token}/cancel              (form) -> 303 /appointment/{token}/cancelled (or /too-late, /invalid)
// POST /appointment/{token}/request  slot=date'T'time (form) -> 303 /appointment/{token}/requested (/slot-taken, /invalid)

const formBody = koaBody({
  json: false,
  urlencoded: true,
  text: false,
  multipart: false,
  formLimit: '2kb',
  onError: () => {
    throw new HttpError(400, 'Request body is not valid');
  },
});

function token(ctx: Context): string {
  const value = String(ctx.params.token ?? '');
  // BOOK-13: a malformed token is as unknown as a wrong one.
  if (!MANAGE_TOKEN.test(value)) throw notFound('Appointment');
  return value;
}

function privatePage(ctx: Context): void {
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Robots-Tag', 'noindex, nofollow');
  ctx.set('Referrer-Policy', 'no-referrer');
}

export function manageAppointmentRoutes(deps: Deps) {
  const router = createRouter({ body: 'none' });

  router.get('/api/appointment-links/:token', async (ctx) => {
    privatePage(ctx);
    const view = await managedAppointment(deps, token(ctx));
    if (!view) throw notFound('Appointment');
    ctx.body = view;
  });

  const back = (ctx: Context, t: string, outcome: string | null) => {
    privatePage(ctx);
    if (!outcome) throw notFound('Appointment');
    ctx.status = 303;
    ctx.redirect(`/appointment/${t}/${outcome}`);
  };

  router.post('/appointment/:token/cancel', formBody, async (ctx) => {
    const t = token(ctx);
    back(ctx, t, await cancelByVisitor(deps, t));
  });

  router.post('/appointment/:token/request', formBody, async (ctx) => {
    const t = token(ctx);
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    back(ctx, t, await requestAnotherTime(deps, t, typeof body.slot === 'string' ? body.slot : ''));
  });

  return router;
}
