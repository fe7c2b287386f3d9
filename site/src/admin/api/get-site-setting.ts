import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { SiteSetting, SiteSettingKey } from '../../../../shared/schemas/site-setting';
import { adminKeys } from './query-keys';

// GET /api/admin/site-settings/:key -> { key, value } (value null when unset). UI-1: doctor-image reads
// are not retried.

export function getSiteSetting(key: SiteSettingKey, signal?: AbortSignal): Promise<SiteSetting> {
  return api.get<SiteSetting>(`/api/admin/site-settings/${key}`, { signal });
}

export const siteSettingQueryOptions = (key: SiteSettingKey) =>
  queryOptions({ queryKey: adminKeys.siteSetting(key), queryFn: ({ signal }) => getSiteSetting(key, signal), retry: false });

export function useSiteSetting(key: SiteSettingKey) {
  return useQuery(siteSettingQueryOptions(key));
}
