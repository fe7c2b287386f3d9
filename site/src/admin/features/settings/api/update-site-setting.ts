import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { SiteSetting, SiteSettingKey } from '../../../../../../shared/schemas/site-setting';
import { adminKeys, publicKeys } from '../../../api/query-keys';

// PUT /api/admin/site-settings/:key {value} -> { key, value }

export function updateSiteSetting({ key, value }: { key: SiteSettingKey; value: string }): Promise<SiteSetting> {
  return api.put<SiteSetting>(`/api/admin/site-settings/${key}`, { value });
}

export function useUpdateSiteSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSiteSetting,
    onSuccess: (saved, { key }) => {
      queryClient.setQueryData(adminKeys.siteSetting(key), saved);
      void queryClient.invalidateQueries({ queryKey: adminKeys.siteSetting(key) });
      if (key === 'doctor_image') void queryClient.invalidateQueries({ queryKey: publicKeys.doctorImage });
    },
  });
}
