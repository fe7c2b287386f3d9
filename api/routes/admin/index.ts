import Router from '@koa/router';
import type { Deps } from '../../deps';
import type { AuthState } from '../../middleware/session';

// Every /api/admin path is behind the session check in api/app.ts (D6). Each resource adds its routes here.
export function adminRoutes(_deps: Deps) {
  const router = new Router<AuthState>({ prefix: '/api/admin' });
  return router;
}
