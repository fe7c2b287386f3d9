import { clinicToday } from '../domain/clinic-time';
import { formatSentenceDate } from '../domain/dates';
import { coversArea, type ChartCode, type ItemStatus, type ParsedItem } from './chart-command';
import { chartTeeth, type ChartItemLike, type DrawAs } from './chart-state';
import { surfaceLabel } from './teeth';

// CHART-25, CHART-27: the chart checks what is recorded against what it already holds, the same way on the
// server (409, in the transaction that records) and in the command bar's preview (the browser has the
// chart): a duplicate of a standing item, and work that needs a tooth on a tooth that is missing. And it
// says which findings a completed procedure treats, so completing it marks them resolved.

/** An item as the checks read it: a stored one (ClinicalItem) or one about to be recorded. */
export interface CheckedItem extends ChartItemLike {
  /** CHART-29: the day the work was done, when it was recorded later. */
  performedOn?: string | null;
  history: readonly { action: string; status: string; at: string }[];
}

/** A code as the checks need it: its kind, names, drawing and span. */
export type CheckedCode = Pick<ChartCode, 'code' | 'kind' | 'names' | 'spansTeeth' | 'takesSurfaces'> & { draw: DrawAs };

/**
 * Treatments that do not treat a finding on their tooth: sealants seal sound fissures, a pulpotomy and a
 * post and core are followed by the restoration that does.
 */
export const notTreatingCodes: readonly string[] = ['sealant', 'fissure-sealant', 'pulpotomy', 'post-core'];

const day = (iso: string) => formatSentenceDate(clinicToday(new Date(iso)));

/** CHART-29: the clinic day work was done: the day given with it, else the day it was marked completed. */
export function doneOn(item: CheckedItem): string | null {
  if (item.performedOn) return item.performedOn;
  if (item.status !== 'completed') return null;
  const completed = item.history.find((e) => e.status === 'completed')?.at ?? item.createdAt;
  return clinicToday(new Date(completed));
}

/** Whether an item stands: not invalidated, and a finding not yet treated. */
export const stands = (item: CheckedItem) => !item.invalidatedAt && !(item.kind === 'finding' && item.status === 'resolved');

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** `36 MOD composite`, `18-48 scaling`: what an item names, without its status. */
export function itemWhat(item: Pick<CheckedItem, 'teeth' | 'surfaces' | 'code'>, codes: readonly CheckedCode[]): string {
  const name = codes.find((c) => c.code === item.code)?.names[0] ?? item.code;
  const teeth = item.teeth.length > 2 ? `${item.teeth[0]}-${item.teeth.at(-1)}` : item.teeth.join(' ');
  const surfaces = item.surfaces.map((s) => surfaceLabel(item.teeth[0], s)).join('');
  return [teeth, surfaces, name].filter(Boolean).join(' ');
}

export const chartCheckMessages = {
  findingTwice: (what: string, recorded: string) => `${what} is already on the chart (recorded ${recorded}): it is not recorded twice`,
  plannedTwice: (what: string, recorded: string) => `${what} is already planned (recorded ${recorded}): it is not planned twice`,
  doneTwice: (what: string, on: string) => `${what} is already recorded as done on ${on}: it is not recorded twice`,
  statusTwice: (what: string, status: string, recorded: string) => `${what} is already recorded as ${status} (recorded ${recorded}): it is not recorded twice`,
  missingAgain: (tooth: string, why: string) => `Tooth ${tooth} ${why}: it is missing already`,
  needsTooth: (tooth: string, why: string, name: string) =>
    `Tooth ${tooth} ${why}: “${name}” cannot be recorded on it (an implant, a bridge or a denture replaces a missing tooth)`,
};

const statusText: Partial<Record<ItemStatus, string>> = { existing: 'existing', 'existing-elsewhere': 'existing elsewhere', referred: 'referred' };

/** Drawings that need the tooth itself: a filling, a crown, a root canal, an extraction (and caries, a fracture). */
const needsTheTooth: readonly DrawAs[] = ['surface', 'crown', 'root', 'extraction'];

/** Why a missing tooth is missing, in words: `is charted missing`, `was extracted on 7 December 2026`. */
function whyMissing(tooth: string, standing: readonly CheckedItem[], drawOf: (code: string) => DrawAs): string {
  const gone = [...standing]
    .reverse()
    .find((i) => i.teeth.includes(tooth) && ((i.kind === 'finding' && drawOf(i.code) === 'missing') || (i.kind === 'procedure' && drawOf(i.code) === 'extraction')));
  if (!gone || gone.kind === 'finding') return 'is charted missing';
  const on = doneOn(gone);
  return gone.status === 'completed' && on ? `was extracted on ${formatSentenceDate(on)}` : 'is charted as extracted';
}

/**
 * CHART-25: the first item of `adding` (in order, each checked against the chart and the items before it)
 * that the chart refuses, in plain words, or null. Refused: the same code on the same teeth and surfaces
 * as a standing item with the same status (work done twice on one day; any other day it is re-treatment,
 * a six-monthly scaling, and allowed), and, on a missing or extracted tooth, one-tooth work that needs the
 * tooth or a finding on it (a crown where an implant stands or is planned is allowed; so are implants,
 * bridges, dentures, x-rays and other marks).
 */
export function checkAgainstChart(
  adding: readonly (ParsedItem & { performedOn?: string | null })[],
  chart: readonly CheckedItem[],
  codes: readonly CheckedCode[],
  now: Date,
): string | null {
  const drawOf = (code: string): DrawAs => codes.find((c) => c.code === code)?.draw ?? 'mark';
  const standing: CheckedItem[] = chart.filter(stands).map((i) => ({ ...i }));
  const at = now.toISOString();
  let n = 0;
  for (const item of adding) {
    const candidate: CheckedItem = { ...item, id: -1 - n++, createdAt: at, invalidatedAt: null, performedOn: item.performedOn ?? null, history: [{ action: 'create', status: item.status, at }] };
    const what = itemWhat(item, codes);
    const same = standing.find(
      (s) => s.code === item.code && s.status === item.status && sameSet(s.teeth, item.teeth) && sameSet(s.surfaces, item.surfaces) && (item.status !== 'completed' || doneOn(s) === doneOn(candidate)),
    );
    if (same) {
      if (same.kind === 'finding' && drawOf(same.code) === 'missing') return chartCheckMessages.missingAgain(same.teeth[0], whyMissing(same.teeth[0], standing, drawOf));
      if (same.kind === 'finding') return chartCheckMessages.findingTwice(what, day(same.createdAt));
      if (same.status === 'planned') return chartCheckMessages.plannedTwice(what, day(same.createdAt));
      if (same.status === 'completed') return chartCheckMessages.doneTwice(what, formatSentenceDate(doneOn(same)!));
      return chartCheckMessages.statusTwice(what, statusText[same.status] ?? same.status, day(same.createdAt));
    }
    const code = codes.find((c) => c.code === item.code);
    if (code && !code.spansTeeth && !coversArea(code) && item.teeth.length === 1) {
      const [tooth] = item.teeth;
      const state = chartTeeth(standing, drawOf, { primary: true }).find((t) => t.tooth === tooth)?.state;
      if (state === 'missing') {
        const why = whyMissing(tooth, standing, drawOf);
        if (item.kind === 'finding' && code.draw === 'missing') return chartCheckMessages.missingAgain(tooth, why);
        const implantThere = standing.some((s) => s.teeth.includes(tooth) && drawOf(s.code) === 'implant' && s.kind === 'procedure' && s.status !== 'referred');
        const allowed = code.draw === 'crown' && implantThere;
        if (needsTheTooth.includes(code.draw) && !allowed) return chartCheckMessages.needsTooth(tooth, why, code.names[0] ?? code.code);
      }
    }
    standing.push(candidate);
  }
  return null;
}

/**
 * CHART-27: whether completing `procedure` treats `finding`: both on the one tooth, the finding standing
 * and done before or on the day the work was. An extraction treats everything on its tooth (a missing
 * tooth stays missing); a filling treats caries, a fracture or wear whose surfaces it covers; a crown
 * treats them on every surface; a root canal treats a periapical lesion. Sealants, a pulpotomy and a post
 * and core treat nothing (notTreatingCodes).
 */
export function treats(procedure: CheckedItem, finding: CheckedItem, drawOf: (code: string) => DrawAs): boolean {
  if (procedure.kind !== 'procedure' || procedure.status !== 'completed' || procedure.invalidatedAt || procedure.teeth.length !== 1) return false;
  if (finding.kind !== 'finding' || finding.status !== 'condition' || finding.invalidatedAt || finding.teeth.length !== 1 || finding.teeth[0] !== procedure.teeth[0]) return false;
  const findingDraw = drawOf(finding.code);
  const procedureDraw = drawOf(procedure.code);
  if (findingDraw === 'missing') return false;
  const done = doneOn(procedure);
  if (done && done < clinicToday(new Date(finding.createdAt))) return false;
  if (procedureDraw === 'extraction') return true;
  if (notTreatingCodes.includes(procedure.code)) return false;
  if (findingDraw === 'surface') {
    if (procedureDraw === 'crown') return true;
    return procedureDraw === 'surface' && procedure.surfaces.length > 0 && finding.surfaces.every((s) => procedure.surfaces.includes(s));
  }
  if (findingDraw === 'root') return procedureDraw === 'root';
  return false;
}

/** CHART-27: whether a finding can be marked treated by hand: a standing one that is not a missing tooth. */
export const canMarkTreated = (finding: CheckedItem, drawOf: (code: string) => DrawAs) =>
  finding.kind === 'finding' && finding.status === 'condition' && !finding.invalidatedAt && drawOf(finding.code) !== 'missing';

/** CHART-27: `treated by 36 MOD composite on 7 December 2026`, what the finding's history says. */
export function treatedByText(by: CheckedItem | undefined, codes: readonly CheckedCode[], markedAt: string): string {
  if (!by) return `marked treated`;
  const on = doneOn(by) ?? clinicToday(new Date(markedAt));
  return `treated by ${itemWhat(by, codes)} on ${formatSentenceDate(on)}`;
}
