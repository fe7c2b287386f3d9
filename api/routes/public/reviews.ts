import type { Context } from 'koa';
import { emailWords } from '../../../shared/emails/language';
import type { Lang } from '../../../shared/i18n/types';
import { MANAGE_TOKEN } from '../../../shared/schemas/manage-appointment';
import { REVIEW_TEXT_MAX, reviewSubmissionSchema } from '../../../shared/schemas/review';
import type { Deps } from '../../deps';
import { readPersonalForm } from '../../middleware/body';
import { displayName, publicReviews, reviewInvite, reviewLinkState, submitReview, type ReviewInvite } from '../../services/content/reviews';
import { reviewFormPage, reviewMessagePage, type ReviewFormInvite } from '../../render/review-page';
import { createRouter } from '../router';
import { addressLanguage, isLangPrefix } from './link-address';

// REV-2 / REV-3: the review form behind the single-use link of a review request email. The API renders it
// itself (React on the server, api/render/review-page.tsx, in the personal pages' one shell, SEC-8: a small,
// complete HTML page, no JavaScript at all), in the language the visit was booked in
// (I18N-7: the form, its errors, the thank-you page, and the "used or not valid" page of a used link); the
// form is a plain post to the same address. Every value is escaped (REV-3). REV-5: the approved reviews as
// JSON for the public site.
// GET  /review/{token}            -> the form (200), or the "used or not valid" page (404)
// POST /review/{token}  rating, text, name=initials|short (form) -> thank-you page (200), the form with its errors (400), or 404
// GET  /api/reviews               -> PublicReviews (approved reviews; the rating from 10 approved reviews on)

/** How long after a review its form sent again still answers "thank you" (REV-2). */
const RESEND_THANKS_MS = 10 * 60_000;

const invitation = (invite: ReviewInvite): ReviewFormInvite => ({
  language: invite.language,
  visitDate: invite.visitDate,
  initials: displayName(invite.firstName, invite.lastName, 'initials'),
  short: displayName(invite.firstName, invite.lastName, 'short'),
});

function langOf(ctx: Context): Lang {
  const q = ctx.query.lang;
  if (q === 'mr' || q === 'hi') return q;
  // SITE-30: an address under a language's prefix (/mr/review/...) speaks that language.
  return addressLanguage(ctx.path);
}

export function reviewPublicRoutes(deps: Deps) {
  // 1000 characters of Marathi or Hindi are 3 bytes each in UTF-8 and 9 once form-encoded: about 9 KB of
  // text alone. The limit leaves room for that and the other fields. A body past it (or broken) is answered
  // as the form with its error, not as JSON (formTooLarge). NUL characters and the like are refused (SEC-4).
  const router = createRouter({ body: { form: { limit: '24kb', tooLarge: 'flag' } } });

  // REV-2: a used link, a tampered or unknown one: the same page and status. I18N-7: a link the clinic made
  // still knows its visit's language; for any other the ?lang= hint, else English.
  const gone = async (ctx: Context, token: string) => {
    const state = MANAGE_TOKEN.test(token) ? await reviewLinkState(deps.knex, token) : null;
    const lang = state?.language ?? langOf(ctx);
    ctx.status = 404;
    ctx.type = 'html';
    ctx.body = reviewMessagePage(lang, emailWords(lang).t.reviewUsed, false);
  };

  // REV-2: the same form sent again within minutes of its review (a double tap on the button, a reload of the
  // thank-you page) shows the thank-you page again and stores nothing: the browser shows the last answer, and
  // the patient should not read "already used" for the review they just sent. Later, or a GET, is gone().
  const sentAgain = async (ctx: Context, token: string): Promise<boolean> => {
    const state = await reviewLinkState(deps.knex, token);
    if (!state?.usedAt || deps.now().getTime() - state.usedAt.getTime() > RESEND_THANKS_MS) return false;
    ctx.type = 'html';
    ctx.body = reviewMessagePage(state.language, emailWords(state.language).t.reviewThanks, true);
    return true;
  };

  // Their headers (no-store, noindex, no-referrer) are api/middleware/private-pages.ts's.
  router.get('/review/:token', async (ctx) => {
    const token = String(ctx.params.token ?? '');
    // REV-2: a malformed, tampered, unknown or used token all read the same.
    const invite = MANAGE_TOKEN.test(token) ? await reviewInvite(deps.knex, token) : null;
    if (!invite) return gone(ctx, token);
    ctx.type = 'html';
    ctx.body = reviewFormPage(invitation(invite), `/review/${token}`);
  });

  router.post('/review/:token', async (ctx) => {
    const token = String(ctx.params.token ?? '');
    const invite = MANAGE_TOKEN.test(token) ? await reviewInvite(deps.knex, token) : null;
    if (!invite) {
      if (MANAGE_TOKEN.test(token) && (await sentAgain(ctx, token))) return;
      return gone(ctx, token);
    }
    const t = emailWords(invite.language).t;
    const { fields: body, tooLarge } = readPersonalForm(ctx);
    const parsed = reviewSubmissionSchema.safeParse({
      rating: body.rating !== undefined && body.rating !== '' ? body.rating : undefined,
      text: body.text ?? '',
      name: body.name === 'short' ? 'short' : 'initials',
    });
    if (tooLarge || !parsed.success) {
      const fields = new Set(tooLarge || parsed.success ? ['text'] : parsed.error.issues.map((i) => String(i.path[0])));
      const errors = [...(fields.has('rating') ? [t.reviewErrorRating] : []), ...(fields.has('text') ? [t.reviewErrorText] : [])];
      const rating = Number(body.rating);
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = reviewFormPage(invitation(invite), `/review/${token}`, {
        rating: Number.isInteger(rating) && rating >= 1 && rating <= 5 ? rating : undefined,
        text: (body.text ?? '').slice(0, REVIEW_TEXT_MAX * 2),
        name: body.name === 'short' ? 'short' : 'initials',
        errors: errors.length ? errors : [t.reviewErrorRating],
      });
      return;
    }
    if (!(await submitReview(deps, token, parsed.data))) {
      if (await sentAgain(ctx, token)) return;
      return gone(ctx, token);
    }
    ctx.type = 'html';
    ctx.body = reviewMessagePage(invite.language, t.reviewThanks, true);
  });

  // SITE-30: every other address of a review link (a cut-off token, a full stop after it, a stray segment, a
  // language's prefix) is the same "used or not valid" page, in the address's language.
  for (const address of ['/review{/*rest}', '/:lang/review{/*rest}']) {
    router.get(address, async (ctx, next) => {
      if (ctx.params.lang !== undefined && !isLangPrefix(ctx.params.lang)) return next();
      await gone(ctx, '');
    });
  }

  router.get('/api/reviews', async (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = await publicReviews(deps.knex);
  });

  return router;
}
