import type { ClinicalItem } from '../schemas/clinical-item';

// NOTE-17: the date an item's work was done, from the item itself: a `performedOn` day when the work was
// recorded later (CHART's past work), else the day its `completed` event was made. Never the day the item was
// first recorded: a crown planned on 7 November and completed on 7 December was done on 7 December.

/** The day (yyyy-MM-dd) or instant (ISO) the item was completed; null while it is not. */
export function completedOn(item: Pick<ClinicalItem, 'status' | 'history'> & { performedOn?: string | null }): string | null {
  if (item.status !== 'completed') return null;
  if (item.performedOn) return item.performedOn;
  const done = item.history.findLast((e) => e.status === 'completed');
  return done ? done.at : null;
}

/** The date an item stands at on a summary: its completion when completed, else when it was recorded. */
export function itemDate(item: Pick<ClinicalItem, 'status' | 'history' | 'createdAt'> & { performedOn?: string | null }): string {
  return completedOn(item) ?? item.createdAt;
}
