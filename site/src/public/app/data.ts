import { createContext, useContext } from 'react';
import { ApiError, api } from '../../lib/api-client';
import { managePath } from '../../../../shared/schemas/manage-appointment';
import { QueryCache, useQuery } from './query';
import type { Route } from './routes';

// Public data is read through the public API's own paths, which are also the query keys. The server
// renders a page with the same data (read from the database at request time) and embeds it in the page,
// so the first render in the browser finds it in the cache and hydrates without a loading state.

// The shapes of what these paths answer are defined once, in shared/schemas (blog-post, gallery-image,
// site-setting, appointment). The booking form reads Availability from here.
export type { Availability } from '../../../../shared/schemas/appointment';

export const paths = {
  posts: '/api/blog-posts',
  post: (slug: string) => `/api/blog-posts/${encodeURIComponent(slug)}`,
  gallery: '/api/gallery',
  doctorImage: '/api/site-settings/doctor_image',
  availability: (date: string) => `/api/appointments/availability?date=${encodeURIComponent(date)}`,
  appointments: '/api/appointments',
  bookingRules: '/api/appointments/rules',
  /** REV-5: approved reviews, and the rating from ten of them on. */
  reviews: '/api/reviews',
};

/**
 * What a route needs before it can render (read on the server, embedded for the browser). Every page can
 * open the booking form, so every page carries the booking rules (a few bytes: the date picker's window).
 */
export function routeDataPaths(route: Route): string[] {
  return [...pageDataPaths(route), paths.bookingRules];
}

function pageDataPaths(route: Route): string[] {
  switch (route.name) {
    case 'home':
      return [paths.reviews];
    case 'about':
      return [paths.doctorImage];
    case 'blogs':
      return [paths.posts];
    case 'post':
      return [paths.post(route.slug), paths.posts];
    case 'gallery':
      return [paths.gallery];
    case 'manage':
      return [managePath(route.token)];
    default:
      return [];
  }
}

/** A post that does not exist or is not published reads as null, so the page can say 'Article Not Found'. */
export async function fetchPublic(path: string): Promise<unknown> {
  try {
    return await api.get<unknown>(path);
  } catch (err) {
    if ((path.startsWith(`${paths.posts}/`) || path.startsWith('/api/appointment-links/')) && err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** UI-1: fresh for 5 minutes, queries retry 3 times, no refetch on focus, no polling. */
export function createQueryCache(): QueryCache {
  return new QueryCache(fetchPublic, { staleTime: 5 * 60 * 1000, retry: 3 });
}

/** The data the server embedded in the page: values by path, and the paths whose read failed. */
export interface PagePayload {
  data: Record<string, unknown>;
  errors: string[];
  /** The site's public origin (config.publicUrl), for canonical links after a navigation. */
  origin: string;
}

const FailedOnServer = createContext<ReadonlySet<string>>(new Set());
export const FailedOnServerProvider = FailedOnServer.Provider;

export interface PublicData<T> {
  data: T | undefined;
  status: 'pending' | 'error' | 'success';
}

/**
 * Reads one public path. A read that failed while the server rendered the page is shown as failed at once
 * (the page's Try Again reloads it), instead of flashing a loading state during hydration.
 */
export function usePublicData<T>(path: string, options: { retry?: boolean } = {}): PublicData<T> {
  const failed = useContext(FailedOnServer).has(path);
  const query = useQuery<T>(path, { enabled: !failed, retry: options.retry === false ? 0 : undefined });
  if (failed || query.status === 'error') return { data: undefined, status: 'error' };
  if (query.data === undefined) return { data: undefined, status: 'pending' };
  return { data: query.data, status: 'success' };
}
