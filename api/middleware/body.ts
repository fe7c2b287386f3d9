import type { Context, Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { HttpError, unsupportedType } from '../errors';

// SEC-2, SEC-4: every body a route reads comes through here, JSON (the API) or a form (the personal pages'
// plain form posts), and meets the same walls: its declared type, a size limit, and one walk of the parsed
// value for what PostgreSQL or the stack cannot take. api/routes/router.ts puts this at the head of every
// route, by the router's `body` option; api/test/security/fuzz.test.ts finds the form routes by bodyKindOf.

/** Deeper than any form of ours nests (an invoice's items are three levels); past it a body is refused. */
export const MAX_BODY_DEPTH = 32;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A form route's body: URL-encoded, at most `limit`. */
export interface FormBody {
  form: {
    limit: string;
    /**
     * 'flag': a body past the limit (or one the parser cannot read) reaches the route as `{}` with
     * formTooLarge(ctx) true, for a page that answers it with its own form and error (the review form);
     * default: 413 or 400 here.
     */
    tooLarge?: 'refuse' | 'flag';
  };
}
export type BodyKind = 'json' | FormBody;

const parseError = (err: unknown): HttpError => {
  const e = err as { status?: number };
  if (e.status === 413) return new HttpError(413, 'Request is too large');
  return new HttpError(400, 'Request body is not valid');
};

const parseJson = koaBody({
  json: true,
  jsonStrict: true,
  jsonLimit: '1mb',
  urlencoded: false,
  text: false,
  multipart: false,
  onError: (err) => {
    throw parseError(err);
  },
});

const READ = Symbol('body read');
const KIND = Symbol('body kind');
const TOO_LARGE = Symbol('form too large');

/** Whether a 'flag' form route's body was too large or unreadable (it reached the route as `{}`). */
export const formTooLarge = (ctx: Context): boolean => Boolean((ctx.state as { [TOO_LARGE]?: boolean })[TOO_LARGE]);

/**
 * SEC-9: the one reader of a personal-link page's form post (the manage page's cancel and request, the review
 * form): its fields as text, a repeated or structured field (name[]=a, name[x]=b) read as absent, so no route
 * sees an array or object where it expects one value; and whether the body was too large (formTooLarge).
 */
export function readPersonalForm(ctx: Context): { fields: Record<string, string | undefined>; tooLarge: boolean } {
  const body = (ctx.request as { body?: unknown }).body;
  const fields: Record<string, string | undefined> = {};
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) fields[key] = typeof value === 'string' ? value : undefined;
  }
  return { fields, tooLarge: formTooLarge(ctx) };
}

/**
 * Reads the body of the kind the route takes. A state-changing request that carries another content type
 * is refused with 415 before anything runs (for JSON routes: a form post or a text/plain "simple" request,
 * what another site's page can send without asking); then the parsed body is walked once (bodyProblem).
 */
export function readBody(kind: BodyKind): Middleware {
  const json = kind === 'json';
  const parse = json
    ? parseJson
    : koaBody({
        json: false,
        urlencoded: true,
        text: false,
        multipart: false,
        formLimit: kind.form.limit,
        onError: (err) => {
          throw parseError(err);
        },
      });
  const flag = !json && kind.form.tooLarge === 'flag';
  const guard: Middleware = async (ctx, next) => {
    // Read once, even when a request passes two routes that both match its path.
    const state = ctx.state as { [READ]?: boolean; [TOO_LARGE]?: boolean };
    if (state[READ]) return next();
    state[READ] = true;
    if (UNSAFE_METHODS.has(ctx.method)) {
      const declared = Boolean(ctx.get('Content-Type'));
      const hasBody = ctx.request.length > 0 || Boolean(ctx.get('Transfer-Encoding'));
      if ((declared || hasBody) && !ctx.is(json ? 'application/json' : 'application/x-www-form-urlencoded')) {
        throw unsupportedType(
          json ? 'Please send the request as JSON (Content-Type: application/json)' : 'Please send the form as application/x-www-form-urlencoded',
        );
      }
    }
    try {
      await parse(ctx, async () => {});
    } catch (err) {
      if (!flag) throw err;
      state[TOO_LARGE] = true;
      ctx.request.body = {};
    }
    const problem = bodyProblem(ctx.request.body);
    if (problem) throw new HttpError(400, problem);
    await next();
  };
  return Object.assign(guard, { [KIND]: json ? 'json' : 'form' });
}

/** 'json' or 'form' for a readBody guard, else undefined: how tests find a route's body kind. */
export function bodyKindOf(middleware: unknown): 'json' | 'form' | undefined {
  return (middleware as { [KIND]?: 'json' | 'form' } | undefined)?.[KIND];
}

/**
 * What makes a parsed body unusable, or null: nesting past MAX_BODY_DEPTH (a recursive walk of a body
 * 5,000 levels deep ran out of stack), a NUL character (PostgreSQL text cannot hold one), or a lone
 * UTF-16 surrogate (not text at all; PostgreSQL refuses it in jsonb). Iterative, so no depth can crash it.
 */
export function bodyProblem(body: unknown): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value: body, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return problem;
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_BODY_DEPTH) return 'Request body is nested too deeply';
      for (const [key, child] of Object.entries(value)) {
        const problem = textProblem(key);
        if (problem) return problem;
        stack.push({ value: child, depth: depth + 1 });
      }
    }
  }
  return null;
}

// In a /u regular expression a paired surrogate is one code point; only a lone half is category Cs.
const LONE_SURROGATE = /\p{Cs}/u;

export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'Text must not contain NUL characters';
  if (LONE_SURROGATE.test(text)) return 'Text must not contain invalid characters';
  return null;
}
