import Router, { type RouterMiddleware } from '@koa/router';
import type { DefaultState, Middleware } from 'koa';
import type { Deps } from '../deps';
import { readBody, type FormBody } from '../middleware/body';
import { declaredCapability } from '../middleware/capability';
import { mergedPatientGuard } from '../middleware/merged-patient';
import { requirePasswordChanged, requireSession, type AuthState } from '../middleware/session';

/**
 * Every router of the API is made here, so every route follows the same rules:
 * - routing is case-sensitive: '/API/ADMIN/patients' is not an admin route (it is an unknown page);
 * - a route reads JSON bodies only (415 otherwise), parsed after its guard has run, so a request
 *   without a session never has its body read; `body: { form: ... }` for the personal pages' plain form
 *   posts, which meet the same walls (SEC-4, api/middleware/body.ts); `body: 'none'` for routes that read
 *   no body, and the upload, which parses its own multipart;
 * - an admin router's routes each begin with the session guard (AUTH-2).
 */
export interface RouterOptions {
  prefix?: string;
  body?: 'json' | 'none' | FormBody;
}

/**
 * Makes a router that puts its rules at the head of every route it registers. The rules live in each
 * route's own middleware list, not in `router.use`: a `use` layer matches every path under the router's
 * prefix (the dashboard's '/api/admin' covers every admin path) and runs for whichever route matched.
 * (@koa/router's `register` is where get/post/put/patch/delete/all add a route.)
 */
function ruledRouter<S>(
  options: RouterOptions,
  rules: Middleware[],
  mustDeclare = false,
  routeGuard?: (methods: string[], fullPath: string) => Middleware | null,
): Router<S> {
  const router = new Router<S>({ prefix: options.prefix, sensitive: true });
  const body = options.body ?? 'json';
  const heads = (body === 'none' ? rules : [...rules, readBody(body)]) as RouterMiddleware<S>[];
  const register = router.register.bind(router);
  router.register = ((path, methods, middleware, layerOptions) => {
    // Route layers have methods; `use` layers (methods []) and nested routers are left as they are.
    if (methods.length === 0) return register(path, methods, middleware, layerOptions);
    const own = [middleware].flat();
    if (mustDeclare && !declaredCapability(own[0])) {
      throw new Error(`${methods.join(',').toUpperCase()} ${options.prefix ?? ''}${String(path)}: an admin route must begin with requires(<capability>)`);
    }
    const guard = routeGuard?.(methods, `${options.prefix ?? ''}${String(path)}`);
    // A route's own guard runs after its capability check, so a role that may not is still told so (403).
    const rest = (guard ? [own[0], guard, ...own.slice(1)] : own) as RouterMiddleware<S>[];
    return register(path, methods, [...heads, ...rest], layerOptions);
  }) as typeof router.register;
  return router;
}

export function createRouter<S = DefaultState>(options: RouterOptions = {}): Router<S> {
  return ruledRouter<S>(options, []);
}

/**
 * A router whose every route needs a signed-in user (AUTH-2): the session guard heads each route's own
 * middleware, so no route added to it can run without one, whatever the spelling of the path that reached
 * it. A user holding a temporary password is refused there too (AUTH-11). Each route must also declare the capability it needs (AUTH-8) as its first handler,
 * `requires('patients.delete')`, or registering it throws. api/test/security/route-guard.test.ts walks
 * every route of the app, and roles.test.ts every admin route for each role. A route that writes a patient
 * named in its path gets the merged-record guard after its capability (PAT-16, api/middleware/merged-patient.ts).
 */
export function createAdminRouter<S extends AuthState = AuthState>(deps: Deps, options: RouterOptions & { prefix: string }): Router<S> {
  return ruledRouter<S>(options, [requireSession(deps) as Middleware, requirePasswordChanged() as Middleware], true, (methods, fullPath) =>
    mergedPatientGuard(deps, methods, fullPath),
  );
}
