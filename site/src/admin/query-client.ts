import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

// UI-1: fresh for 5 minutes, queries retry 3 times, mutations once, no refetch on window
// focus, no polling. A 4xx answer is not retried (the same request would get the same answer, and a retried
// 401 would only delay the redirect to the login page); 429 and 5xx and network failures are.
function retriable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500 || error.status === 429;
  return true;
}

export function createAdminQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        retry: (failureCount, error) => failureCount < 3 && retriable(error),
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: (failureCount, error) => failureCount < 1 && retriable(error),
      },
    },
  });
}
