import { surfaceLetter, type Surface } from './surface-geometry';

// CHART-1: teeth in FDI (ISO 3950) two-digit notation: the first digit is the quadrant (1-4 permanent,
// 5-8 primary; upper right, upper left, lower left, lower right), the second the tooth counted from the
// midline (1-8 permanent, 1-5 primary). Surfaces are stored as M, O, D, B, L and C (cervical); front teeth
// show O as I (incisal) and B as F (facial), upper teeth show L as P (palatal).

export const permanentTeeth: readonly string[] = [1, 2, 3, 4].flatMap((q) => [1, 2, 3, 4, 5, 6, 7, 8].map((t) => `${q}${t}`));
export const primaryTeeth: readonly string[] = [5, 6, 7, 8].flatMap((q) => [1, 2, 3, 4, 5].map((t) => `${q}${t}`));
const allTeeth = new Set([...permanentTeeth, ...primaryTeeth]);

export type Dentition = 'permanent' | 'primary';

export const isTooth = (tooth: string): boolean => allTeeth.has(tooth);
export const quadrantOf = (tooth: string): number => Number(tooth[0]);
export const dentitionOf = (tooth: string): Dentition => (quadrantOf(tooth) >= 5 ? 'primary' : 'permanent');
/** Quadrants 1, 2 (permanent) and 5, 6 (primary) are the upper jaw. */
export const isUpper = (tooth: string): boolean => [1, 2, 5, 6].includes(quadrantOf(tooth));
/** Incisors and canines: positions 1-3 in every quadrant. */
export const isFrontTooth = (tooth: string): boolean => Number(tooth[1]) <= 3;

export { surfaceCodes, type Surface } from './surface-geometry';

/**
 * How a surface is written on this tooth: O is I on a front tooth, B is F on a front tooth, L is P on an upper
 * one. CHART-19: read from the one surface table (surface-geometry.ts).
 */
export function surfaceLabel(tooth: string, surface: Surface): string {
  return surfaceLetter(tooth, surface);
}

/** The stored code a typed surface letter means: I is O, F is B, P is L, V (vestibular, Class V) is C. */
export const surfaceFromLetter: Record<string, Surface> = { M: 'M', O: 'O', I: 'O', D: 'D', B: 'B', F: 'B', L: 'L', P: 'L', C: 'C', V: 'C' };

/**
 * The teeth from the first to the last along the arch, in that order, as a bridge or splint spans them: 14-16
 * is 14, 15, 16; 12-22 crosses the midline (12, 11, 21, 22). Both in one jaw and one dentition, else null.
 */
export function teethBetween(from: string, to: string): string[] | null {
  if (!isTooth(from) || !isTooth(to)) return null;
  if (isUpper(from) !== isUpper(to) || dentitionOf(from) !== dentitionOf(to)) return null;
  const arch = archOrder(from);
  const a = arch.indexOf(from);
  const b = arch.indexOf(to);
  const span = arch.slice(Math.min(a, b), Math.max(a, b) + 1);
  return a <= b ? span : span.reverse();
}

/** The teeth of the jaw and dentition `tooth` belongs to, from the patient's right to their left. */
function archOrder(tooth: string): string[] {
  const primary = dentitionOf(tooth) === 'primary';
  const upper = isUpper(tooth);
  const [right, left] = primary ? (upper ? [5, 6] : [8, 7]) : upper ? [1, 2] : [4, 3];
  const fromMidline = Array.from({ length: primary ? 5 : 8 }, (_, i) => i + 1);
  return [...fromMidline.map((p) => `${right}${p}`).reverse(), ...fromMidline.map((p) => `${left}${p}`)];
}

/** CHART-26: a quadrant's teeth from the midline: Q1 is 11-18, Q5 (milk) 51-55. */
export function quadrantTeeth(quadrant: number): string[] {
  const count = quadrant >= 5 ? 5 : 8;
  return Array.from({ length: count }, (_, i) => `${quadrant}${i + 1}`);
}

/**
 * CHART-26: the whole mouth of a dentition, round the arches as a span is written: 18..11 21..28 then
 * 38..31 41..48 (so it reads 18-48); milk teeth 55..65 then 75..85.
 */
export function wholeMouth(dentition: Dentition): string[] {
  const [a, b, c, d] = dentition === 'permanent' ? ['18', '28', '38', '48'] : ['55', '65', '75', '85'];
  return [...teethBetween(a, b)!, ...teethBetween(c, d)!];
}

/** A span written across the jaws between the last teeth of the mouth (18-48, 28-38, 55-85): the whole mouth, else null. */
export function wholeMouthSpan(from: string, to: string): string[] | null {
  if (!isTooth(from) || !isTooth(to) || isUpper(from) === isUpper(to) || dentitionOf(from) !== dentitionOf(to)) return null;
  const last = dentitionOf(from) === 'primary' ? '5' : '8';
  return from[1] === last && to[1] === last ? wholeMouth(dentitionOf(from)) : null;
}

/** Teeth as a chart writes them: a span or area by its ends (14-16, 18-48), one or two teeth by their numbers. */
export const teethName = (teeth: readonly string[]): string => (teeth.length > 2 ? `${teeth[0]}-${teeth.at(-1)}` : teeth.join(' '));
