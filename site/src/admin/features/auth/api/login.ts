import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { LoginAnswer, LoginInput } from '../../../../../../shared/schemas/auth';

// POST /api/auth/login {email, password} -> { success, user } | 400/401/429 { success: false, error }

export function login(input: LoginInput): Promise<LoginAnswer> {
  return api.post<LoginAnswer>('/api/auth/login', input);
}

// A wrong password is not worth a retry (and would count twice against the login throttle).
export function useLogin() {
  return useMutation({ mutationFn: login, retry: false });
}
