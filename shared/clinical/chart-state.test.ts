import { describe, expect, it } from 'vitest';
import type { ChartItemLike, DrawAs } from './chart-state';
import { chartTeeth, itemsAt } from './chart-state';

const draws: Record<string, DrawAs> = { composite: 'surface', caries: 'surface', rct: 'root', crown: 'crown', extraction: 'extraction', missing: 'missing', implant: 'implant', bridge: 'bridge' };
const drawOf = (code: string) => draws[code] ?? 'mark';
let id = 0;
const item = (over: Partial<ChartItemLike> & Pick<ChartItemLike, 'teeth' | 'code'>): ChartItemLike => ({
  id: ++id,
  surfaces: [],
  kind: over.code === 'caries' || over.code === 'missing' ? 'finding' : 'procedure',
  status: over.code === 'caries' || over.code === 'missing' ? 'condition' : 'planned',
  createdAt: '2026-11-01T10:00:00.000Z',
  invalidatedAt: null,
  ...over,
});
const stateOf = (teeth: ReturnType<typeof chartTeeth>, tooth: string) => teeth.find((t) => t.tooth === tooth)!;

describe('what the chart draws on each tooth (CHART-4)', () => {
  it('shows all 32 adult teeth present on an empty chart, and milk teeth when asked or charted', () => {
    expect(chartTeeth([], drawOf).map((t) => t.state)).toEqual(Array(32).fill('present'));
    expect(chartTeeth([], drawOf, { primary: true })).toHaveLength(52);
    expect(chartTeeth([item({ teeth: ['55'], code: 'caries', surfaces: ['O'] })], drawOf).map((t) => t.tooth)).toContain('55');
  });

  it('marks missing teeth from a finding or an extraction done, not from a planned extraction', () => {
    const teeth = chartTeeth(
      [item({ teeth: ['18'], code: 'missing' }), item({ teeth: ['48'], code: 'extraction', status: 'completed' }), item({ teeth: ['38'], code: 'extraction' })],
      drawOf,
    );
    expect(['18', '48', '38'].map((t) => stateOf(teeth, t).state)).toEqual(['missing', 'missing', 'present']);
    expect(stateOf(teeth, '38').marks).toMatchObject([{ code: 'extraction', draw: 'extraction', status: 'planned' }]);
  });

  it('draws implants and bridges in the mouth: the span inside a bridge is pontics, its ends abutments', () => {
    const teeth = chartTeeth(
      [item({ teeth: ['36'], code: 'missing' }), item({ teeth: ['36'], code: 'implant', status: 'completed' }), item({ teeth: ['14', '15', '16'], code: 'bridge', status: 'existing-elsewhere' })],
      drawOf,
    );
    expect(stateOf(teeth, '36').state).toBe('implant');
    expect(['14', '15', '16'].map((t) => stateOf(teeth, t).state)).toEqual(['present', 'pontic', 'present']);
    expect(stateOf(teeth, '15').marks[0]).toMatchObject({ draw: 'bridge', status: 'existing-elsewhere' });
  });

  it('keeps every mark, oldest first, so the latest draws on top', () => {
    const teeth = chartTeeth(
      [
        item({ teeth: ['46'], code: 'rct', status: 'completed', createdAt: '2026-11-03T10:00:00.000Z' }),
        item({ teeth: ['46'], code: 'caries', surfaces: ['M', 'O'], createdAt: '2026-11-01T10:00:00.000Z' }),
        item({ teeth: ['46'], code: 'crown', createdAt: '2026-11-04T10:00:00.000Z' }),
      ],
      drawOf,
    );
    expect(stateOf(teeth, '46').marks.map((m) => `${m.code}:${m.status}`)).toEqual(['caries:condition', 'rct:completed', 'crown:planned']);
  });

  it('draws the chart as it stood at a date: items created by then and not yet invalidated', () => {
    const items = [
      item({ teeth: ['11'], code: 'caries', createdAt: '2026-10-01T09:00:00.000Z', invalidatedAt: '2026-10-20T09:00:00.000Z' }),
      item({ teeth: ['21'], code: 'composite', status: 'completed', createdAt: '2026-10-10T09:00:00.000Z' }),
      item({ teeth: ['31'], code: 'missing', createdAt: '2026-11-10T09:00:00.000Z' }),
    ];
    const codesAt = (at: string | null) => itemsAt(items, at).map((i) => `${i.teeth[0]} ${i.code}`);
    expect(codesAt('2026-09-30T23:59:59.999Z')).toEqual([]);
    expect(codesAt('2026-10-15T00:00:00.000Z')).toEqual(['11 caries', '21 composite']);
    expect(codesAt('2026-10-20T09:00:00.000Z')).toEqual(['21 composite']);
    expect(codesAt(null)).toEqual(['21 composite', '31 missing']);
    expect(stateOf(chartTeeth(itemsAt(items, '2026-10-15T00:00:00.000Z'), drawOf), '31').state).toBe('present');
    expect(stateOf(chartTeeth(itemsAt(items, null), drawOf), '31').state).toBe('missing');
  });
});

describe('a finding marked treated (CHART-27)', () => {
  it('is not drawn, while a standing one beside it is', () => {
    const teeth = chartTeeth(
      [item({ teeth: ['36'], code: 'caries', surfaces: ['O'], status: 'resolved' }), item({ teeth: ['37'], code: 'caries', surfaces: ['O'] })],
      drawOf,
    );
    expect(stateOf(teeth, '36').marks).toEqual([]);
    expect(stateOf(teeth, '37').marks.map((m) => m.code)).toEqual(['caries']);
  });
});
