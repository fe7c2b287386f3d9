import { surfaceCodes, surfaceFromLetter, surfaceLabel, type Surface } from '../../../../../shared/clinical/teeth';

// CHART-11: the chart's keyboard map. Everything the mouse does on the chart has a key, so a dentist can
// chart a mouth without letting go of the keyboard: a tooth cursor moved with the arrows, space to select,
// surface letters, Enter to hand the selection to the command bar, "/" to the bar, Ctrl+Z to undo the last
// entry, [ and ] through the timeline, ? for this map. Pure, so the map and its help are tested as data.

export type Direction = 'left' | 'right' | 'up' | 'down';

export type ChartKeyAction =
  | { type: 'move'; direction: Direction; extend: boolean }
  | { type: 'select' }
  | { type: 'surface'; surface: Surface }
  | { type: 'clear' }
  | { type: 'to-bar' }
  | { type: 'focus-bar' }
  | { type: 'undo' }
  | { type: 'earlier' }
  | { type: 'later' }
  | { type: 'help' };

export interface KeyLike {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
}

const arrows: Record<string, Direction> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };

/** What a key pressed on the chart does, or null when the chart leaves it alone. */
export function chartKeyAction(event: KeyLike): ChartKeyAction | null {
  const command = event.ctrlKey || event.metaKey;
  if (command && !event.altKey && event.key.toLowerCase() === 'z' && !event.shiftKey) return { type: 'undo' };
  if (command || event.altKey) return null;
  if (arrows[event.key]) return { type: 'move', direction: arrows[event.key], extend: Boolean(event.shiftKey) };
  if (event.key === ' ') return { type: 'select' };
  if (event.key === 'Enter') return { type: 'to-bar' };
  if (event.key === 'Escape') return { type: 'clear' };
  if (event.key === '/') return { type: 'focus-bar' };
  if (event.key === '?') return { type: 'help' };
  if (event.key === '[') return { type: 'earlier' };
  if (event.key === ']') return { type: 'later' };
  const surface = surfaceFromLetter[event.key.toUpperCase()];
  if (event.key.length === 1 && surface) return { type: 'surface', surface };
  return null;
}

/** The help "?" shows: the same keys chartKeyAction reads. */
export const keyboardMap: readonly { keys: string; what: string }[] = [
  { keys: '/', what: 'Type in the command bar (36 MOD composite, 46 rct done, 14-16 bridge)' },
  { keys: 'Enter (in the bar)', what: 'Record what the bar shows' },
  { keys: 'Esc (in the bar)', what: 'Back to the chart' },
  { keys: '← → ↑ ↓', what: 'Move the tooth cursor (up and down change jaw)' },
  { keys: 'Shift + arrows', what: 'Move and add the tooth to the selection' },
  { keys: 'Space', what: 'Select or drop the tooth under the cursor' },
  { keys: 'M O D B L C (I F P V)', what: 'Toggle a surface of the selected teeth' },
  { keys: 'Enter', what: 'Hand the selection to the command bar, to name what was found or done' },
  { keys: 'Esc', what: 'Clear the selection' },
  { keys: 'Ctrl + Z', what: 'Undo the last entry (it is invalidated with the reason “undone”)' },
  { keys: '[  ]', what: 'The chart at the previous or next date it changed' },
  { keys: '?', what: 'Show or hide this map' },
];

/** The tooth the cursor moves to: along the row, or to the nearest column of the row above or below. */
export function moveCursor(rows: readonly (readonly string[])[], columnOf: (tooth: string) => number, from: string, direction: Direction): string {
  const r = rows.findIndex((row) => row.includes(from));
  if (r < 0) return rows[0]?.[0] ?? from;
  const row = rows[r];
  const c = row.indexOf(from);
  if (direction === 'left') return row[Math.max(0, c - 1)];
  if (direction === 'right') return row[Math.min(row.length - 1, c + 1)];
  const target = rows[direction === 'up' ? r - 1 : r + 1];
  if (!target) return from;
  const col = columnOf(from);
  return target.reduce((best, tooth) => (Math.abs(columnOf(tooth) - col) < Math.abs(columnOf(best) - col) ? tooth : best), target[0]);
}

export interface Draft {
  teeth: string[];
  surfaces: Surface[];
  /** The first name of the chosen code, as the bar reads it. */
  codeName?: string | null;
  /** A status word of the bar: planned, done, existing, elsewhere, referred. */
  statusWord?: string | null;
}

/** The command the chart's clicks and keys stand for: `36 MOD composite done`, written as the bar reads it. */
export function composeCommand(draft: Draft): string {
  const teeth = draft.teeth.join(' ');
  const first = draft.teeth[0];
  const surfaces = first ? surfaceCodes.filter((s) => draft.surfaces.includes(s)).map((s) => surfaceLabel(first, s)).join('') : '';
  const code = draft.codeName ? (draft.codeName.includes('"') ? '' : draft.codeName) : '';
  return [teeth, surfaces, code, draft.statusWord ?? ''].filter(Boolean).join(' ');
}

/** A surface toggled on or off. */
export function toggleSurface(surfaces: readonly Surface[], surface: Surface): Surface[] {
  return surfaces.includes(surface) ? surfaces.filter((s) => s !== surface) : surfaceCodes.filter((s) => s === surface || surfaces.includes(s));
}
