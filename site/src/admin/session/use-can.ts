import { roleCan, type Capability } from '../../../../shared/constants/roles';
import { useAuthStore } from './auth-store';

/**
 * Whether the signed-in user's role may do something (AUTH-8), to hide what it cannot; the server refuses it
 * anyway (403). A user stored before roles existed has none: such accounts were all owners, and
 * GET /api/auth/me brings the role in on load.
 */
export function useCan(capability: Capability): boolean {
  const role = useAuthStore((s) => s.user?.role ?? 'owner');
  return roleCan(role, capability);
}
