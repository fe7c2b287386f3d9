import { describe, expect, it } from 'vitest';
import type { ClinicalItem } from '../../../../../shared/schemas/clinical-item';
import { chartKeyAction, composeCommand, keyboardMap, moveCursor, toggleSurface } from './chart-keys';
import { groupItems, timelineDays, toothHistory } from './chart-view';
import { surfaceMapSide } from '../../../../../shared/clinical/surface-geometry';
import { ageOn, defaultDentition, odontogramLayout } from './odontogram-layout';

// CHART-10, CHART-11, CHART-13: the odontogram's layout, the keyboard map and what the list and timeline show.

describe('the odontogram layout (CHART-10)', () => {
  it('lays adult teeth out as a dentist reads them: 18..11 | 21..28 over 48..41 | 31..38', () => {
    const { rows } = odontogramLayout('permanent');
    expect(rows).toEqual([
      ['18', '17', '16', '15', '14', '13', '12', '11', '21', '22', '23', '24', '25', '26', '27', '28'],
      ['48', '47', '46', '45', '44', '43', '42', '41', '31', '32', '33', '34', '35', '36', '37', '38'],
    ]);
  });

  it('puts milk teeth over their successors and mixed dentition in four rows', () => {
    const mixed = odontogramLayout('mixed');
    expect(mixed.rows.map((r) => r[0])).toEqual(['18', '55', '85', '48']);
    const x = (t: string) => mixed.slots.find((s) => s.tooth === t)!.x;
    expect(x('55')).toBe(x('15'));
    expect(x('61')).toBe(x('21'));
    expect(x('75')).toBe(x('35'));
    const milk = odontogramLayout('primary');
    expect(milk.rows).toEqual([
      ['55', '54', '53', '52', '51', '61', '62', '63', '64', '65'],
      ['85', '84', '83', '82', '81', '71', '72', '73', '74', '75'],
    ]);
    // Only the ten columns milk teeth take: the first starts at the left edge.
    expect(Math.min(...milk.slots.map((s) => s.x))).toBeLessThan(30);
  });

  it('leaves a gap at the midline and draws the lower jaw below the upper one', () => {
    const { slots, midlineX } = odontogramLayout('permanent');
    const at = (t: string) => slots.find((s) => s.tooth === t)!;
    expect(at('11').x).toBeLessThan(midlineX);
    expect(at('21').x).toBeGreaterThan(midlineX);
    expect(at('21').x - at('11').x).toBeGreaterThan(at('12').x - at('13').x);
    expect(at('46').y).toBeGreaterThan(at('16').y);
    expect(at('46').upper).toBe(false);
  });

  it('places mesial towards the midline and buccal on the lip side of each jaw', () => {
    expect(surfaceMapSide('16', 'M')).toBe('right');
    expect(surfaceMapSide('26', 'M')).toBe('left');
    expect(surfaceMapSide('36', 'D')).toBe('right');
    expect(surfaceMapSide('46', 'D')).toBe('left');
    expect(surfaceMapSide('16', 'B')).toBe('top');
    expect(surfaceMapSide('16', 'L')).toBe('bottom');
    expect(surfaceMapSide('36', 'B')).toBe('bottom');
    expect(surfaceMapSide('36', 'L')).toBe('top');
    expect(surfaceMapSide('36', 'O')).toBe('centre');
  });

  it('chooses the dentition by age, and mixed when milk teeth are charted', () => {
    expect(defaultDentition(4, false)).toBe('primary');
    expect(defaultDentition(8, false)).toBe('mixed');
    expect(defaultDentition(12, false)).toBe('mixed');
    expect(defaultDentition(13, false)).toBe('permanent');
    expect(defaultDentition(null, false)).toBe('permanent');
    expect(defaultDentition(null, true)).toBe('mixed');
    expect(defaultDentition(30, true)).toBe('mixed');
  });

  it('counts whole years to a day, a birthday counting on the day', () => {
    expect(ageOn('2018-06-01', '2026-05-31')).toBe(7);
    expect(ageOn('2018-06-01', '2026-06-01')).toBe(8);
    expect(ageOn('1979-04-12', '2026-11-27')).toBe(47);
  });
});

describe('the keyboard map (CHART-11)', () => {
  it('reads arrows, space, surface letters, Enter, Esc, /, ?, [ ] and Ctrl+Z', () => {
    expect(chartKeyAction({ key: 'ArrowLeft' })).toEqual({ type: 'move', direction: 'left', extend: false });
    expect(chartKeyAction({ key: 'ArrowDown', shiftKey: true })).toEqual({ type: 'move', direction: 'down', extend: true });
    expect(chartKeyAction({ key: ' ' })).toEqual({ type: 'select' });
    expect(chartKeyAction({ key: 'm' })).toEqual({ type: 'surface', surface: 'M' });
    expect(chartKeyAction({ key: 'I' })).toEqual({ type: 'surface', surface: 'O' });
    expect(chartKeyAction({ key: 'p' })).toEqual({ type: 'surface', surface: 'L' });
    expect(chartKeyAction({ key: 'v' })).toEqual({ type: 'surface', surface: 'C' });
    expect(chartKeyAction({ key: 'Enter' })).toEqual({ type: 'to-bar' });
    expect(chartKeyAction({ key: 'Escape' })).toEqual({ type: 'clear' });
    expect(chartKeyAction({ key: '/' })).toEqual({ type: 'focus-bar' });
    expect(chartKeyAction({ key: '?' })).toEqual({ type: 'help' });
    expect(chartKeyAction({ key: '[' })).toEqual({ type: 'earlier' });
    expect(chartKeyAction({ key: ']' })).toEqual({ type: 'later' });
    expect(chartKeyAction({ key: 'z', ctrlKey: true })).toEqual({ type: 'undo' });
    expect(chartKeyAction({ key: 'z', metaKey: true })).toEqual({ type: 'undo' });
  });

  it('leaves other keys and browser shortcuts alone', () => {
    expect(chartKeyAction({ key: 'x' })).toBeNull();
    expect(chartKeyAction({ key: 'Tab' })).toBeNull();
    expect(chartKeyAction({ key: 'm', ctrlKey: true })).toBeNull();
    expect(chartKeyAction({ key: 'z', ctrlKey: true, shiftKey: true })).toBeNull();
    expect(chartKeyAction({ key: 'd', altKey: true })).toBeNull();
  });

  it('shows every key it reads in the help', () => {
    const help = keyboardMap.map((k) => k.keys).join(' ');
    for (const key of ['/', '?', 'Space', 'Enter', 'Esc', 'Ctrl + Z', '[', ']', 'Shift', 'M O D B L C']) expect(help).toContain(key);
  });

  it('moves the cursor along a row, stops at its ends and changes jaw to the nearest column', () => {
    const layout = odontogramLayout('mixed');
    const col = (t: string) => layout.slots.find((s) => s.tooth === t)!.col;
    expect(moveCursor(layout.rows, col, '18', 'left')).toBe('18');
    expect(moveCursor(layout.rows, col, '11', 'right')).toBe('21');
    expect(moveCursor(layout.rows, col, '15', 'down')).toBe('55');
    expect(moveCursor(layout.rows, col, '18', 'down')).toBe('55');
    expect(moveCursor(layout.rows, col, '75', 'down')).toBe('35');
    expect(moveCursor(layout.rows, col, '18', 'up')).toBe('18');
  });

  it('writes a selection as the command bar reads it, surfaces as the tooth names them', () => {
    expect(composeCommand({ teeth: ['36'], surfaces: ['D', 'M', 'O'], codeName: 'composite' })).toBe('36 MOD composite');
    expect(composeCommand({ teeth: ['11'], surfaces: ['O', 'B'], codeName: 'composite', statusWord: 'done' })).toBe('11 IF composite done');
    expect(composeCommand({ teeth: ['16'], surfaces: ['L'] })).toBe('16 P');
    expect(composeCommand({ teeth: ['18', '28'], surfaces: [], codeName: 'missing' })).toBe('18 28 missing');
    expect(composeCommand({ teeth: [], surfaces: [] })).toBe('');
  });

  it('toggles a surface on and off, kept in the chart order', () => {
    expect(toggleSurface(['D'], 'M')).toEqual(['M', 'D']);
    expect(toggleSurface(['M', 'O', 'D'], 'O')).toEqual(['M', 'D']);
  });
});

const base = { patientId: 1, note: null, dentistId: 1, dentistName: 'Dr. A', invalidReason: null, invalidatedBy: null, locked: false } as const;
function item(id: number, teeth: string[], code: string, status: ClinicalItem['status'], createdAt: string, extra: Partial<ClinicalItem> = {}): ClinicalItem {
  return {
    ...base,
    surfaces: [],
    id,
    teeth,
    code,
    kind: status === 'condition' ? 'finding' : 'procedure',
    status,
    createdAt,
    invalidatedAt: null,
    history: [{ at: createdAt, action: 'create', status, userId: 1, userName: 'Dr. A', reason: null }],
    ...extra,
  };
}

describe('the list, the timeline and a tooth history (CHART-13)', () => {
  const items = [
    item(1, ['36'], 'composite', 'planned', '2026-11-02T05:00:00.000Z'),
    item(2, ['18'], 'missing', 'condition', '2026-11-02T05:01:00.000Z'),
    item(3, ['14', '15', '16'], 'bridge', 'completed', '2026-11-09T19:00:00.000Z'),
    item(4, ['11'], 'crown', 'planned', '2026-11-10T05:00:00.000Z', { invalidatedAt: '2026-11-12T05:00:00.000Z', invalidReason: 'undone' }),
  ];
  items[0].history.push({ at: '2026-11-20T05:00:00.000Z', action: 'status', status: 'completed', userId: 1, userName: 'Dr. A', reason: null });

  it('groups by tooth in FDI order, by date newest first and by status, invalidated only when asked', () => {
    const day = (d: string) => d;
    expect(groupItems(items, 'tooth', { showInvalidated: false, dayTitle: day }).map((g) => g.title)).toEqual(['Teeth 14-16', 'Tooth 18', 'Tooth 36']);
    expect(groupItems(items, 'tooth', { showInvalidated: true, dayTitle: day }).map((g) => g.title)).toEqual(['Tooth 11', 'Teeth 14-16', 'Tooth 18', 'Tooth 36']);
    // 19:00 UTC on 9 November is 00:30 on the 10th in Pune: the clinic's day.
    expect(groupItems(items, 'date', { showInvalidated: false, dayTitle: day }).map((g) => [g.title, g.items.map((i) => i.id)])).toEqual([
      ['2026-11-10', [3]],
      ['2026-11-02', [2, 1]],
    ]);
    expect(groupItems(items, 'status', { showInvalidated: true, dayTitle: day }).map((g) => g.title)).toEqual(['Findings', 'Planned', 'Completed', 'Invalidated']);
  });

  it('stops the timeline on every clinic day the chart changed, after the empty day before the first', () => {
    expect(timelineDays(items)).toEqual(['2026-11-01', '2026-11-02', '2026-11-10', '2026-11-12', '2026-11-20']);
    expect(timelineDays([])).toEqual([]);
  });

  it("answers a tooth's history newest first, a bridge's teeth included", () => {
    expect(toothHistory(items, '15').map((i) => i.id)).toEqual([3]);
    expect(toothHistory(items, '11').map((i) => i.id)).toEqual([4]);
    expect(toothHistory(items, '99')).toEqual([]);
  });
});
