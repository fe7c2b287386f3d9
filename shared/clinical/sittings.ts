import type { ClinicalItem, ClinicalItemSitting } from '../schemas/clinical-item';

// NOTE-15: how a sitting of an item (PLAN-11) is named wherever its note shows: the tooth's history on the
// chart, the plan's card, the clinical summary and the FHIR record (Procedure.note).

/** "Sitting 2", "Sitting 3 (last)", "Sitting 1 (14 15)" for an item over several teeth. */
export function sittingLabel(item: Pick<ClinicalItem, 'teeth'>, index: number, sitting: Pick<ClinicalItemSitting, 'teeth' | 'final'>): string {
  const detail = [item.teeth.length > 1 && sitting.teeth.length ? sitting.teeth.join(' ') : null, sitting.final ? 'last' : null].filter(Boolean).join(', ');
  return `Sitting ${index + 1}${detail ? ` (${detail})` : ''}`;
}

/** The sittings that carry a note, each with its label: what the screens and the print list. */
export function sittingNotes(item: Pick<ClinicalItem, 'teeth' | 'sittings'>): { label: string; at: string; userName: string | null; note: string }[] {
  return (item.sittings ?? []).flatMap((s, i) => (s.note ? [{ label: sittingLabel(item, i, s), at: s.at, userName: s.userName, note: s.note }] : []));
}
