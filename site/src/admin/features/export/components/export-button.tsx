import { DownloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import { clinicToday } from '../../../../../../shared/domain/clinic-time';
import { useToast } from '../../../components/toasts';
import { usePlatform } from '../../../platform/platform-context';
import { useCan } from '../../../session/use-can';
import { clockNow } from '../../../../lib/clock';

export type ExportResource = 'patients' | 'appointments' | 'invoices';

/** GET /api/admin/export/{resource}.csv with the list's filters (empty ones left out). */
export function exportPath(resource: ExportResource, filters: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  const qs = query.toString();
  return `/api/admin/export/${resource}.csv${qs ? `?${qs}` : ''}`;
}

// ADMIN-19: Download CSV of what the list shows (its search and filters), owner only (capability
// 'export'), saved through the platform so the desktop app saves the file too.
export function ExportButton({ resource, filters }: { resource: ExportResource; filters: Record<string, string | undefined> }) {
  const canExport = useCan('export');
  const platform = usePlatform();
  const toast = useToast();
  const save = useMutation({
    retry: false,
    mutationFn: () => platform.saveServerFile({ path: exportPath(resource, filters), fileName: `${resource}-${clinicToday(clockNow())}.csv` }),
  });
  if (!canExport) return null;
  return (
    <Button
      icon={<DownloadOutlined aria-hidden="true" />}
      loading={save.isPending}
      aria-label={`Download ${resource} as CSV`}
      onClick={() =>
        save.mutate(undefined, {
          onSuccess: (result) => {
            if (result === 'saved') toast.success('Export ready', `The ${resource} list has been downloaded.`);
          },
          onError: (err) => toast.failure('Error exporting', err),
        })
      }
    >
      <span className="label-wide">CSV</span>
    </Button>
  );
}
