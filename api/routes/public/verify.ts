import fs from 'node:fs/promises';
import type { Context, Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { clinic } from '../../../shared/constants/clinic';
import { formatDate } from '../../../shared/domain/dates';
import { formatRupeesExact } from '../../../shared/domain/money';
import { escapeHtml } from '../../../shared/emails/layout';
import type { Deps } from '../../deps';
import { documentByCode, verifyFile, type CodeVerdict, type FileVerdict } from '../../platform/documents/issued-documents';
import { hitThrottle, throttleKey } from '../../platform/throttle-store';
import { rateLimitAddress } from '../../services/appointments/booking';
import { createRouter } from '../router';
import { page } from './plans';

// Verifying an issued document (VER-2, VER-4, VER-5, VER-6). One address for programs and people: JSON when
// the client asks for JSON (Accept: application/json, or no preference), the page otherwise (a browser).
// GET  /verify                the page: drop or choose the PDF you hold, or type the printed code (no JavaScript)
// GET  /verify?code=...       the page with the result for a browser (VER-7, the printed address); else 303 to /verify/{code}
// GET  /verify/{code}         200 { kind, issuedOn, initials, total } when the clinic issued a document with
//                             that printed code, else 404 { error }; nothing else about the patient
// POST /verify                multipart, field `file`: 200 { issued, kind?, issuedOn? }: issued only when the
//                             exact file is the one issued; 413 over 20 MB, 415 not a PDF, 429 too many posts

/** VER-6: the largest file a person may check (an estimate is well under 1 MB). */
export const MAX_VERIFY_BYTES = 20 * 1024 * 1024;
/** VER-6: posts per client address (IPv6 by its /64) in an hour, counted in PostgreSQL for every process. */
export const VERIFY_POST_LIMITS = { perAddress: 30, windowMs: 60 * 60_000 };

export const VERIFY_TEXTS = {
  title: 'Verify a document',
  intro: `Check that a document from ${clinic.name} is exactly the one the clinic issued.`,
  fileLabel: 'The PDF you hold',
  fileButton: 'Check the file',
  kept: "Nothing you upload is kept: the file is compared with the clinic's own copy, then discarded.",
  codeLabel: 'Or the code printed on it (64 characters)',
  codeButton: 'Look up the code',
  issued: (kind: string, on: string) => `This file is exactly the document the clinic issued: ${kind}, issued on ${on} by ${clinic.name}.`,
  notIssued: 'This file is not a document the clinic issued, or it was changed after it was issued. Ask the clinic for a copy.',
  byCode: (on: string, initials: string | null, total: number | null) =>
    `A document with this code was issued on ${on}${initials ? ` for ${initials}` : ''}${total === null ? '' : `, total ${formatRupeesExact(total)}`}.`,
  codeAlone: 'The code alone does not prove the paper in your hand: if its date, initials or total differ, the document was changed. To check the file itself, choose it below.',
  unknownCode: 'No document with this code was issued by the clinic',
  noFile: 'Please choose the PDF file to check',
  notPdf: 'This is not a PDF file: please choose the PDF document you were given',
  tooLarge: 'This file is larger than 20 MB: no document the clinic issues is that large',
  tooMany: 'Too many checks from this address. Please wait a while, or call us.',
  another: 'Check another document',
} as const;

const KIND_NAMES: Record<string, string> = { 'treatment-estimate': 'a signed treatment estimate' };
const kindName = (kind: string) => KIND_NAMES[kind] ?? `a document (${kind})`;

const wantsJson = (ctx: Context) => ctx.accepts('json', 'html') === 'json';

function form(): string {
  const t = VERIFY_TEXTS;
  return (
    `<form method="post" action="/verify" enctype="multipart/form-data" class="card"><label for="file">${escapeHtml(t.fileLabel)}</label>` +
    `<input type="file" id="file" name="file" accept="application/pdf,.pdf" required><button type="submit">${escapeHtml(t.fileButton)}</button><p class="hint">${escapeHtml(t.kept)}</p></form>` +
    `<form method="get" action="/verify" class="card"><label for="code">${escapeHtml(t.codeLabel)}</label>` +
    `<input type="text" id="code" name="code" required pattern="[0-9a-fA-F]{64}" maxlength="64" autocomplete="off" spellcheck="false"><button type="submit">${escapeHtml(t.codeButton)}</button></form>`
  );
}

function verifyPage(ctx: Context, status: number, result = ''): void {
  ctx.status = status;
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Robots-Tag', 'noindex, nofollow');
  ctx.body = page('en', VERIFY_TEXTS.title, `<h1>${escapeHtml(VERIFY_TEXTS.title)}</h1><p class="hint">${escapeHtml(VERIFY_TEXTS.intro)}</p>${result}${form()}`);
}

const box = (kind: 'ok' | 'error', lines: string[]) =>
  `<div class="${kind}" role="${kind === 'ok' ? 'status' : 'alert'}">${lines.map((l) => `<p style="margin:.2rem 0">${escapeHtml(l)}</p>`).join('')}</div>`;

/** A refusal: `{ error }` for a program, the page with the message for a person. */
function refuse(ctx: Context, status: number, error: string, headers: Record<string, string> = {}): void {
  for (const [k, v] of Object.entries(headers)) ctx.set(k, v);
  if (wantsJson(ctx)) {
    ctx.status = status;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { error };
    return;
  }
  verifyPage(ctx, status, box('error', [error]));
}

function answerFile(ctx: Context, verdict: FileVerdict): void {
  if (wantsJson(ctx)) {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = verdict;
    return;
  }
  const lines = verdict.issued ? [VERIFY_TEXTS.issued(kindName(verdict.kind!), formatDate(verdict.issuedOn!))] : [VERIFY_TEXTS.notIssued];
  verifyPage(ctx, 200, box(verdict.issued ? 'ok' : 'error', lines));
}

function answerCode(ctx: Context, found: CodeVerdict | null): void {
  if (!found) return refuse(ctx, 404, VERIFY_TEXTS.unknownCode);
  if (wantsJson(ctx)) {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = found;
    return;
  }
  verifyPage(ctx, 200, box('ok', [VERIFY_TEXTS.byCode(formatDate(found.issuedOn), found.initials, found.total), VERIFY_TEXTS.codeAlone]));
}

interface VerifyState {
  verifyRefused?: 400 | 413;
}

/** formidable's temporary file is removed once the request is answered, however it ended. */
const discardFiles: Middleware = async (ctx, next) => {
  try {
    await next();
  } finally {
    const files = Object.values(ctx.request.files ?? {}).flat();
    await Promise.all(files.map((f) => fs.rm(f.filepath, { force: true }).catch(() => {})));
  }
};

export function verifyRoutes(deps: Deps) {
  // The multipart body is parsed by this route alone, after the address is counted (the upload's pattern).
  const router = createRouter({ body: 'none' });
  const multipart = koaBody({
    multipart: true,
    urlencoded: false,
    json: false,
    text: false,
    formidable: { maxFileSize: MAX_VERIFY_BYTES, maxTotalFileSize: MAX_VERIFY_BYTES, maxFiles: 1, maxFields: 4, maxFieldsSize: 4 * 1024, allowEmptyFiles: false },
    onError: (err, ctx) => {
      const e = err as { status?: number; httpCode?: number };
      (ctx.state as VerifyState).verifyRefused = e.status === 413 || e.httpCode === 413 ? 413 : 400;
    },
  });

  router.get('/verify', async (ctx) => {
    const code = ctx.query.code;
    if (typeof code === 'string' && code.trim() !== '') {
      // VER-7: a person (a browser, asking for HTML) who opens the printed address sees the result on the
      // page at once; a program is sent on to /verify/{code} (VER-6).
      if (!wantsJson(ctx)) {
        answerCode(ctx, await documentByCode(deps.knex, code.trim().toLowerCase()));
        return;
      }
      ctx.status = 303;
      ctx.redirect(`/verify/${encodeURIComponent(code.trim().toLowerCase())}`);
      return;
    }
    verifyPage(ctx, 200);
  });

  router.get('/verify/:hash', async (ctx) => {
    answerCode(ctx, await documentByCode(deps.knex, String(ctx.params.hash).toLowerCase()));
  });

  router.post('/verify', async (ctx, next) => {
    // VER-6: counted before anything is read, so refused and malformed posts use up the allowance too.
    const now = deps.now();
    const state = await hitThrottle(deps.knex, throttleKey('verify-address', rateLimitAddress(ctx.ip)), VERIFY_POST_LIMITS.windowMs, now);
    if (state.hits > VERIFY_POST_LIMITS.perAddress) {
      const retry = Math.max(1, Math.ceil((state.windowStartedAt.getTime() + VERIFY_POST_LIMITS.windowMs - now.getTime()) / 1000));
      return refuse(ctx, 429, VERIFY_TEXTS.tooMany, { 'Retry-After': String(retry) });
    }
    const declared = Number(ctx.get('Content-Length'));
    if (Number.isFinite(declared) && declared > MAX_VERIFY_BYTES + 64 * 1024) return refuse(ctx, 413, VERIFY_TEXTS.tooLarge);
    if (!ctx.is('multipart/form-data')) return refuse(ctx, 415, VERIFY_TEXTS.notPdf);
    await next();
  }, discardFiles, multipart, async (ctx) => {
    const refused = (ctx.state as VerifyState).verifyRefused;
    if (refused === 413) return refuse(ctx, 413, VERIFY_TEXTS.tooLarge);
    if (refused) return refuse(ctx, 400, VERIFY_TEXTS.noFile);
    const field = ctx.request.files?.file;
    const upload = Array.isArray(field) ? field[0] : field;
    if (!upload) return refuse(ctx, 400, VERIFY_TEXTS.noFile);
    if (upload.size > MAX_VERIFY_BYTES) return refuse(ctx, 413, VERIFY_TEXTS.tooLarge);
    const bytes = await fs.readFile(upload.filepath);
    if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') return refuse(ctx, 415, VERIFY_TEXTS.notPdf);
    answerFile(ctx, await verifyFile(deps.knex, deps.storage, bytes));
  });

  return router;
}
