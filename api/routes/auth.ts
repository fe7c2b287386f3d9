import { loginSchema } from '../../shared/schemas/auth';
import type { Deps } from '../deps';
import { parseBody } from '../middleware/validate';
import { requireSession, sessionToken, setSessionCookie, type AuthState } from '../middleware/session';
import { login, logout } from '../services/auth';
import { DEVICE_COOKIE, DEVICE_TTL_MS, deviceTokenFrom } from '../services/trusted-devices';
import { createRouter } from './router';

// POST /api/auth/login {email, password} -> { success, user } | 400/401/429/503 { error }
//   Sets the session cookie and the device cookie (api/services/trusted-devices.ts).
// POST /api/auth/logout (session required) -> { success }
// GET  /api/auth/me -> { user } | 401
export function authRoutes(deps: Deps) {
  const router = createRouter<AuthState>({ prefix: '/api/auth' });

  router.post('/login', async (ctx) => {
    const body = parseBody(loginSchema, ctx.request.body);
    const { user, token, deviceToken } = await login(deps, {
      email: body.email,
      password: body.password,
      address: ctx.ip,
      previousToken: sessionToken(ctx),
      deviceToken: deviceTokenFrom(ctx.cookies.get(DEVICE_COOKIE)),
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
    await logout(deps.knex, sessionToken(ctx)!);
    setSessionCookie(ctx, null);
    ctx.body = { success: true };
  });

  router.get('/me', requireSession(deps), async (ctx) => {
    ctx.body = { user: ctx.state.user!.toPublic() };
  });

  return router;
}
