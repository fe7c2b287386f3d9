import type { Middleware, ParameterizedContext } from 'koa';
import type { Deps } from '../deps';
import { HttpError, unauthorized } from '../errors';
import { asActor } from '../platform/audit';
import { userForToken } from '../services/staff/auth';
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

/** AUTH-2: everything behind this needs a live session; otherwise 401 { error: 'Not signed in' }. */
export function requireSession(deps: Deps): Middleware<AuthState> {
  return async (ctx, next) => {
    const token = sessionToken(ctx);
    const user = token ? await userForToken(deps, token) : undefined;
    if (!user) throw unauthorized();
    ctx.state.user = user;
    // Admin answers hold patient data: never cached by a browser or a proxy.
    ctx.set('Cache-Control', 'no-store');
    // Whatever the route changes is audited as this user's doing (api/platform/audit.ts).
    await asActor({ id: user.id, name: user.displayName }, next);
  };
}

export const CHANGE_PASSWORD_FIRST = 'Please change your password';

/**
 * AUTH-11: a password the owner set is temporary. Until its holder changes it (POST /api/auth/change-password),
 * every admin route answers 403. Heads every admin route after the session guard (api/routes/router.ts).
 */
export function requirePasswordChanged(): Middleware<AuthState> {
  return async (ctx, next) => {
    if (ctx.state.user?.mustChangePassword) throw new HttpError(403, CHANGE_PASSWORD_FIRST);
    await next();
  };
}
