import { ApiError } from '../../lib/api-client';

/** ADMIN-16: a failure toast shows the server's message, else "Please try again.". */
export function errorDescription(error: unknown): string {
  if (error instanceof ApiError && error.message && !/^HTTP \d{3}\b/.test(error.message)) return error.message;
  return 'Please try again.';
}

/** For mutations: true for a 4xx answer (never worth resending). */
export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}
