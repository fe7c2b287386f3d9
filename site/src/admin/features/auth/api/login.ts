import { api } from '../../../../lib/api-client';
import type { LoginAnswer, LoginInput } from '../../../../../../shared/schemas/auth';

// POST /api/auth/login {email, password} -> { success, user } | 400/401/429 { success: false, error }
// Called once per press of Sign In, never retried: a wrong password is not worth a retry (and would count
// twice against the login throttle). No TanStack Query here: the sign-in page loads without it.

export function login(input: LoginInput): Promise<LoginAnswer> {
  return api.post<LoginAnswer>('/api/auth/login', input);
}
