import type { ItemStatus } from '../../../../../shared/clinical/chart-command';

// CHART-12: the chart's colours, from the Okabe-Ito palette (told apart with any common colour-vision
// deficiency), each status also told apart by more than hue: planned work is hatched, findings are amber
// with a dark edge, work in the mouth is solid (blue done here, green found done here, grey done
// elsewhere), referred is dotted. The legend draws the same swatches.

export interface StatusLook {
  label: string;
  /** The solid colour of the status (strokes, lines, the legend's edge). */
  colour: string;
  /** The fill: a colour, or the id of a pattern the odontogram defines. */
  pattern?: 'hatch' | 'dots';
  /** A light tint under the pattern. */
  tint: string;
}

export const statusLooks: Record<ItemStatus, StatusLook> = {
  planned: { label: 'Planned', colour: '#D55E00', pattern: 'hatch', tint: '#FBE3D3' },
  completed: { label: 'Done here', colour: '#0072B2', tint: '#0072B2' },
  existing: { label: 'Existing (ours)', colour: '#009E73', tint: '#009E73' },
  'existing-elsewhere': { label: 'Existing (elsewhere)', colour: '#7C828C', tint: '#7C828C' },
  referred: { label: 'Referred', colour: '#B4538A', pattern: 'dots', tint: '#F4DDEA' },
  condition: { label: 'Finding', colour: '#E69F00', tint: '#E69F00' },
  // PLAN-18: not drawn (chartTeeth leaves it out); the list shows it greyed.
  declined: { label: 'Declined', colour: '#9AA0A6', pattern: 'dots', tint: '#EEF0F2' },
  // CHART-27: a treated finding is no longer drawn; the list shows it with an outline only.
  resolved: { label: 'Treated', colour: '#7C828C', tint: '#FFFFFF' },
};

export const legendOrder: ItemStatus[] = ['condition', 'planned', 'completed', 'existing', 'existing-elsewhere', 'referred'];

/** The words of a status in the list and the status menu. */
export const statusWords: Record<ItemStatus, string> = {
  condition: 'Finding',
  planned: 'Planned',
  completed: 'Completed',
  existing: 'Existing',
  'existing-elsewhere': 'Existing elsewhere',
  referred: 'Referred',
  declined: 'Declined (another option chosen)',
  resolved: 'Treated',
};
