import type { Context } from 'koa';
import { clinic } from '../../../shared/constants/clinic';
import { escapeHtml } from '../../../shared/emails/layout';
import { emailWords } from '../../../shared/emails/language';
import { fmt, localeOf, localizePath, type Lang } from '../../../shared/i18n/types';
import { MANAGE_TOKEN } from '../../../shared/schemas/manage-appointment';
import { REVIEW_TEXT_MAX, reviewSubmissionSchema } from '../../../shared/schemas/review';
import type { Deps } from '../../deps';
import { formTooLarge } from '../../middleware/body';
import { displayName, publicReviews, reviewInvite, reviewLinkState, submitReview, type ReviewInvite } from '../../services/content/reviews';
import { DEVANAGARI_FONT } from '../../render/renderer';
import { DEVANAGARI_UNICODE_RANGE } from '../../../shared/i18n/devanagari';
import { createRouter } from '../router';

// REV-2 / REV-3: the review form behind the single-use link of a review request email. The API renders it
// itself (a small, complete HTML page, no JavaScript at all), in the language the visit was booked in
// (I18N-7: the form, its errors, the thank-you page, and the "used or not valid" page of a used link); the
// form is a plain post to the same address. Every value is escaped (REV-3). REV-5: the approved reviews as
// JSON for the public site.
// GET  /review/{token}            -> the form (200), or the "used or not valid" page (404)
// POST /review/{token}  rating, text, name=initials|short (form) -> thank-you page (200), the form with its errors (400), or 404
// GET  /api/reviews               -> PublicReviews (approved reviews; the rating from 10 approved reviews on)

/** How long after a review its form sent again still answers "thank you" (REV-2). */
const RESEND_THANKS_MS = 10 * 60_000;

const CSS = `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Devanagari",sans-serif;color:#1f2a37;background:#f5f8fa;line-height:1.5}
main{max-width:36rem;margin:0 auto;padding:1.5rem 1rem 3rem}header{background:#0b6e77;color:#fff;padding:1rem}header a{color:#fff;font-weight:600;text-decoration:none}
h1{font-size:1.6rem;margin:.5rem 0 1rem}.card{background:#fff;border-radius:12px;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}
fieldset{border:0;padding:0;margin:0 0 1rem}legend,label.l{font-weight:600;display:block;margin-bottom:.4rem}
.stars{display:flex;flex-direction:row-reverse;justify-content:flex-end;gap:.25rem}.stars input{position:absolute;opacity:0;width:1px;height:1px}
.stars label{font-size:2.2rem;line-height:1;color:#c5ced6;cursor:pointer;padding:.1rem}.stars input:checked~label,.stars label:hover,.stars label:hover~label{color:#f5a623}
.stars input:focus-visible+label{outline:3px solid #0b6e77;outline-offset:2px}
textarea{width:100%;box-sizing:border-box;min-height:8rem;font:inherit;padding:.6rem;border:1px solid #9aa8b4;border-radius:8px}
.hint{color:#52606d;font-size:.9rem;margin:.25rem 0 1rem}.radio{display:block;margin:.3rem 0;min-height:44px;display:flex;align-items:center;gap:.5rem}
button{background:#0b6e77;color:#fff;border:0;border-radius:8px;font:inherit;font-weight:600;padding:.8rem 1.4rem;min-height:44px;cursor:pointer;margin-top:.5rem}
.error{background:#fdecea;color:#8a1c13;border-radius:8px;padding:.75rem 1rem;margin-bottom:1rem}.ok{background:#e6f4ea;color:#1e5631;border-radius:8px;padding:.75rem 1rem}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}`;

// I18N-4: Marathi and Hindi pages use the site's self-hosted Devanagari font, and name it first, as the site
// does (api/render/renderer.ts): behind system-ui, Chromium on Linux drew the bold heading and a legend as
// empty boxes (the system font it found claimed the letters). Its unicode-range keeps Latin text in the
// system font. Declared for its one weight, so headings and labels get a synthesised bold.
const DEVANAGARI =
  `@font-face{font-family:"Noto Sans Devanagari";src:url(${DEVANAGARI_FONT}) format("woff2");font-display:swap;` +
  `unicode-range:${DEVANAGARI_UNICODE_RANGE}}` +
  `body{font-family:"Noto Sans Devanagari",system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}`;

function page(lang: Lang, title: string, body: string): string {
  const htmlLang = localeOf[lang];
  const font = lang === 'en' ? '' : DEVANAGARI;
  return `<!doctype html><html lang="${htmlLang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex,nofollow"><title>${escapeHtml(title)} – ${escapeHtml(clinic.name)}</title><style>${CSS}${font}</style></head><body><header><a href="${localizePath(lang, '/')}">${escapeHtml(clinic.name)}</a></header><main>${body}</main></body></html>`;
}

interface FormState {
  rating?: number;
  text?: string;
  name?: 'initials' | 'short';
  errors?: string[];
}

export function reviewFormPage(invite: ReviewInvite, action: string, state: FormState = {}): string {
  const w = emailWords(invite.language);
  const t = w.t;
  const stars = [5, 4, 3, 2, 1]
    .map(
      (n) =>
        `<input type="radio" id="star${n}" name="rating" value="${n}"${state.rating === n ? ' checked' : ''}${n === 5 ? ' required' : ''}><label for="star${n}" title="${escapeHtml(fmt(t.reviewStars, { n }))}">★<span class="sr">${escapeHtml(fmt(t.reviewStars, { n }))}</span></label>`,
    )
    .join('');
  const name = state.name ?? 'initials';
  const errors = state.errors?.length
    ? `<div class="error" role="alert">${state.errors.map((e) => `<p style="margin:0">${escapeHtml(e)}</p>`).join('')}</div>`
    : '';
  return page(
    invite.language,
    t.reviewPageTitle,
    `<h1>${escapeHtml(t.reviewPageTitle)}</h1><div class="card">${errors}<p>${escapeHtml(fmt(t.reviewPageIntro, { date: w.longDate(invite.visitDate) }))}</p>
<form method="post" action="${escapeHtml(action)}">
<fieldset><legend>${escapeHtml(t.reviewRating)}</legend><div class="stars">${stars}</div></fieldset>
<label class="l" for="text">${escapeHtml(t.reviewText)}</label><textarea id="text" name="text" maxlength="${REVIEW_TEXT_MAX}" aria-describedby="text-hint">${escapeHtml(state.text ?? '')}</textarea>
<p class="hint" id="text-hint">${escapeHtml(t.reviewTextHint)}</p>
<fieldset><legend>${escapeHtml(t.reviewName)}</legend>
<label class="radio"><input type="radio" name="name" value="initials"${name === 'initials' ? ' checked' : ''}> ${escapeHtml(fmt(t.reviewNameInitials, { initials: displayName(invite.firstName, invite.lastName, 'initials') }))}</label>
<label class="radio"><input type="radio" name="name" value="short"${name === 'short' ? ' checked' : ''}> ${escapeHtml(fmt(t.reviewNameFull, { short: displayName(invite.firstName, invite.lastName, 'short') }))}</label>
</fieldset><button type="submit">${escapeHtml(t.reviewSubmit)}</button></form></div>`,
  );
}

function messagePage(lang: Lang, text: string, ok: boolean): string {
  const t = emailWords(lang).t;
  return page(lang, t.reviewPageTitle, `<h1>${escapeHtml(t.reviewPageTitle)}</h1><div class="card"><p class="${ok ? 'ok' : 'error'}" role="${ok ? 'status' : 'alert'}">${escapeHtml(text)}</p></div>`);
}

function langOf(ctx: Context): Lang {
  const q = ctx.query.lang;
  return q === 'mr' || q === 'hi' ? q : 'en';
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
    ctx.body = messagePage(lang, emailWords(lang).t.reviewUsed, false);
  };

  // REV-2: the same form sent again within minutes of its review (a double tap on the button, a reload of the
  // thank-you page) shows the thank-you page again and stores nothing: the browser shows the last answer, and
  // the patient should not read "already used" for the review they just sent. Later, or a GET, is gone().
  const sentAgain = async (ctx: Context, token: string): Promise<boolean> => {
    const state = await reviewLinkState(deps.knex, token);
    if (!state?.usedAt || deps.now().getTime() - state.usedAt.getTime() > RESEND_THANKS_MS) return false;
    ctx.type = 'html';
    ctx.body = messagePage(state.language, emailWords(state.language).t.reviewThanks, true);
    return true;
  };

  // Their headers (no-store, noindex, no-referrer) are api/middleware/private-pages.ts's.
  router.get('/review/:token', async (ctx) => {
    const token = String(ctx.params.token ?? '');
    // REV-2: a malformed, tampered, unknown or used token all read the same.
    const invite = MANAGE_TOKEN.test(token) ? await reviewInvite(deps.knex, token) : null;
    if (!invite) return gone(ctx, token);
    ctx.type = 'html';
    ctx.body = reviewFormPage(invite, `/review/${token}`);
  });

  router.post('/review/:token', async (ctx) => {
    const token = String(ctx.params.token ?? '');
    const invite = MANAGE_TOKEN.test(token) ? await reviewInvite(deps.knex, token) : null;
    if (!invite) {
      if (MANAGE_TOKEN.test(token) && (await sentAgain(ctx, token))) return;
      return gone(ctx, token);
    }
    const t = emailWords(invite.language).t;
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const parsed = reviewSubmissionSchema.safeParse({
      rating: typeof body.rating === 'string' && body.rating !== '' ? body.rating : undefined,
      text: typeof body.text === 'string' ? body.text : '',
      name: body.name === 'short' ? 'short' : 'initials',
    });
    if (formTooLarge(ctx) || !parsed.success) {
      const fields = new Set(formTooLarge(ctx) || parsed.success ? ['text'] : parsed.error.issues.map((i) => String(i.path[0])));
      const errors = [...(fields.has('rating') ? [t.reviewErrorRating] : []), ...(fields.has('text') ? [t.reviewErrorText] : [])];
      const rating = Number(body.rating);
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = reviewFormPage(invite, `/review/${token}`, {
        rating: Number.isInteger(rating) && rating >= 1 && rating <= 5 ? rating : undefined,
        text: typeof body.text === 'string' ? body.text.slice(0, REVIEW_TEXT_MAX * 2) : '',
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
    ctx.body = messagePage(invite.language, t.reviewThanks, true);
  });

  router.get('/api/reviews', async (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = await publicReviews(deps.knex);
  });

  return router;
}
