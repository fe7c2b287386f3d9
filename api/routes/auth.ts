import { loginSchema } from '../../shared/schemas/auth';
import type { Deps } from '../deps';
import { parseBody } from '../middleware/validate';
import { requireSession, sessionToken, setSessionCookie, type AuthState } from '../middleware/session';
import { login, logout } from '../services/auth';
import { createRouter } from './router';

// POST /api/auth/login {email, password} -> { success, user } | 400/401/429 { success:false, error }
// POST /api/auth/logout (session required) -> { success }
// GET  /api/auth/me -> { user } | 401
export function authRoutes(deps: Deps) {
  const router = createRouter<AuthState>({ prefix: '/api/auth' });

  router.post('/login', async (ctx) => {
    const body = parseBody(loginSchema, ctx.request.body);
    const { user, token } = await login(deps.knex, deps.throttle, {
      email: body.email,
      password: body.password,
      address: ctx.ip,
      previousToken: sessionToken(ctx),
    });
    setSessionCookie(ctx, token);
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
