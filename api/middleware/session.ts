import type { Middleware, ParameterizedContext } from 'koa';
import type { Deps } from '../deps';
import { unauthorized } from '../errors';
import { userForToken } from '../services/auth';
import type { User } from '../models/user';

export const SESSION_COOKIE = 'sid';

export interface AuthState {
  user?: User;
}

export function sessionToken(ctx: ParameterizedContext): string | undefined {
  return ctx.cookies.get(SESSION_COOKIE) || undefined;
}

export function setSessionCookie(ctx: ParameterizedContext, token: string | null): void {
  ctx.cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    path: '/',
    overwrite: true,
  });
}

/** D6: everything behind this needs a live session; otherwise 401 { error: 'Not signed in' }. */
export function requireSession(deps: Deps): Middleware<AuthState> {
  return async (ctx, next) => {
    const token = sessionToken(ctx);
    const user = token ? await userForToken(deps.knex, token) : undefined;
    if (!user) throw unauthorized();
    ctx.state.user = user;
    // Admin answers hold patient data: never cached by a browser or a proxy.
    ctx.set('Cache-Control', 'no-store');
    await next();
  };
}
