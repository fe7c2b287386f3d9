import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { HttpError, unsupportedType } from '../errors';

/** Deeper than any form of ours nests (an invoice's items are three levels); past it a body is refused. */
export const MAX_BODY_DEPTH = 32;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const parseJson = koaBody({
  json: true,
  jsonStrict: true,
  jsonLimit: '1mb',
  urlencoded: false,
  text: false,
  multipart: false,
  onError: (err) => {
    const e = err as { status?: number };
    if (e.status === 413) throw new HttpError(413, 'Request is too large');
    throw new HttpError(400, 'Request body is not valid');
  },
});

/**
 * The API speaks JSON only. A state-changing request that carries another content type (a form post, a
 * text/plain "simple" request that another site's page can send without asking) is refused with 415
 * before anything runs; then the parsed body is walked once for what PostgreSQL or the stack cannot take.
 */
const READ = Symbol('json body read');

export function jsonBody(): Middleware {
  return async (ctx, next) => {
    // Read once, even when a request passes two routes that both match its path.
    const state = ctx.state as { [READ]?: boolean };
    if (state[READ]) return next();
    state[READ] = true;
    if (UNSAFE_METHODS.has(ctx.method)) {
      const declared = Boolean(ctx.get('Content-Type'));
      const hasBody = ctx.request.length > 0 || Boolean(ctx.get('Transfer-Encoding'));
      if ((declared || hasBody) && !ctx.is('application/json')) {
        throw unsupportedType('Please send the request as JSON (Content-Type: application/json)');
      }
    }
    await parseJson(ctx, async () => {});
    const problem = bodyProblem(ctx.request.body);
    if (problem) throw new HttpError(400, problem);
    await next();
  };
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
