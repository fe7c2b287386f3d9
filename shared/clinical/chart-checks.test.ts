import { describe, expect, it } from 'vitest';
import { checkAgainstChart, treats, type CheckedCode, type CheckedItem } from './chart-checks';

// CHART-25, CHART-27: the checks the server makes in its transaction and the command bar before Enter.

const codes: CheckedCode[] = [
  { code: 'composite', kind: 'procedure', names: ['composite'], takesSurfaces: true, draw: 'surface' },
  { code: 'sealant', kind: 'procedure', names: ['sealant'], takesSurfaces: true, draw: 'surface' },
  { code: 'crown', kind: 'procedure', names: ['crown'], draw: 'crown' },
  { code: 'rct', kind: 'procedure', names: ['rct'], draw: 'root' },
  { code: 'implant', kind: 'procedure', names: ['implant'], draw: 'implant' },
  { code: 'extraction', kind: 'procedure', names: ['extraction'], draw: 'extraction' },
  { code: 'scaling', kind: 'procedure', names: ['scaling'], spansTeeth: true, draw: 'mark' },
  { code: 'caries', kind: 'finding', names: ['caries'], takesSurfaces: true, draw: 'surface' },
  { code: 'missing', kind: 'finding', names: ['missing'], draw: 'missing' },
  { code: 'periapical', kind: 'finding', names: ['periapical'], draw: 'root' },
];
const drawOf = (code: string) => codes.find((c) => c.code === code)?.draw ?? 'mark';
let id = 0;
const stored = (over: Partial<CheckedItem> & Pick<CheckedItem, 'teeth' | 'code'>): CheckedItem => {
  const kind = codes.find((c) => c.code === over.code)!.kind;
  return { id: ++id, surfaces: [], kind, status: kind === 'finding' ? 'condition' : 'planned', createdAt: '2026-12-01T04:30:00.000Z', invalidatedAt: null, performedOn: null, history: [], ...over };
};
const adding = (teeth: string[], code: string, status: CheckedItem['status'], surfaces: CheckedItem['surfaces'] = []) => ({ teeth, surfaces, code, kind: codes.find((c) => c.code === code)!.kind, status, note: null });
const now = new Date('2026-12-07T04:30:00Z');

describe('what the chart refuses (CHART-25)', () => {
  it('refuses a standing duplicate, allows it once invalidated', () => {
    const rct = stored({ teeth: ['46'], code: 'rct' });
    expect(checkAgainstChart([adding(['46'], 'rct', 'planned')], [rct], codes, now)).toBe('46 rct is already planned (recorded 1 December 2026): it is not planned twice');
    expect(checkAgainstChart([adding(['46'], 'rct', 'planned')], [{ ...rct, invalidatedAt: '2026-12-02T00:00:00.000Z' }], codes, now)).toBeNull();
  });

  it('compares teeth and surfaces as sets, so a quadrant typed either way is the same', () => {
    const q1 = stored({ teeth: ['11', '12', '13', '14', '15', '16', '17', '18'], code: 'scaling' });
    expect(checkAgainstChart([adding(['18', '17', '16', '15', '14', '13', '12', '11'], 'scaling', 'planned')], [q1], codes, now)).toContain('is already planned');
  });

  it('allows a crown on a missing tooth where an implant is planned, not without one', () => {
    const missing = stored({ teeth: ['46'], code: 'missing' });
    expect(checkAgainstChart([adding(['46'], 'crown', 'planned')], [missing], codes, now)).toContain('Tooth 46 is charted missing');
    expect(checkAgainstChart([adding(['46'], 'implant', 'planned'), adding(['46'], 'crown', 'planned')], [missing], codes, now)).toBeNull();
  });
});

describe('what completing a procedure treats (CHART-27)', () => {
  const done = (over: Partial<CheckedItem> & Pick<CheckedItem, 'teeth' | 'code'>) => stored({ status: 'completed', history: [{ action: 'create', status: 'completed', at: '2026-12-07T04:30:00.000Z' }], ...over });
  it('a filling covering the surfaces, a crown, a root canal for a periapical lesion, an extraction for all; a sealant nothing', () => {
    const caries = stored({ teeth: ['36'], code: 'caries', surfaces: ['M', 'O', 'D'] });
    expect(treats(done({ teeth: ['36'], code: 'composite', surfaces: ['M', 'O', 'D', 'B'] }), caries, drawOf)).toBe(true);
    expect(treats(done({ teeth: ['36'], code: 'composite', surfaces: ['O', 'D'] }), caries, drawOf)).toBe(false);
    expect(treats(done({ teeth: ['37'], code: 'composite', surfaces: ['M', 'O', 'D'] }), caries, drawOf)).toBe(false);
    expect(treats(done({ teeth: ['36'], code: 'crown' }), caries, drawOf)).toBe(true);
    expect(treats(done({ teeth: ['36'], code: 'sealant', surfaces: ['M', 'O', 'D'] }), caries, drawOf)).toBe(false);
    expect(treats(done({ teeth: ['36'], code: 'rct' }), stored({ teeth: ['36'], code: 'periapical' }), drawOf)).toBe(true);
    expect(treats(done({ teeth: ['36'], code: 'extraction' }), stored({ teeth: ['36'], code: 'periapical' }), drawOf)).toBe(true);
    expect(treats(done({ teeth: ['36'], code: 'extraction' }), stored({ teeth: ['36'], code: 'missing' }), drawOf)).toBe(false);
    // Planned work treats nothing yet; work done before the finding was charted does not treat it.
    expect(treats(stored({ teeth: ['36'], code: 'crown' }), caries, drawOf)).toBe(false);
    expect(treats(done({ teeth: ['36'], code: 'crown', performedOn: '2026-11-20' }), caries, drawOf)).toBe(false);
  });
});
