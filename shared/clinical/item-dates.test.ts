import { describe, expect, it } from 'vitest';
import { formatDate } from '../domain/dates';
import type { ClinicalItemEvent } from '../schemas/clinical-item';
import { completedOn, itemDate } from './item-dates';
import { sittingLabel, sittingNotes } from './sittings';

// NOTE-17: the date a summary prints for an item is the day its work was done; NOTE-15: sittings' names.

const event = (at: string, status: ClinicalItemEvent['status'], action: ClinicalItemEvent['action'] = 'status'): ClinicalItemEvent => ({ at, action, status, userId: 1, userName: 'Dr A', reason: null });
// Planned on 7 November, completed on 7 December (evening in Kolkata: 18:40 UTC is past midnight there).
const crown = { status: 'completed' as const, createdAt: '2026-11-07T05:00:00.000Z', history: [event('2026-11-07T05:00:00.000Z', 'planned', 'create'), event('2026-12-06T18:40:00.000Z', 'completed')] };

describe('the date an item was done (NOTE-17)', () => {
  it('is the completed event, read at the clinic, not the day the item was planned', () => {
    expect(completedOn(crown)).toBe('2026-12-06T18:40:00.000Z');
    expect(formatDate(itemDate(crown))).toBe('07/12/2026');
  });

  it('is the performedOn day when the work was recorded later', () => {
    expect(formatDate(itemDate({ ...crown, performedOn: '2026-12-01' }))).toBe('01/12/2026');
  });

  it('is the day recorded for work not completed, and none for completion', () => {
    const planned = { status: 'planned' as const, createdAt: '2026-11-07T05:00:00.000Z', history: [event('2026-11-07T05:00:00.000Z', 'planned', 'create')] };
    expect(completedOn(planned)).toBeNull();
    expect(formatDate(itemDate(planned))).toBe('07/11/2026');
  });
});

describe('a sitting named (NOTE-15)', () => {
  it('by its number, the last marked, the teeth done on an item over several teeth', () => {
    expect(sittingLabel({ teeth: ['46'] }, 0, { teeth: [], final: false })).toBe('Sitting 1');
    expect(sittingLabel({ teeth: ['46'] }, 2, { teeth: ['46'], final: true })).toBe('Sitting 3 (last)');
    expect(sittingLabel({ teeth: ['14', '15', '16'] }, 0, { teeth: ['14', '16'], final: false })).toBe('Sitting 1 (14 16)');
  });

  it('lists only the sittings with a note, keeping their numbers', () => {
    const sittings = [
      { at: 'a', userId: 1, userName: 'Dr A', teeth: [], final: false, note: 'LA used' },
      { at: 'b', userId: 1, userName: 'Dr A', teeth: [], final: false, note: null },
      { at: 'c', userId: 1, userName: null, teeth: [], final: true, note: 'Obturation' },
    ];
    expect(sittingNotes({ teeth: ['46'], sittings })).toEqual([
      { label: 'Sitting 1', at: 'a', userName: 'Dr A', note: 'LA used' },
      { label: 'Sitting 3 (last)', at: 'c', userName: null, note: 'Obturation' },
    ]);
  });
});
