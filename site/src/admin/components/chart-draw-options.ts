import { drawKinds } from '../../../../shared/clinical/vocabulary';
import type { DrawAs } from '../../../../shared/clinical/chart-state';

// CHART-16, CHART-17: how the odontogram may draw a code, in the owner's words (the price list's chart
// fields and the findings editor both offer them; docs/clinical.md "The odontogram").

export const drawLabels: Record<DrawAs, string> = {
  surface: 'Surfaces filled',
  crown: 'Crown filled and ringed',
  root: 'Line in the root (a finding: ring at the apex)',
  extraction: 'Extraction (tooth crossed)',
  implant: 'Implant (screw for the root)',
  bridge: 'Bridge (bar over the teeth)',
  missing: 'Missing (dashed outline)',
  mark: 'Dot under the tooth',
};

export const drawOptions = drawKinds.map((d) => ({ value: d, label: drawLabels[d] }));

/** Names as the owner types them, comma-separated, to the list the API takes: trimmed, lower case, each once. */
export function splitNames(text: string): string[] {
  return [...new Set(text.split(',').map((n) => n.trim().toLowerCase()).filter(Boolean))];
}
