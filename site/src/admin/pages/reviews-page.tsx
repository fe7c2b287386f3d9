import { Segmented } from 'antd';
import { useState } from 'react';
import type { ReviewStatus } from '../../../../shared/schemas/review';
import { EmptyState, ErrorState, ListSkeleton } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { useReviews } from '../features/reviews/api/reviews';
import { ReviewCard } from '../features/reviews/components/review-card';
import { usePageTitle } from '../hooks/use-page-title';

// REV-4: patients' reviews wait here for the owner: Approve puts one on the website, Hide takes it off,
// Reply adds the clinic's answer under it.

const FILTERS: { value: ReviewStatus | 'all'; label: string }[] = [
  { value: 'pending', label: 'Waiting' },
  { value: 'approved', label: 'Shown' },
  { value: 'hidden', label: 'Hidden' },
  { value: 'all', label: 'All' },
];

export function ReviewsPage() {
  usePageTitle('Reviews');
  const [status, setStatus] = useState<ReviewStatus | 'all'>('pending');
  const list = useReviews(status);
  let body;
  if (list.isPending) body = <ListSkeleton count={3} label="Loading the reviews" />;
  else if (list.isError) body = <ErrorState text="Unable to load the reviews." />;
  else if (list.data.length === 0) body = <EmptyState text={status === 'pending' ? 'No review is waiting for approval.' : 'No reviews here yet.'} />;
  else
    body = (
      <div style={{ display: 'grid', gap: 12 }}>
        {list.data.map((r) => (
          <ReviewCard key={r.id} review={r} />
        ))}
      </div>
    );
  return (
    <>
      <PageHeader
        title="Reviews"
        description="Patients review their visit from the link in the email sent after it is completed. A review is on the website only once you approve it; the rating shows from ten approved reviews."
      />
      <div className="toolbar">
        <Segmented aria-label="Which reviews" options={FILTERS} value={status} onChange={(v) => setStatus(v as ReviewStatus | 'all')} />
      </div>
      {body}
    </>
  );
}
