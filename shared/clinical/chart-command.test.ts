import { describe, expect, it } from 'vitest';
import { describeItem, editDistance, isStatusWord, isSurfaceLetters, parseChartCommand, type ChartCode } from './chart-command';
import { defaultFindings } from './findings';
import { surfaceLabel, teethBetween } from './teeth';
import { catalogueChartCodes } from './vocabulary';

const procedures: ChartCode[] = [
  { code: 'composite', kind: 'procedure', names: ['composite', 'filling'], takesSurfaces: true },
  { code: 'rct', kind: 'procedure', names: ['rct', 'root canal', 'root canal treatment'] },
  { code: 'crown', kind: 'procedure', names: ['crown', 'cap'] },
  { code: 'extraction', kind: 'procedure', names: ['extraction', 'ext', 'extract'] },
  { code: 'bridge', kind: 'procedure', names: ['bridge', 'fpd'], spansTeeth: true, draw: 'bridge' },
  { code: 'implant', kind: 'procedure', names: ['implant'] },
];
const vocabulary = [...procedures, ...defaultFindings];
const parse = (command: string) => parseChartCommand(command, vocabulary);
const items = (command: string) => {
  const result = parse(command);
  if (!result.ok) throw new Error(result.error);
  return result.items.map(({ teeth, surfaces, code, kind, status, note }) => ({ teeth, surfaces, code, kind, status, note }));
};
const error = (command: string) => {
  const result = parse(command);
  if (result.ok) throw new Error(`parsed: ${JSON.stringify(result.items)}`);
  return result.error;
};

describe('the chart command bar (CHART-2)', () => {
  it('reads a filling with its surfaces, planned unless it says otherwise', () => {
    expect(items('36 MOD composite')).toEqual([{ teeth: ['36'], surfaces: ['M', 'O', 'D'], code: 'composite', kind: 'procedure', status: 'planned', note: null }]);
    expect(items('36 mod composite done')[0]).toMatchObject({ surfaces: ['M', 'O', 'D'], status: 'completed' });
    // Surfaces in any order and spelling: I is O, F is B, P is L, V is cervical; stored in chart order.
    expect(items('11 FI composite')[0].surfaces).toEqual(['O', 'B']);
    expect(items('26 dp composite')[0].surfaces).toEqual(['D', 'L']);
    expect(items('33 v composite')[0].surfaces).toEqual(['C']);
  });

  it('reads a procedure by any of its names, multi-word names too', () => {
    expect(items('46 rct')[0]).toMatchObject({ teeth: ['46'], code: 'rct', status: 'planned' });
    expect(items('46 root canal treatment completed')[0]).toMatchObject({ code: 'rct', status: 'completed' });
    expect(items('16 root canal existing elsewhere')[0]).toMatchObject({ code: 'rct', status: 'existing-elsewhere' });
    expect(items('48 extract referred')[0]).toMatchObject({ code: 'extraction', status: 'referred' });
  });

  it('makes one item per tooth, and one item over a span for a bridge', () => {
    expect(items('18 28 38 48 missing').map((i) => [i.teeth, i.code, i.kind, i.status])).toEqual([
      [['18'], 'missing', 'finding', 'condition'],
      [['28'], 'missing', 'finding', 'condition'],
      [['38'], 'missing', 'finding', 'condition'],
      [['48'], 'missing', 'finding', 'condition'],
    ]);
    expect(items('11 21 crown planned').map((i) => i.teeth)).toEqual([['11'], ['21']]);
    expect(items('14-16 bridge')).toEqual([{ teeth: ['14', '15', '16'], surfaces: [], code: 'bridge', kind: 'procedure', status: 'planned', note: null }]);
    // Across the midline, along the arch.
    expect(items('12-22 bridge')[0].teeth).toEqual(['12', '11', '21', '22']);
    expect(items('14-16 crown').map((i) => i.teeth)).toEqual([['14'], ['15'], ['16']]);
  });

  it('reads several entries separated by ; or new lines, and a quoted note', () => {
    const read = items('36 MOD composite done; 46 rct\n18 28 missing');
    expect(read.map((i) => `${i.teeth.join(' ')} ${i.code} ${i.status}`)).toEqual(['36 composite completed', '46 rct planned', '18 missing condition', '28 missing condition']);
    expect(items('46 rct "sensitive to percussion"')[0].note).toBe('sensitive to percussion');
  });

  it('reads milk teeth (51-85)', () => {
    expect(items('55 84 caries O').map((i) => [i.teeth[0], i.surfaces])).toEqual([
      ['55', ['O']],
      ['84', ['O']],
    ]);
  });

  it('says in plain words what it could not read', () => {
    expect(error('')).toBe('Type a tooth and what was found or done, for example 36 MOD composite');
    expect(error('composite 36')).toBe('Start with the tooth, for example 46 rct (“composite” came first)');
    expect(error('planned 21 crown')).toBe('Start with the tooth, for example 46 rct (“planned” came first)');
    expect(error('19 rct')).toBe('“19” is not a tooth: write teeth in FDI, 11-48 for adult teeth and 51-85 for milk teeth');
    expect(error('36 composte')).toBe('“composte” is not a treatment, finding or status this chart knows: did you mean composite?');
    expect(error('36 zzz')).toBe('“zzz” is not a treatment, finding or status this chart knows');
    expect(error('36 MOD')).toBe('Say what was found or done on 36, for example 36 caries or 36 composite');
    expect(error('36 composite rct')).toBe('One finding or treatment per entry (“composite” and “rct”): separate entries with ;');
    expect(error('36 caries planned')).toBe('“caries” is a finding, which takes no status');
    expect(error('46 MO rct')).toBe('“rct” takes no surfaces');
    expect(error('36 MM composite')).toBe('MM names a surface twice');
    expect(error('16 bridge')).toBe('A bridge spans at least two teeth, for example 14-16 bridge');
    expect(error('14-44 bridge')).toBe('14-44 is not one span: a bridge or splint stays in one jaw, adult or milk teeth');
    expect(error('36 composite done planned')).toBe('One status per entry: planned, done, existing, elsewhere or referred');
    expect(error('46 rct "tender')).toBe('A note starts and ends with "');
    // In a list of entries, the message names the entry.
    expect(error('46 rct; 47 xyz')).toBe('47 xyz: “xyz” is not a treatment, finding or status this chart knows');
  });

  it('writes an item back as the dentist would say it, surfaces named for the tooth', () => {
    const [filling] = (parse('11 MIF composite done') as { ok: true; items: never[] }).items;
    expect(describeItem(filling, vocabulary)).toBe('11 MIF composite, completed');
    const [palatal] = (parse('26 DP composite') as { ok: true; items: never[] }).items;
    expect(describeItem(palatal, vocabulary)).toBe('26 DP composite, planned');
    const [bridge] = (parse('14-16 bridge "three units"') as { ok: true; items: never[] }).items;
    expect(describeItem(bridge, vocabulary)).toBe('14-16 bridge, planned (three units)');
  });
});

describe('teeth (CHART-1)', () => {
  it('names surfaces as the tooth has them', () => {
    expect(['M', 'O', 'D', 'B', 'L', 'C'].map((s) => surfaceLabel('11', s as never)).join('')).toBe('MIDFPC');
    expect(['M', 'O', 'D', 'B', 'L', 'C'].map((s) => surfaceLabel('46', s as never)).join('')).toBe('MODBLC');
    expect(surfaceLabel('36', 'L')).toBe('L');
    expect(surfaceLabel('26', 'L')).toBe('P');
  });

  it('spans teeth along one arch, never across jaws or dentitions', () => {
    expect(teethBetween('16', '14')).toEqual(['16', '15', '14']);
    expect(teethBetween('33', '43')).toEqual(['33', '32', '31', '41', '42', '43']);
    expect(teethBetween('54', '64')).toEqual(['54', '53', '52', '51', '61', '62', '63', '64']);
    expect(teethBetween('16', '46')).toBeNull();
    expect(teethBetween('55', '16')).toBeNull();
    expect(teethBetween('19', '17')).toBeNull();
  });
});

describe("the catalogue's chart codes (CHART-7)", () => {
  it('are named by words that are neither status words nor surface letters only, each name once', () => {
    const names = [...Object.values(catalogueChartCodes), ...defaultFindings].flatMap((c) => c.names);
    expect(names.filter((n) => isStatusWord(n))).toEqual([]);
    expect(names.filter((n) => isSurfaceLetters(n))).toEqual([]);
    expect(isSurfaceLetters('fpd')).toBe(true);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });
});

describe('work over an area, near misses and names made of surface letters (CHART-26, CHART-28)', () => {
  const area: ChartCode[] = [
    { code: 'scaling', kind: 'procedure', names: ['scaling', 'cleaning'], spansTeeth: true, draw: 'mark' },
    { code: 'perio', kind: 'procedure', names: ['perio'], spansTeeth: true, draw: 'mark' },
  ];
  const vocab = [...vocabulary, ...area];
  const read = (command: string) => {
    const result = parseChartCommand(command, vocab);
    if (!result.ok) throw new Error(result.error);
    return result.items;
  };
  const refused = (command: string) => {
    const result = parseChartCommand(command, vocab);
    return result.ok ? 'parsed' : result.error;
  };

  it('reads perio on one tooth, and a bridge still needs two', () => {
    expect(read('46 perio')).toEqual([{ teeth: ['46'], surfaces: [], code: 'perio', kind: 'procedure', status: 'planned', note: null }]);
    expect(refused('46 bridge')).toBe('A bridge spans at least two teeth, for example 14-16 bridge');
  });

  it('reads the whole mouth as one item: no teeth, or 18-48, round the arches', () => {
    const [whole] = read('scaling done');
    expect(whole.teeth).toHaveLength(32);
    expect([whole.teeth[0], whole.teeth[15], whole.teeth[16], whole.teeth[31]]).toEqual(['18', '28', '38', '48']);
    expect(read('18-48 scaling')[0].teeth).toEqual(whole.teeth);
    expect(read('28-38 cleaning')[0].teeth).toEqual(whole.teeth);
    expect(read('55-85 scaling')[0].teeth).toHaveLength(20);
    expect(describeItem(whole, vocab)).toBe('18-48 scaling, completed');
  });

  it('reads a quadrant as one item, Q1 or 18-11', () => {
    expect(read('Q1 scaling')[0].teeth).toEqual(['11', '12', '13', '14', '15', '16', '17', '18']);
    expect(read('18-11 scaling')).toHaveLength(1);
    expect(read('q5 perio')[0].teeth).toEqual(['51', '52', '53', '54', '55']);
    expect(refused('Q1 composite')).toBe('Q1 is for work over an area, such as scaling: “composite” is recorded tooth by tooth, for example 36 composite');
    expect(refused('18-48 bridge')).toBe('18-48 is not one span: a bridge or splint stays in one jaw, adult or milk teeth');
    expect(refused('16-46 scaling')).toBe('16-46 is not one span: a bridge or splint stays in one jaw, adult or milk teeth');
  });

  it('still wants teeth first for one-tooth work, and says so for a tooth typed late', () => {
    expect(refused('composite')).toBe('Start with the tooth, for example 46 rct (“composite” came first)');
    expect(refused('scaling 36')).toBe('Start with the tooth, for example 46 rct (“scaling” came first)');
    expect(refused('hello')).toBe('Start with the tooth, for example 46 rct (“hello” came first)');
  });

  it('reads FPD as the bridge unless the entry names another code, when it is surfaces', () => {
    expect(read('34-36 fpd')[0]).toMatchObject({ code: 'bridge', teeth: ['34', '35', '36'] });
    expect(read('21 FPD composite')[0]).toMatchObject({ code: 'composite', surfaces: ['D', 'B', 'L'] });
    expect(read('21 composite FPD')[0]).toMatchObject({ code: 'composite', surfaces: ['D', 'B', 'L'] });
  });

  it('names the nearest word for a near miss: one edit for short words, two for longer ones', () => {
    expect(refused('36 MOD composit')).toBe('“composit” is not a treatment, finding or status this chart knows: did you mean composite?');
    expect(refused('46 rtc')).toBe('“rtc” is not a treatment, finding or status this chart knows: did you mean rct?');
    expect(refused('46 root canl')).toBe('“root” is not a treatment, finding or status this chart knows: did you mean root canal?');
    expect(refused('46 xyzzy')).toBe('“xyzzy” is not a treatment, finding or status this chart knows');
    expect(editDistance('composite', 'compsoite')).toBe(1);
    expect(editDistance('rct', 'crown')).toBe(4);
  });
});
