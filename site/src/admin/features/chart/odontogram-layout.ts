import { toothTypeOf, type ToothType } from '../../../../../shared/clinical/surface-geometry';
import { dentitionOf, isUpper, quadrantOf } from '../../../../../shared/clinical/teeth';

// CHART-10: where each tooth sits on the odontogram, as a dentist's chart lays the mouth out: seen from the
// front, the patient's right on the viewer's left; upper right 18..11 | 21..28 upper left, lower right
// 48..41 | 31..38 lower left; milk teeth 55..51 | 61..65 and 85..81 | 71..75, each over the column of the
// adult tooth that replaces it (55 over 15). Mixed dentition shows four rows: adult upper, milk upper,
// milk lower, adult lower. Pure geometry, so the keyboard's tooth cursor and the drawing agree.

export type DentitionView = 'permanent' | 'primary' | 'mixed';
export type ToothKind = ToothType;

export interface ToothSlot {
  tooth: string;
  /** Centre of the tooth's column. */
  x: number;
  /** Top of the tooth's cell. */
  y: number;
  /** 1 for adult teeth, smaller for milk teeth. */
  scale: number;
  upper: boolean;
  kind: ToothKind;
  /** The mesial side (towards the midline) is on the viewer's right: the patient's right quadrants. */
  mesialRight: boolean;
  row: number;
  col: number;
}

export interface OdontogramLayout {
  width: number;
  height: number;
  /** Each row's teeth, left to right on the screen, top row first. */
  rows: string[][];
  slots: ToothSlot[];
  /** x of the midline, y of the occlusal plane (between the upper and lower rows). */
  midlineX: number;
  occlusalY: number;
}

/** The width of one tooth column and the gap at the midline. */
export const COLUMN = 44;
// Small, so sixteen 44-unit columns fit a tablet at 44 px each (UI-16).
const MIDLINE_GAP = 4;
/** The height of an adult tooth's cell: number, root, crown, surface map. */
export const CELL_HEIGHT = 150;
const PRIMARY_SCALE = 0.78;
const ROW_GAP = 14;

export const toothKind = (tooth: string): ToothKind => toothTypeOf(tooth);

/** The patient's right quadrants (1, 4, 5, 8), drawn on the viewer's left. */
const onPatientsRight = (tooth: string) => [1, 4, 5, 8].includes(quadrantOf(tooth));

/** A quadrant's teeth left to right on the screen. */
function quadrantRow(quadrant: number): string[] {
  const count = quadrant >= 5 ? 5 : 8;
  const teeth = Array.from({ length: count }, (_, i) => `${quadrant}${i + 1}`);
  return [1, 4, 5, 8].includes(quadrant) ? teeth.reverse() : teeth;
}

const rowQuadrants: Record<'upperPermanent' | 'upperPrimary' | 'lowerPrimary' | 'lowerPermanent', [number, number]> = {
  upperPermanent: [1, 2],
  upperPrimary: [5, 6],
  lowerPrimary: [8, 7],
  lowerPermanent: [4, 3],
};

/** The column's centre of a tooth: adult position 8 on the patient's right is column 0; milk teeth take their successor's column. */
function columnX(tooth: string): { x: number; col: number } {
  const position = Number(tooth[1]);
  const col = onPatientsRight(tooth) ? 8 - position : 7 + position;
  const x = col * COLUMN + COLUMN / 2 + (col >= 8 ? MIDLINE_GAP : 0);
  return { x, col };
}

export function odontogramLayout(view: DentitionView): OdontogramLayout {
  const names: (keyof typeof rowQuadrants)[] =
    view === 'permanent' ? ['upperPermanent', 'lowerPermanent'] : view === 'primary' ? ['upperPrimary', 'lowerPrimary'] : ['upperPermanent', 'upperPrimary', 'lowerPrimary', 'lowerPermanent'];
  const rows = names.map((name) => rowQuadrants[name].flatMap(quadrantRow));
  const slots: ToothSlot[] = [];
  let y = 0;
  let occlusalY = 0;
  rows.forEach((row, rowIndex) => {
    const primary = dentitionOf(row[0]) === 'primary';
    const scale = primary ? PRIMARY_SCALE : 1;
    const upper = isUpper(row[0]);
    if (!upper && rows[rowIndex - 1] && isUpper(rows[rowIndex - 1][0])) {
      occlusalY = y + ROW_GAP / 2;
      y += ROW_GAP;
    }
    for (const tooth of row) {
      const { x, col } = columnX(tooth);
      slots.push({ tooth, x, y, scale, upper, kind: toothKind(tooth), mesialRight: onPatientsRight(tooth), row: rowIndex, col });
    }
    y += CELL_HEIGHT * scale;
  });
  // Only milk teeth: the chart is as wide as their ten columns.
  const minX = Math.min(...slots.map((s) => s.x)) - COLUMN / 2;
  if (minX > 0) for (const slot of slots) slot.x -= minX;
  const width = Math.max(...slots.map((s) => s.x)) + COLUMN / 2;
  return { width, height: y, rows, slots, midlineX: 8 * COLUMN + MIDLINE_GAP / 2 - Math.max(0, minX), occlusalY };
}

/** The default view for a patient: milk teeth under 6, mixed from 6 to 12, adult teeth from 13 (or when the age is not known). */
export function defaultDentition(ageYears: number | null, chartsMilkTeeth: boolean): DentitionView {
  if (ageYears !== null && ageYears < 6) return 'primary';
  if ((ageYears !== null && ageYears <= 12) || chartsMilkTeeth) return 'mixed';
  return 'permanent';
}

/** Whole years between a date of birth and a day, both YYYY-MM-DD. */
export function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number);
  const [y, m, d] = day.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/**
 * CHART-20: how work charted on a whole tooth, without surfaces, is drawn: a sealant as a fissure line across
 * the surface map, a veneer as a bar on the lip side, gum treatment (perio) as a wavy line at the neck, any
 * other surface work (a composite with no surfaces given) as a ring round the map, any other mark (an X-ray,
 * mobility, scaling) as a dot under the map. Null: drawn as its code says (surfaces, crown, root, ...).
 */
export type WholeToothSymbol = 'sealant' | 'veneer' | 'gum' | 'whole' | 'other';
export const wholeToothSymbols: readonly { symbol: WholeToothSymbol; label: string }[] = [
  { symbol: 'sealant', label: 'Sealant, whole tooth' },
  { symbol: 'veneer', label: 'Veneer, whole face' },
  { symbol: 'gum', label: 'Gum treatment' },
  { symbol: 'whole', label: 'Whole tooth, no surfaces' },
  { symbol: 'other', label: 'Other work on the tooth' },
];
export function wholeToothSymbol(mark: { draw: string; code: string; surfaces: readonly string[] }): WholeToothSymbol | null {
  if (mark.draw === 'surface') {
    if (mark.surfaces.length > 0) return null;
    if (mark.code === 'sealant' || mark.code === 'fissure-sealant') return 'sealant';
    if (mark.code === 'veneer') return 'veneer';
    return 'whole';
  }
  if (mark.draw === 'mark') return mark.code === 'perio' ? 'gum' : 'other';
  return null;
}

/** The whole-tooth symbols drawn on a chart, for its legend. */
export function symbolsDrawn(teeth: readonly { marks: readonly { draw: string; code: string; surfaces: readonly string[] }[] }[]): Set<WholeToothSymbol> {
  const found = new Set<WholeToothSymbol>();
  for (const t of teeth) for (const m of t.marks) {
    const symbol = wholeToothSymbol(m);
    if (symbol) found.add(symbol);
  }
  return found;
}

/**
 * CHART-21: the charted items the dentition shown hides (items on milk teeth in the Adult view, on adult teeth
 * in the Milk view), so the screen can say so and offer the view that shows them. Read from what the chart
 * draws (chartTeeth, all teeth), so an item the chart would not draw is not counted; previews (negative ids)
 * are not items yet.
 */
export function hiddenItemIds(teeth: readonly { tooth: string; marks: readonly { itemId: number }[] }[], layout: Pick<OdontogramLayout, 'slots'>): number[] {
  const shown = new Set(layout.slots.map((s) => s.tooth));
  const onShown = new Set<number>();
  const onHidden = new Set<number>();
  for (const t of teeth) for (const m of t.marks) if (m.itemId > 0) (shown.has(t.tooth) ? onShown : onHidden).add(m.itemId);
  return [...onHidden].filter((id) => !onShown.has(id)).sort((a, b) => a - b);
}
