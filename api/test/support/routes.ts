import type Router from '@koa/router';
import type { Capability } from '../../../shared/constants/roles';
import { createApp } from '../../app';
import type { Deps } from '../../deps';
import { bodyKindOf } from '../../middleware/body';
import { declaredCapability } from '../../middleware/capability';

export interface MountedRoute {
  method: string;
  /** The pattern as registered, e.g. '/api/admin/patients/:id'. */
  path: string;
  /** The body it reads through the router's guard (api/middleware/body.ts); 'none' when it reads none there. */
  body: 'json' | 'form' | 'none';
  /** What an admin route declares it needs (`requires(...)`), if anything. */
  capability?: Capability;
}

/** Every route of the app, read from the routers it mounts (HEAD, which mirrors GET, left out). */
export function mountedRoutes(deps: Deps): MountedRoute[] {
  return createApp(deps)
    .middleware.map((m) => (m as { router?: Router }).router)
    .filter((r): r is Router => Boolean(r))
    .flatMap((router) =>
      router.stack
        .filter((layer) => layer.methods.length > 0)
        .flatMap((layer) => {
          const body = layer.stack.map(bodyKindOf).find(Boolean) ?? 'none';
          const capability = layer.stack.map(declaredCapability).find(Boolean);
          return layer.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path: String(layer.path), body, ...(capability ? { capability } : {}) }));
        }),
    );
}
