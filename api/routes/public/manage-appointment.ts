import type { Context } from 'koa';
import { MANAGE_TOKEN, type ManageOutcome } from '../../../shared/schemas/manage-appointment';
import type { Deps } from '../../deps';
import { notFound } from '../../errors';
import { createPublicRenderer } from '../../render/renderer';
import { cancelByVisitor, managedAppointment, requestAnotherTime, type ManageAnswer } from '../../services/appointments/manage-appointment';
import { readPersonalForm } from '../../middleware/body';
import { createRouter } from '../router';

// The personal link (BOOK-12..16). The page itself, /appointment/{token}, is server-rendered by the public
// site (site/src/public/pages/manage-appointment.tsx); these are its data and its two plain form posts,
// which work with JavaScript off and answer 303 back to the page with the outcome (/appointment/{token}/{outcome}).
// Every answer here carries the private pages' headers (api/middleware/private-pages.ts).
//
// GET  /api/appointment-links/{token}          -> the appointment as the page shows it; 404 when over or unknown
// POST /appointment/{token}/cancel              (form) -> 303 /appointment/{token}/cancelled (or /too-late, /invalid)
// POST /appointment/{token}/request  slot=date'T'time (form) -> 303 /appointment/{token}/requested (/slot-taken, /invalid)
//   BOOK-16, both: 409 (a request is already open) or 429 + Retry-After (too many posts): the page itself, with
//   the refusal, in the booking's language.

/** BOOK-16: refusals answer with their own status, not a redirect to a page that would answer 200. */
const REFUSED: Partial<Record<ManageOutcome, { status: number; message: string }>> = {
  'already-requested': { status: 409, message: 'You have already asked for another time. The clinic will answer soon.' },
  'too-many': { status: 429, message: 'Too many requests from this page. Please wait a while, or call us.' },
};

function token(ctx: Context): string {
  const value = String(ctx.params.token ?? '');
  // BOOK-13: a malformed token is as unknown as a wrong one.
  if (!MANAGE_TOKEN.test(value)) throw notFound('Appointment');
  return value;
}

export function manageAppointmentRoutes(deps: Deps) {
  // SEC-4: the forms' bodies meet the same walls as JSON ones (api/middleware/body.ts).
  const router = createRouter({ body: { form: { limit: '2kb' } } });
  const renderer = createPublicRenderer(deps);

  router.get('/api/appointment-links/:token', async (ctx) => {
    const view = await managedAppointment(deps, token(ctx));
    if (!view) throw notFound('Appointment');
    ctx.body = view;
  });

  const answer = async (ctx: Context, t: string, result: ManageAnswer | null) => {
    if (!result) throw notFound('Appointment');
    const refused = REFUSED[result.outcome];
    if (!refused) {
      ctx.status = 303;
      ctx.redirect(`/appointment/${t}/${result.outcome}`);
      return;
    }
    if (result.retryAfterSeconds) ctx.set('Retry-After', String(result.retryAfterSeconds));
    const page = await renderer.render(`/appointment/${t}/${result.outcome}`);
    ctx.status = refused.status;
    // Without the built site (or once the appointment is over) the refusal is said in JSON (API-4).
    if (page.status === 200) {
      ctx.type = 'html';
      ctx.body = page.html;
    } else {
      ctx.body = { error: refused.message };
    }
  };

  router.post('/appointment/:token/cancel', async (ctx) => {
    const t = token(ctx);
    await answer(ctx, t, await cancelByVisitor(deps, t, ctx.ip));
  });

  router.post('/appointment/:token/request', async (ctx) => {
    const t = token(ctx);
    const { fields } = readPersonalForm(ctx);
    await answer(ctx, t, await requestAnotherTime(deps, t, fields.slot ?? '', ctx.ip));
  });

  return router;
}
