import type { Middleware } from 'koa';
import { forbiddenMessage, roleCan, type Capability } from '../../shared/constants/roles';
import { HttpError } from '../errors';
import type { AuthState } from './session';

const DECLARED = Symbol('capability');

export type CapabilityCheck = Middleware<AuthState> & { [DECLARED]: Capability };

/**
 * What an admin route needs (AUTH-8): `router.delete('/:id', requires('patients.delete'), handler)`. Runs after
 * the session guard; a role without the capability is refused with 403 and a message that says who may.
 * createAdminRouter refuses to register a route that does not declare one.
 */
export function requires(capability: Capability): CapabilityCheck {
  const check: Middleware<AuthState> = async (ctx, next) => {
    if (!roleCan(ctx.state.user!.role, capability)) throw new HttpError(403, forbiddenMessage(capability));
    await next();
  };
  return Object.assign(check, { [DECLARED]: capability });
}

/** The capability a route's first handler declares, if it is a `requires(...)`. */
export function declaredCapability(middleware: unknown): Capability | undefined {
  return (middleware as Partial<CapabilityCheck> | undefined)?.[DECLARED];
}
