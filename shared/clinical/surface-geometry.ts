// CHART-19: where a tooth's surfaces are, from one table per arch and tooth type. Each row says which way
// the tooth's B and L surfaces face (the lips or the cheek, the tongue or the palate), how each surface is
// written on that tooth (O is I on a front tooth, B is F on a front tooth, L is P on an upper one) and where
// it sits on the chart's five-part surface map: the vestibular side (lips, cheek) faces out, away from the
// biting plane (up for an upper tooth, down for a lower one), the oral side (tongue, palate) faces the
// biting plane, M is towards the midline, D away from it, O (I) in the middle. The odontogram's drawing,
// its click targets and the enlarged tooth picker draw from this table; the print and FHIR name surfaces
// with it. Self-contained (teeth.ts reads its letters from here), so nothing can draw or name a surface
// another way.

/** The stored surface codes, in the order a chart writes them. */
export const surfaceCodes = ['M', 'O', 'D', 'B', 'L', 'C'] as const;
export type Surface = (typeof surfaceCodes)[number];
/** The surfaces of the five-part map (cervical is the band at the tooth's neck, not on the map). */
export type MapSurface = Exclude<Surface, 'C'>;
export const mapSurfaces: readonly MapSurface[] = ['O', 'M', 'D', 'B', 'L'];

export type Arch = 'upper' | 'lower';
export type ToothType = 'incisor' | 'canine' | 'premolar' | 'molar';
/** What a surface faces in the mouth. */
export type Facing = 'lips' | 'cheek' | 'tongue' | 'palate' | 'midline' | 'away from the midline' | 'biting edge' | 'biting surface' | 'gum';
/** A region of the surface map as drawn on the screen. */
export type MapSide = 'centre' | 'top' | 'bottom' | 'left' | 'right';

export interface SurfaceRow {
  /** What the surface is written as on this tooth. */
  letter: string;
  /** Its name in words (the print, FHIR's display text). */
  name: string;
  faces: Facing;
}

export interface ToothTypeGeometry {
  /** The side of the surface map the vestibular (B) surface is drawn on; L is drawn opposite. */
  vestibularSide: 'top' | 'bottom';
  surfaces: Record<Surface, SurfaceRow>;
}

const proximal = {
  M: { letter: 'M', name: 'mesial', faces: 'midline' },
  D: { letter: 'D', name: 'distal', faces: 'away from the midline' },
  C: { letter: 'C', name: 'cervical', faces: 'gum' },
} as const satisfies Partial<Record<Surface, SurfaceRow>>;

function row(arch: Arch, front: boolean): ToothTypeGeometry {
  const upper = arch === 'upper';
  return {
    vestibularSide: upper ? 'top' : 'bottom',
    surfaces: {
      ...proximal,
      O: front ? { letter: 'I', name: 'incisal', faces: 'biting edge' } : { letter: 'O', name: 'occlusal', faces: 'biting surface' },
      B: front ? { letter: 'F', name: 'facial', faces: 'lips' } : { letter: 'B', name: 'buccal', faces: 'cheek' },
      L: upper ? { letter: 'P', name: 'palatal', faces: 'palate' } : { letter: 'L', name: 'lingual', faces: 'tongue' },
    },
  };
}

/** The table: per arch and tooth type (milk teeth share their type's row). */
export const surfaceGeometry: Readonly<Record<Arch, Readonly<Record<ToothType, ToothTypeGeometry>>>> = {
  upper: { incisor: row('upper', true), canine: row('upper', true), premolar: row('upper', false), molar: row('upper', false) },
  lower: { incisor: row('lower', true), canine: row('lower', true), premolar: row('lower', false), molar: row('lower', false) },
};

const quadrant = (tooth: string) => Number(tooth[0]);
/** Quadrants 1, 2 (adult) and 5, 6 (milk) are the upper jaw. */
export const archOf = (tooth: string): Arch => ([1, 2, 5, 6].includes(quadrant(tooth)) ? 'upper' : 'lower');
/** Incisors 1-2, canine 3; adult 4-5 premolars, 6-8 molars; milk 4-5 molars. */
export function toothTypeOf(tooth: string): ToothType {
  const position = Number(tooth[1]);
  if (position <= 2) return 'incisor';
  if (position === 3) return 'canine';
  if (quadrant(tooth) >= 5) return 'molar';
  return position <= 5 ? 'premolar' : 'molar';
}
/** The patient's right quadrants (1, 4, 5, 8) are drawn on the viewer's left, so their mesial side is on the right. */
export const mesialOnRight = (tooth: string): boolean => [1, 4, 5, 8].includes(quadrant(tooth));

export const geometryOf = (tooth: string): ToothTypeGeometry => surfaceGeometry[archOf(tooth)][toothTypeOf(tooth)];

/** How a surface is written on this tooth: 11 B is F, 26 L is P, 36 L is L, 11 O is I. */
export const surfaceLetter = (tooth: string, surface: Surface): string => geometryOf(tooth).surfaces[surface].letter;
/** The surface's name in words on this tooth: buccal, facial, lingual, palatal, occlusal, incisal... */
export const surfaceName = (tooth: string, surface: Surface): string => geometryOf(tooth).surfaces[surface].name;
/** What the surface faces in the mouth. */
export const surfaceFacing = (tooth: string, surface: Surface): Facing => geometryOf(tooth).surfaces[surface].faces;

/** Where a surface is drawn on the tooth's surface map, as seen on the screen. */
export function surfaceMapSide(tooth: string, surface: MapSurface): MapSide {
  const g = geometryOf(tooth);
  const oralSide = g.vestibularSide === 'top' ? 'bottom' : 'top';
  switch (surface) {
    case 'O':
      return 'centre';
    case 'B':
      return g.vestibularSide;
    case 'L':
      return oralSide;
    case 'M':
      return mesialOnRight(tooth) ? 'right' : 'left';
    case 'D':
      return mesialOnRight(tooth) ? 'left' : 'right';
  }
}

/** The surface a region of the map stands for (the click target's surface): the inverse of surfaceMapSide. */
export function surfaceAtSide(tooth: string, side: MapSide): MapSurface {
  const found = mapSurfaces.find((s) => surfaceMapSide(tooth, s) === side);
  if (!found) throw new Error(`No surface at ${side} of ${tooth}`);
  return found;
}

export const mapSides: readonly MapSide[] = ['centre', 'top', 'bottom', 'left', 'right'];
