import type { ItemKind, ItemStatus } from './chart-command';
import { isTooth, permanentTeeth, primaryTeeth, type Surface } from './teeth';

// CHART-4: what the chart draws on each tooth, read from the clinical items alone, so the chart at any past
// date is the same function of the items as they stood then (an item counts from its creation until it is
// invalidated). Later items draw over earlier ones; a finding marked treated is not drawn (CHART-27).

/** How a code is drawn on the odontogram (each procedure and finding code says which). */
export type DrawAs = 'surface' | 'crown' | 'root' | 'extraction' | 'implant' | 'bridge' | 'missing' | 'mark';

export interface ChartItemLike {
  id: number;
  teeth: string[];
  surfaces: Surface[];
  code: string;
  kind: ItemKind;
  status: ItemStatus;
  createdAt: string;
  invalidatedAt: string | null;
}

export type ToothState = 'present' | 'missing' | 'implant' | 'pontic';

export interface ToothMark {
  itemId: number;
  code: string;
  draw: DrawAs;
  kind: ItemKind;
  status: ItemStatus;
  surfaces: Surface[];
}

export interface ToothChart {
  tooth: string;
  state: ToothState;
  /** Everything drawn on the tooth, oldest first (the last one is on top). */
  marks: ToothMark[];
}

/** Work that is in the mouth: done here, found done here or elsewhere. */
const inMouth = (status: ItemStatus) => status === 'completed' || status === 'existing' || status === 'existing-elsewhere';

/** The items that stood at `at` (an ISO time): created by then and not invalidated by then. */
export function itemsAt<T extends ChartItemLike>(items: readonly T[], at: string | null): T[] {
  if (!at) return items.filter((i) => !i.invalidatedAt);
  return items.filter((i) => i.createdAt <= at && (!i.invalidatedAt || i.invalidatedAt > at));
}

/**
 * Every tooth of the dentition shown with its state and marks. `drawOf` says how a code is drawn (unknown
 * codes are a mark). Missing: a missing finding or an extraction in the mouth; implant: an implant in the
 * mouth; pontic: a tooth inside a bridge in the mouth (its ends are the abutments).
 */
export function chartTeeth(items: readonly ChartItemLike[], drawOf: (code: string) => DrawAs, options: { primary?: boolean } = {}): ToothChart[] {
  const teeth = new Map<string, ToothChart>();
  const shown = [...permanentTeeth, ...(options.primary ? primaryTeeth : [])];
  for (const tooth of shown) teeth.set(tooth, { tooth, state: 'present', marks: [] });
  const ordered = [...items].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
  for (const item of ordered) {
    // PLAN-18: the work of an option the patient did not choose is not on the teeth (the chart at a date
    // before the choice reads the item as it stood then, planned, and draws it).
    if (item.status === 'declined') continue;
    // CHART-27: a treated finding no longer stands on the tooth (the chart at an earlier date, when it stood, still draws it).
    if (item.kind === 'finding' && item.status === 'resolved') continue;
    const draw = drawOf(item.code);
    item.teeth.forEach((tooth, index) => {
      if (!isTooth(tooth)) return;
      let chart = teeth.get(tooth);
      if (!chart) {
        // A milk tooth charted on a chart of adult teeth: shown too (mixed dentition).
        chart = { tooth, state: 'present', marks: [] };
        teeth.set(tooth, chart);
      }
      chart.marks.push({ itemId: item.id, code: item.code, draw, kind: item.kind, status: item.status, surfaces: item.surfaces });
      const stands = item.kind === 'finding' || inMouth(item.status);
      if (!stands) return;
      if (draw === 'missing' || draw === 'extraction') chart.state = 'missing';
      else if (draw === 'implant') chart.state = 'implant';
      else if (draw === 'bridge' && index > 0 && index < item.teeth.length - 1) chart.state = 'pontic';
    });
  }
  return [...teeth.values()];
}
