import type { Context } from 'koa';
import { clinic } from '../../../shared/constants/clinic';
import { formatRupeesExact } from '../../../shared/domain/money';
import { escapeHtml } from '../../../shared/emails/layout';
import { DEVANAGARI_UNICODE_RANGE } from '../../../shared/i18n/devanagari';
import { localeOf, type Lang } from '../../../shared/i18n/types';
import { estimateWords } from '../../../shared/plans/estimate-words';
import { patientName } from '../../../shared/plans/patient-names';
import { MANAGE_TOKEN } from '../../../shared/schemas/manage-appointment';
import type { TreatmentPlan } from '../../../shared/schemas/treatment-plan';
import type { Deps } from '../../deps';
import { DEVANAGARI_FONT } from '../../render/renderer';
import { acceptThroughLink, planForToken } from '../../services/plans/links';
import { createRouter } from '../router';
import { addressLanguage, isLangPrefix } from './link-address';

// PLAN-9: the personal link's page, rendered here (a small,
// complete HTML page, no JavaScript), in the patient's language:
// GET  /plan/{token}   the plan's options with their visits and totals, and a form to accept one (200), or 404
// POST /plan/{token}   option, signedBy, agree (form) -> the thank-you page (200), the form with errors (400), or 404

const CSS = `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Devanagari",sans-serif;color:#1f2a37;background:#f5f8fa;line-height:1.5}
main{max-width:44rem;margin:0 auto;padding:1.5rem 1rem 3rem}header{background:#0b6e77;color:#fff;padding:1rem;font-weight:600}
h1{font-size:1.5rem;margin:.5rem 0 1rem}h2{font-size:1.15rem;margin:0 0 .5rem}.card{background:#fff;border-radius:12px;padding:1.1rem;box-shadow:0 1px 3px rgba(0,0,0,.08);margin-bottom:1rem}
table{width:100%;border-collapse:collapse;font-size:.95rem}td,th{padding:.35rem .3rem;border-bottom:1px solid #e4e9ee;text-align:left}td.n,th.n{text-align:right;white-space:nowrap}
.visit td{font-weight:600;background:#f0f6f7}.total{font-size:1.1rem;font-weight:700;text-align:right;margin:.6rem 0 0}.hint{color:#52606d;font-size:.9rem}
label{display:block;font-weight:600;margin:.8rem 0 .3rem}input[type=text]{width:100%;box-sizing:border-box;font:inherit;padding:.6rem;border:1px solid #9aa8b4;border-radius:8px;min-height:44px}
.radio,.check{display:flex;align-items:center;gap:.5rem;min-height:44px;font-weight:600}button{background:#0b6e77;color:#fff;border:0;border-radius:8px;font:inherit;font-weight:600;padding:.8rem 1.4rem;min-height:44px;cursor:pointer;margin-top:.8rem}
.error{background:#fdecea;color:#8a1c13;border-radius:8px;padding:.75rem 1rem;margin-bottom:1rem}.ok{background:#e6f4ea;color:#1e5631;border-radius:8px;padding:.75rem 1rem}`;

const DEVANAGARI =
  `@font-face{font-family:"Noto Sans Devanagari";src:url(${DEVANAGARI_FONT}) format("woff2");font-display:swap;unicode-range:${DEVANAGARI_UNICODE_RANGE}}` +
  `body{font-family:"Noto Sans Devanagari",system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}`;

/** A small, complete public page in the clinic's style (the personal link's, /verify's). */
export function page(lang: Lang, title: string, body: string): string {
  return `<!doctype html><html lang="${localeOf[lang]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex,nofollow"><title>${escapeHtml(title)} – ${escapeHtml(clinic.name)}</title><style>${CSS}${lang === 'en' ? '' : DEVANAGARI}</style></head><body><header>${escapeHtml(clinic.name)}</header><main>${body}</main></body></html>`;
}

const rupees = (n: number) => escapeHtml(formatRupeesExact(n));

export function planPage(plan: TreatmentPlan, lang: Lang, action: string, errors: string[] = [], state: { option?: string; signedBy?: string } = {}): string {
  const w = estimateWords[lang];
  // PLAN-15: an option the patient already declined is not offered again on their page.
  const offered = plan.options.filter((o) => o.status === 'proposed');
  const options = offered
    .map((o) => {
      const rows = o.visits
        .map(
          (v) =>
            `<tr class="visit"><td colspan="2">${escapeHtml(`${w.visit} ${v.visit}${v.label ? `: ${v.label}` : ''}`)} · ${v.minutes} ${escapeHtml(w.minutes)}</td><td class="n">${rupees(v.totalAmount)}</td></tr>` +
            o.items
              .filter((l) => l.visit === v.visit)
              .map((l) => `<tr><td>${escapeHtml(patientName(l.code, lang, l.description))}</td><td>${escapeHtml(l.teeth.join(' '))}</td><td class="n">${rupees(l.total)}</td></tr>`)
              .join(''),
        )
        .join('');
      const emi = o.emi.map((e) => `<p class="hint" style="text-align:right;margin:0">${escapeHtml(w.emi(e.months, formatRupeesExact(e.monthly)))}</p>`).join('');
      return `<section class="card"><h2>${escapeHtml(`${w.option} ${o.name}`)}</h2><table><thead><tr><th>${escapeHtml(w.item)}</th><th>${escapeHtml(w.teeth)}</th><th class="n">${escapeHtml(w.amount)}</th></tr></thead><tbody>${rows}</tbody></table>${o.discountTotal > 0 ? `<p class="hint" style="text-align:right;margin:.4rem 0 0">${escapeHtml(w.discounts)}: − ${rupees(o.discountTotal)}</p>` : ''}<p class="total">${escapeHtml(w.total)}: ${rupees(o.total)}</p>${emi}</section>`;
    })
    .join('');
  const choices = offered
    .map((o, i) => `<label class="radio"><input type="radio" name="option" value="${o.name}"${state.option === o.name || (!state.option && i === 0 && offered.length === 1) ? ' checked' : ''} required> ${escapeHtml(`${w.option} ${o.name}`)} · ${rupees(o.total)}</label>`)
    .join('');
  const errorBox = errors.length ? `<div class="error" role="alert">${errors.map((e) => `<p style="margin:0">${escapeHtml(e)}</p>`).join('')}</div>` : '';
  return page(
    lang,
    w.title,
    `<h1>${escapeHtml(w.title)}: ${escapeHtml(plan.title)}</h1><p class="hint">${escapeHtml(`${w.patient}: ${plan.patientName} · ${w.dentist}: ${plan.dentistName ?? ''}`)}</p>${options}<p class="hint">${escapeHtml(w.note)}</p>` +
      `<form method="post" action="${escapeHtml(action)}" class="card">${errorBox}<fieldset style="border:0;padding:0;margin:0">${choices}</fieldset><label for="signedBy">${escapeHtml(w.typeName)}</label><input type="text" id="signedBy" name="signedBy" maxlength="200" required value="${escapeHtml(state.signedBy ?? '')}" autocomplete="name"><label class="check"><input type="checkbox" name="agree" value="yes" required> ${escapeHtml(w.agree)}</label><button type="submit">${escapeHtml(w.acceptButton)}</button></form>`,
  );
}

function gone(ctx: Context, lang: Lang = 'en') {
  ctx.status = 404;
  ctx.type = 'html';
  ctx.body = page(lang, estimateWords[lang].title, `<div class="card"><p>${escapeHtml(estimateWords[lang].linkUsed)}</p></div>`);
}

export function publicPlanRoutes(deps: Deps) {
  const router = createRouter({ body: { form: { limit: '24kb' } } });

  router.get('/plan/:token', async (ctx) => {
    const token = String(ctx.params.token ?? '');
    const opened = MANAGE_TOKEN.test(token) ? await planForToken(deps, token) : null;
    if (!opened) return gone(ctx);
    ctx.type = 'html';
    ctx.body = planPage(opened.plan, opened.language, `/plan/${token}`);
  });

  // SITE-30: every other address of a plan link (a cut-off token, a full stop after it, a stray segment, a
  // language's prefix) is the same "not valid" page, in the address's language.
  for (const address of ['/plan{/*rest}', '/:lang/plan{/*rest}']) {
    router.get(address, async (ctx, next) => {
      if (ctx.params.lang !== undefined && !isLangPrefix(ctx.params.lang)) return next();
      gone(ctx, addressLanguage(ctx.path));
    });
  }

  router.post('/plan/:token', async (ctx) => {
    const token = String(ctx.params.token ?? '');
    const opened = MANAGE_TOKEN.test(token) ? await planForToken(deps, token) : null;
    if (!opened) return gone(ctx);
    const w = estimateWords[opened.language];
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const option = typeof body.option === 'string' ? body.option : '';
    const signedBy = typeof body.signedBy === 'string' ? body.signedBy.trim().slice(0, 200) : '';
    const errors = [
      ...(opened.plan.options.some((o) => o.name === option && o.status === 'proposed') ? [] : [`${w.option}?`]),
      ...(signedBy ? [] : [w.typeName]),
      ...(body.agree === 'yes' ? [] : [w.agree]),
    ];
    if (errors.length) {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = planPage(opened.plan, opened.language, `/plan/${token}`, errors, { option, signedBy });
      return;
    }
    const accepted = await acceptThroughLink(deps, token, option, signedBy);
    if (!accepted) return gone(ctx, opened.language);
    ctx.type = 'html';
    ctx.body = page(opened.language, w.title, `<div class="ok" role="status"><p style="margin:0">${escapeHtml(w.thanks)}</p><p style="margin:.4rem 0 0">${escapeHtml(w.accepted(option))} · ${rupees(accepted.options.find((o) => o.name === option)?.total ?? 0)}</p></div>`);
  });

  return router;
}
