import { changePasswordSchema, loginSchema } from '../../shared/schemas/auth';
import type { Middleware } from 'koa';
import type { Deps } from '../deps';
import { HttpError } from '../errors';
import { parseBody } from '../middleware/validate';
import { requireSession, sessionToken, setSessionCookie, type AuthState } from '../middleware/session';
import { login, logout } from '../services/staff/auth';
import { changeOwnPassword, endOwnSession, listOwnSessions } from '../services/staff/staff';
import { DEVICE_COOKIE, DEVICE_TTL_MS, deviceTokenFrom } from '../services/staff/trusted-devices';
import { createRouter } from './router';

// POST /api/auth/login {email, password} -> { success: true, user } | 400/401/429/503 { success: false, error }
//   (API-2: the answer is success, user, error, a refusal included)
//   Sets the session cookie and the device cookie (api/services/staff/trusted-devices.ts).
// POST /api/auth/logout (session required) -> { success }
// GET  /api/auth/me -> { user } | 401
// POST /api/auth/change-password {currentPassword, newPassword} -> { success } (AUTH-10; other sessions end)
//   | 400 wrong current password | 429 (AUTH-13: wrong current passwords count like failed sign-ins)
// GET  /api/auth/sessions -> OwnSession[] (AUTH-10; the current one marked)
// DELETE /api/auth/sessions/:id -> 204 (AUTH-10; one's own only, else 404)
// These need a session but not a changed password: they are how a temporary one is replaced (AUTH-11).
/** API-2: a refused sign-in answers in the sign-in's own shape, { success: false, error } (and fields, API-4). */
const loginRefusalShape: Middleware = async (ctx, next) => {
  try {
    await next();
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    ctx.status = err.status;
    ctx.body = err.fields ? { success: false, error: err.message, fields: err.fields } : { success: false, error: err.message };
    if (err.headers) ctx.set(err.headers);
  }
};

export function authRoutes(deps: Deps) {
  const router = createRouter<AuthState>({ prefix: '/api/auth' });

  router.post('/login', loginRefusalShape, async (ctx) => {
    const body = parseBody(loginSchema, ctx.request.body);
    const { user, token, deviceToken } = await login(deps, {
      email: body.email,
      password: body.password,
      address: ctx.ip,
      previousToken: sessionToken(ctx),
      deviceToken: deviceTokenFrom(ctx.cookies.get(DEVICE_COOKIE)),
      userAgent: ctx.get('User-Agent'),
    });
    setSessionCookie(ctx, token);
    // Sent only to the sign-in routes and never cross-site; it proves the browser, not a session.
    ctx.cookies.set(DEVICE_COOKIE, deviceToken, {
      httpOnly: true,
      sameSite: 'strict',
      secure: ctx.secure,
      path: '/api/auth',
      maxAge: DEVICE_TTL_MS,
      overwrite: true,
    });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { success: true, user: user.toPublic() };
  });

  router.post('/logout', requireSession(deps), async (ctx) => {
    await logout(deps.knex, sessionToken(ctx)!, ctx.state.user!);
    setSessionCookie(ctx, null);
    ctx.body = { success: true };
  });

  router.get('/me', requireSession(deps), async (ctx) => {
    ctx.body = { user: ctx.state.user!.toPublic() };
  });

  router.post('/change-password', requireSession(deps), async (ctx) => {
    const body = parseBody(changePasswordSchema, ctx.request.body);
    await changeOwnPassword(deps, ctx.state.user!.id, sessionToken(ctx)!, body, {
      address: ctx.ip,
      deviceToken: deviceTokenFrom(ctx.cookies.get(DEVICE_COOKIE)),
    });
    ctx.body = { success: true };
  });

  router.get('/sessions', requireSession(deps), async (ctx) => {
    ctx.body = await listOwnSessions(deps, ctx.state.user!.id, sessionToken(ctx)!);
  });

  router.delete('/sessions/:id', requireSession(deps), async (ctx) => {
    await endOwnSession(deps.knex, ctx.state.user!.id, ctx.params.id);
    ctx.status = 204;
  });

  return router;
}
