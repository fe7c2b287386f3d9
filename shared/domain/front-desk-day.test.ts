import { describe, expect, it } from 'vitest';
import { priceListFromCatalogue } from '../constants/price-list';
import { formatWait, priceEntryForTreatment, todayBoard } from './front-desk-day';

const at = (hhmm: string) => `2026-11-23T${hhmm}:00.000Z`;
const appt = (id: number, preferredTime: string, extra: Partial<{ status: string; arrivedAt: string | null; inChairAt: string | null }> = {}) => ({
  id, preferredTime, status: 'confirmed', arrivedAt: null, inChairAt: null, ...extra,
});

describe('DESK-14: the Today board', () => {
  it('lists who waits in arrival order with minutes waited, who is in the chair, then the rest by time', () => {
    const rows = [
      appt(1, '10:00', { arrivedAt: at('04:40') }), // came later than 2, booked earlier
      appt(2, '10:30', { arrivedAt: at('04:35') }),
      appt(3, '09:30', { arrivedAt: at('04:00'), inChairAt: at('04:20') }),
      appt(4, '12:00'),
      appt(5, '11:00', { status: 'pending' }),
      appt(6, '09:00', { status: 'completed', arrivedAt: at('03:30'), inChairAt: at('03:35') }),
    ];
    const board = todayBoard(rows, new Date(at('05:00')));
    expect(board.waiting.map((w) => [w.appointment.id, w.minutes])).toEqual([[2, 25], [1, 20]]);
    expect(board.inChair.map((w) => [w.appointment.id, w.minutes])).toEqual([[3, 40]]);
    expect(board.rest.map((a) => a.id)).toEqual([6, 5, 4]);
  });

  it('writes a wait plainly', () => {
    expect([0, 1, 59, 60, 125].map(formatWait)).toEqual(['just now', '1 min', '59 min', '1 h 00 min', '2 h 05 min']);
  });
});

describe('DESK-16: the price-list entry of a visit', () => {
  const catalogue = priceListFromCatalogue().map((p, i) => ({ ...p, id: i + 1, isActive: true }));
  const withConsultation = [...catalogue, { name: 'Consultation', defaultPrice: 500, sacCode: '999312', taxRate: 0, order: 99, id: 99, isActive: true }];

  it('finds the entry named like the treatment, ignoring case, punctuation and the usual words', () => {
    expect(priceEntryForTreatment('rootcanal', catalogue)?.name).toBe('Root Canal Treatment');
    expect(priceEntryForTreatment('invisalign', catalogue)?.name).toBe('Invisalign');
    expect(priceEntryForTreatment('implants', catalogue)?.name).toBe('Bridges & Implants');
    expect(priceEntryForTreatment('periodontal', catalogue)?.name).toBe('Gum Disease Treatment');
    expect(priceEntryForTreatment('cleaning', catalogue)?.name).toBe('Teeth Cleaning');
  });

  it('falls back to a consultation entry, else nothing; inactive entries never count', () => {
    expect(priceEntryForTreatment('consultation', withConsultation)?.name).toBe('Consultation');
    expect(priceEntryForTreatment('other', withConsultation)?.name).toBe('Consultation');
    expect(priceEntryForTreatment('consultation', catalogue)).toBeNull();
    const inactive = catalogue.map((e) => (e.name === 'Teeth Cleaning' ? { ...e, isActive: false } : e));
    expect(priceEntryForTreatment('cleaning', inactive)?.name).not.toBe('Teeth Cleaning');
  });
});
