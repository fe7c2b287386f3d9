import type { ItemStatus } from '../../../../../shared/clinical/chart-command';
import { isTooth, permanentTeeth, primaryTeeth } from '../../../../../shared/clinical/teeth';
import { addDays, clinicToday } from '../../../../../shared/domain/clinic-time';
import type { ClinicalItem } from '../../../../../shared/schemas/clinical-item';
import { legendOrder } from './chart-colours';

// CHART-13: what the list beside the chart and the timeline show, read from the chart's items: the list
// grouped by tooth (in FDI order: 11..18, 21..28, 31..38, 41..48, then milk teeth), by date (newest first) or by status, invalidated items only
// when asked (struck through); the timeline's stops are the clinic days the chart changed on (an item
// recorded, its status changed, an invalidation), and the day before the first, when the chart was empty.

export type ListGrouping = 'tooth' | 'date' | 'status';

export interface ItemGroup {
  key: string;
  title: string;
  items: ClinicalItem[];
}

const toothOrder = new Map([...permanentTeeth, ...primaryTeeth].map((t, i) => [t, i]));
const firstTooth = (item: ClinicalItem) => toothOrder.get(item.teeth[0]) ?? 999;
/** A span is named by its ends (14-16), one or a few teeth by their numbers. */
export const teethName = (teeth: readonly string[]) => (teeth.length > 2 ? `${teeth[0]}-${teeth.at(-1)}` : teeth.join(' '));
const newestFirst = (a: ClinicalItem, b: ClinicalItem) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

export function groupItems(items: readonly ClinicalItem[], grouping: ListGrouping, options: { showInvalidated: boolean; dayTitle: (day: string) => string }): ItemGroup[] {
  const shown = items.filter((i) => options.showInvalidated || !i.invalidatedAt);
  const groups = new Map<string, ItemGroup>();
  const add = (key: string, title: string, item: ClinicalItem) => {
    const group = groups.get(key) ?? { key, title, items: [] };
    group.items.push(item);
    groups.set(key, group);
  };
  if (grouping === 'tooth') {
    for (const item of [...shown].sort((a, b) => firstTooth(a) - firstTooth(b) || newestFirst(a, b))) {
      const name = teethName(item.teeth);
      add(name, item.teeth.length > 1 ? `Teeth ${name}` : `Tooth ${name}`, item);
    }
  } else if (grouping === 'date') {
    for (const item of [...shown].sort(newestFirst)) {
      const day = clinicToday(new Date(item.createdAt));
      add(day, options.dayTitle(day), item);
    }
  } else {
    const order: (ItemStatus | 'invalidated')[] = [...legendOrder, 'resolved', 'invalidated'];
    const sorted = [...shown].sort((a, b) => {
      const sa = order.indexOf(a.invalidatedAt ? 'invalidated' : a.status);
      const sb = order.indexOf(b.invalidatedAt ? 'invalidated' : b.status);
      return sa - sb || firstTooth(a) - firstTooth(b) || newestFirst(a, b);
    });
    for (const item of sorted) {
      const key = item.invalidatedAt ? 'invalidated' : item.status;
      add(key, key === 'invalidated' ? 'Invalidated' : statusTitles[item.status], item);
    }
  }
  return [...groups.values()];
}

const statusTitles: Record<ItemStatus, string> = {
  condition: 'Findings',
  planned: 'Planned',
  completed: 'Completed',
  existing: 'Existing',
  'existing-elsewhere': 'Existing elsewhere',
  referred: 'Referred',
  declined: 'Declined',
  resolved: 'Treated findings',
};

/** The clinic days the chart changed on, oldest first, after the day before the first change (an empty chart). */
export function timelineDays(items: readonly ClinicalItem[]): string[] {
  const days = new Set<string>();
  for (const item of items) {
    days.add(clinicToday(new Date(item.createdAt)));
    for (const event of item.history) days.add(clinicToday(new Date(event.at)));
    if (item.invalidatedAt) days.add(clinicToday(new Date(item.invalidatedAt)));
  }
  const sorted = [...days].sort();
  return sorted.length ? [addDays(sorted[0], -1), ...sorted] : [];
}

/** Every item that names the tooth, newest first, invalidated ones too: the tooth's history. */
export function toothHistory(items: readonly ClinicalItem[], tooth: string): ClinicalItem[] {
  if (!isTooth(tooth)) return [];
  return items.filter((i) => i.teeth.includes(tooth)).sort(newestFirst);
}

/** Whether the items chart milk teeth that stand (for the default dentition). */
export const chartsMilkTeeth = (items: readonly ClinicalItem[]) => items.some((i) => !i.invalidatedAt && i.teeth.some((t) => Number(t[0]) >= 5));
