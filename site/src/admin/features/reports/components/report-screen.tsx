import { DownloadOutlined } from '@ant-design/icons';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { ErrorState } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { useToast } from '../../../components/toasts';
import { usePageTitle } from '../../../hooks/use-page-title';
import { ReportTabs } from './report-tabs';

// The owner's report screens (GST, day end, dues, case acceptance) are one shape: a title with Download CSV,
// the reports' tabs, the report's own choices (a month, a day, a range), then the report, which keeps
// showing while the next choice loads (aria-busy).

export function ReportScreen<T, V>({
  title,
  description,
  csv,
  csvFor,
  choices,
  report,
  errorText,
  children,
}: {
  title: string;
  description: string;
  /** Saves the CSV of what is on screen. */
  csv: UseMutationResult<unknown, unknown, V>;
  csvFor: V;
  /** The toolbar's fields. */
  choices: ReactNode;
  report: UseQueryResult<T>;
  errorText: string;
  children: (data: T) => ReactNode;
}) {
  usePageTitle(title);
  const toast = useToast();
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          <Button
            type="primary"
            icon={<DownloadOutlined aria-hidden="true" />}
            loading={csv.isPending}
            onClick={() => csv.mutate(csvFor, { onError: (err) => toast.failure('Error downloading report', err) })}
          >
            Download CSV
          </Button>
        }
      />
      <ReportTabs />
      {choices}
      {report.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : report.isError ? (
        <ErrorState text={errorText} />
      ) : (
        <div aria-busy={report.isFetching || undefined}>{children(report.data)}</div>
      )}
    </>
  );
}
