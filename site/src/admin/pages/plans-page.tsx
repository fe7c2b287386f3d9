import { PageHeader } from '../components/page-header';
import { FollowUpPanel, ToBookPanel } from '../features/plans/components/desk-panels';
import { usePageTitle } from '../hooks/use-page-title';

// PLAN-10, PLAN-13: the front desk's plans: visits of accepted plans to book, proposed plans to follow up.
export function PlansPage() {
  usePageTitle('Treatment plans');
  return (
    <>
      <PageHeader title="Treatment plans" description="Visits to book and plans waiting for an answer" />
      <ToBookPanel />
      <FollowUpPanel />
    </>
  );
}
