import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { chartTeeth, type ChartItemLike } from '../../../../../shared/clinical/chart-state';
import { defaultFindings } from '../../../../../shared/clinical/findings';
import { surfaceFacing, surfaceGeometry, surfaceName } from '../../../../../shared/clinical/surface-geometry';
import { permanentTeeth, primaryTeeth, surfaceFromLetter, surfaceLabel, type Surface } from '../../../../../shared/clinical/teeth';
import { catalogueChartCodes, drawOfCode, type ChartVocabularyCode } from '../../../../../shared/clinical/vocabulary';
import { composeCommand } from './chart-keys';
import { ChartLegend, Odontogram } from './components/odontogram';
import { PickerMap } from './components/tooth-picker';
import { hiddenItemIds, odontogramLayout, symbolsDrawn, wholeToothSymbol, type DentitionView } from './odontogram-layout';

// CHART-19: every tooth (adult and milk) and every surface, on the odontogram as drawn and in the enlarged
// picker: the region a surface is drawn in faces the right way (B/F out to the lips or cheek, away from the
// biting plane; L/P in, towards it; M towards the midline; D away from it; O/I in the middle; C at the neck),
// and clicking that region types the letter a dentist writes for it on that tooth. The expectations are
// anatomy written out here, not read from the table under test.

const upperJaw = (tooth: string) => [1, 2, 5, 6].includes(Number(tooth[0]));
const frontTooth = (tooth: string) => Number(tooth[1]) <= 3;
/** The letter a dentist writes for a surface of this tooth. */
function expectedLetter(tooth: string, surface: Surface): string {
  if (surface === 'B') return frontTooth(tooth) ? 'F' : 'B';
  if (surface === 'L') return upperJaw(tooth) ? 'P' : 'L';
  if (surface === 'O') return frontTooth(tooth) ? 'I' : 'O';
  return surface;
}

const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1] ?? null;
const numbers = (text: string) => text.split(/[\s,]+/).filter(Boolean).map(Number);

interface Region {
  surface: Surface;
  /** Screen position of the region's centre. */
  x: number;
  y: number;
}

/** Each tooth's map centre and its regions, in screen (SVG user) coordinates, read from the drawn markup. */
function drawnRegions(markup: string): Map<string, { centre: { x: number; y: number }; regions: Region[]; cervicalY: number }> {
  const found = new Map<string, { centre: { x: number; y: number }; regions: Region[]; cervicalY: number }>();
  const parts = markup.split(/(?=<g id="tooth-)/).slice(1);
  for (const part of parts) {
    const tooth = part.match(/data-tooth="(\d\d)"/)![1];
    const map = part.match(/class="surface-map[^"]*" transform="translate\(([-\d.]+) ([-\d.]+)\) scale\(([\d.]+)\)"/)!;
    const [cx, cy, s] = [Number(map[1]), Number(map[2]), Number(map[3])];
    const regions: Region[] = [];
    for (const tag of part.match(/<polygon [^>]*>/g) ?? []) {
      const p = numbers(attr(tag, 'points')!);
      const xs = p.filter((_, i) => i % 2 === 0);
      const ys = p.filter((_, i) => i % 2 === 1);
      const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
      regions.push({ surface: attr(tag, 'data-surface') as Surface, x: cx + mean(xs) * s, y: cy + mean(ys) * s });
    }
    const body = part.match(/<g transform="translate\(([-\d.]+) ([-\d.]+)\) scale\(([-\d.]+)(?: ([-\d.]+))?\)"/)!;
    const [ty, sy] = [Number(body[2]), Number(body[4] ?? body[3])];
    const cervical = part.match(/<rect [^>]*data-surface="C"[^>]*>/)![0];
    const cervicalY = ty + sy * (Number(attr(cervical, 'y')) + Number(attr(cervical, 'height')) / 2);
    found.set(tooth, { centre: { x: cx, y: cy }, regions, cervicalY });
  }
  return found;
}

function render(view: DentitionView, items: ChartItemLike[] = []) {
  const layout = odontogramLayout(view);
  const vocabulary = [...defaultFindings, ...Object.values(catalogueChartCodes)] as ChartVocabularyCode[];
  const teeth = chartTeeth(items, drawOfCode(vocabulary), { primary: true });
  const markup = renderToStaticMarkup(
    createElement(Odontogram, { layout, teeth, selected: [], selectedSurfaces: [], cursor: null, label: 'Odontogram', describeTooth: (t: string) => t, onSurfaceClick: () => {} }),
  );
  return { layout, markup, teeth };
}

describe('surface geometry on the odontogram (CHART-19)', () => {
  for (const view of ['permanent', 'primary', 'mixed'] as const) {
    it(`draws every surface of every tooth on its side, and a click types its letter (${view} view)`, () => {
      const { layout, markup } = render(view);
      const drawn = drawnRegions(markup);
      const teeth = view === 'permanent' ? permanentTeeth : view === 'primary' ? primaryTeeth : [...permanentTeeth, ...primaryTeeth];
      expect([...drawn.keys()].sort()).toEqual([...teeth].sort());
      for (const tooth of teeth) {
        const { centre, regions, cervicalY } = drawn.get(tooth)!;
        expect(regions.map((r) => r.surface).sort(), tooth).toEqual(['B', 'D', 'L', 'M', 'O']);
        const fromPlane = (y: number) => Math.abs(y - layout.occlusalY);
        const fromMidline = (x: number) => Math.abs(x - layout.midlineX);
        for (const r of regions) {
          const where = `${tooth} ${r.surface}`;
          if (r.surface === 'B') expect(fromPlane(r.y), `${where}: out, to the lips or cheek`).toBeGreaterThan(fromPlane(centre.y) + 3);
          if (r.surface === 'L') expect(fromPlane(r.y), `${where}: in, to the tongue or palate`).toBeLessThan(fromPlane(centre.y) - 3);
          if (r.surface === 'M') expect(fromMidline(r.x), `${where}: towards the midline`).toBeLessThan(fromMidline(centre.x) - 3);
          if (r.surface === 'D') expect(fromMidline(r.x), `${where}: away from the midline`).toBeGreaterThan(fromMidline(centre.x) + 3);
          if (r.surface === 'O') expect(Math.hypot(r.x - centre.x, r.y - centre.y), `${where}: in the middle`).toBeLessThan(0.5);
          if (r.surface === 'B' || r.surface === 'L') expect(Math.abs(r.x - centre.x), where).toBeLessThan(0.5);
          if (r.surface === 'M' || r.surface === 'D') expect(Math.abs(r.y - centre.y), where).toBeLessThan(0.5);
          // A click on the region hands its data-surface to the page, which types it into the bar.
          const typed = composeCommand({ teeth: [tooth], surfaces: [r.surface] });
          expect(typed, where).toBe(`${tooth} ${expectedLetter(tooth, r.surface)}`);
          expect(surfaceFromLetter[typed.split(' ')[1]], where).toBe(r.surface);
        }
        // The cervical band is at the neck: farther from the biting plane than the surface map.
        expect(fromPlane(cervicalY), `${tooth} C`).toBeGreaterThan(fromPlane(centre.y));
        expect(composeCommand({ teeth: [tooth], surfaces: ['C'] })).toBe(`${tooth} C`);
      }
    });
  }

  it('puts 37 B on the cheek side and 47 L on the tongue side (lower teeth were drawn swapped)', () => {
    const { layout, markup } = render('permanent');
    const drawn = drawnRegions(markup);
    for (const tooth of ['37', '47']) {
      const { centre, regions } = drawn.get(tooth)!;
      // A lower tooth: the cheek is below its map on the screen, the tongue above (towards the upper jaw).
      expect(centre.y).toBeGreaterThan(layout.occlusalY);
      expect(regions.find((r) => r.surface === 'B')!.y).toBeGreaterThan(centre.y);
      expect(regions.find((r) => r.surface === 'L')!.y).toBeLessThan(centre.y);
    }
  });

  it('draws charted surfaces where they are: 37 B caries fills the cheek-side region of 37', () => {
    const item: ChartItemLike = { id: 1, teeth: ['37'], surfaces: ['B'], code: 'caries', kind: 'finding', status: 'condition', createdAt: '2026-01-01T00:00:00.000Z', invalidatedAt: null };
    const { markup } = render('permanent', [item]);
    const tooth = markup.split(/(?=<g id="tooth-)/).find((p) => p.includes('data-tooth="37"'))!;
    const filled = (tooth.match(/<polygon [^>]*>/g) ?? []).filter((t) => attr(t, 'fill'));
    expect(filled.map((t) => [attr(t, 'data-surface'), attr(t, 'data-side')])).toEqual([['B', 'bottom']]);
  });

  it('names each surface by what it faces, from one table per arch and tooth type', () => {
    expect(Object.keys(surfaceGeometry.upper).sort()).toEqual(['canine', 'incisor', 'molar', 'premolar']);
    for (const tooth of [...permanentTeeth, ...primaryTeeth]) {
      const upper = upperJaw(tooth);
      const front = frontTooth(tooth);
      expect(surfaceFacing(tooth, 'B'), tooth).toBe(front ? 'lips' : 'cheek');
      expect(surfaceFacing(tooth, 'L'), tooth).toBe(upper ? 'palate' : 'tongue');
      expect(surfaceName(tooth, 'L'), tooth).toBe(upper ? 'palatal' : 'lingual');
      expect(surfaceName(tooth, 'B'), tooth).toBe(front ? 'facial' : 'buccal');
      for (const s of ['M', 'O', 'D', 'B', 'L', 'C'] as const) expect(surfaceLabel(tooth, s)).toBe(expectedLetter(tooth, s));
    }
  });
});

describe('the enlarged tooth picker (UI-14)', () => {
  it('shows every surface of every tooth on the side the chart draws it, each a button naming its letter and side', () => {
    for (const tooth of [...permanentTeeth, ...primaryTeeth]) {
      const markup = renderToStaticMarkup(createElement(PickerMap, { tooth, chosen: [] }));
      const buttons = markup.match(/<g role="button"[^>]*>/g) ?? [];
      const sideOf = Object.fromEntries(buttons.map((b) => [attr(b, 'data-surface'), attr(b, 'data-side')]));
      const out = upperJaw(tooth) ? 'top' : 'bottom';
      const inward = upperJaw(tooth) ? 'bottom' : 'top';
      const mesial = [1, 4, 5, 8].includes(Number(tooth[0])) ? 'right' : 'left';
      expect(sideOf, tooth).toEqual({ O: 'centre', B: out, L: inward, M: mesial, D: mesial === 'right' ? 'left' : 'right', C: out });
      const labels = Object.fromEntries(buttons.map((b) => [attr(b, 'data-surface'), attr(b, 'aria-label')]));
      expect(labels.L!.startsWith(`${expectedLetter(tooth, 'L')}, `), tooth).toBe(true);
      expect(labels.B!.startsWith(`${expectedLetter(tooth, 'B')}, `), tooth).toBe(true);
    }
    expect(renderToStaticMarkup(createElement(PickerMap, { tooth: '46', chosen: ['L'] }))).toContain('aria-label="L, lingual, tongue side"');
  });
});

describe('work charted without surfaces is drawn (CHART-20)', () => {
  const at = (id: number, teeth: string[], code: string, status: ChartItemLike['status'] = 'planned'): ChartItemLike => ({
    id,
    teeth,
    surfaces: [],
    code,
    kind: code === 'caries' || code === 'mobility' ? 'finding' : 'procedure',
    status,
    createdAt: `2026-01-0${id}T00:00:00.000Z`,
    invalidatedAt: null,
  });

  it('draws 16 26 36 46 sealant, 11 21 veneer, 46 perio and a composite without surfaces, and the legend names each', () => {
    const items = [at(1, ['16', '26', '36', '46'], 'sealant'), at(2, ['11', '21'], 'veneer', 'completed'), at(3, ['46'], 'perio'), at(4, ['24'], 'composite'), at(5, ['31'], 'xray', 'completed')];
    const { markup, teeth, layout } = render('permanent', items);
    const toothPart = (t: string) => markup.split(/(?=<g id="tooth-)/).find((p) => p.includes(`data-tooth="${t}"`))!;
    for (const t of ['16', '26', '36', '46']) expect(toothPart(t), t).toContain('sealant-mark');
    for (const t of ['11', '21']) expect(toothPart(t), t).toContain('veneer-mark');
    expect(toothPart('46')).toContain('gum-mark');
    expect(toothPart('24')).toContain('ring-mark');
    expect(toothPart('31')).toContain('dot-mark');
    expect(toothPart('12')).not.toContain('whole-mark');
    // The veneer's bar is on the lip side: above an upper tooth's map.
    const drawn = drawnRegions(markup);
    const bar = toothPart('11').match(/<rect [^>]*veneer-mark[^>]*>/)![0];
    const mapY = Number(toothPart('11').match(/class="surface-map[^"]*" transform="translate\([-\d.]+ ([-\d.]+)\)/)![1]);
    expect(mapY + Number(attr(bar, 'y'))).toBeLessThan(drawn.get('11')!.centre.y);
    expect(drawn.get('11')!.centre.y).toBeLessThan(layout.occlusalY);

    const legend = renderToStaticMarkup(createElement(ChartLegend, { symbols: symbolsDrawn(teeth) }));
    for (const label of ['Sealant, whole tooth', 'Veneer, whole face', 'Gum treatment', 'Whole tooth, no surfaces', 'Other work on the tooth']) expect(legend).toContain(label);
    expect(renderToStaticMarkup(createElement(ChartLegend, { symbols: symbolsDrawn(render('permanent').teeth) }))).not.toContain('Gum treatment');
  });

  it('keeps surface work with surfaces on its surfaces', () => {
    expect(wholeToothSymbol({ draw: 'surface', code: 'sealant', surfaces: ['O'] })).toBeNull();
    expect(wholeToothSymbol({ draw: 'crown', code: 'crown', surfaces: [] })).toBeNull();
  });
});

describe('what the dentition shown hides (CHART-21)', () => {
  it('counts the items on milk teeth in the Adult view, and on adult teeth in the Milk view', () => {
    const item = (id: number, teeth: string[], code = 'caries'): ChartItemLike => ({ id, teeth, surfaces: [], code, kind: 'finding', status: 'condition', createdAt: '2026-01-01T00:00:00.000Z', invalidatedAt: null });
    const { teeth } = render('mixed', [item(1, ['55']), item(2, ['85', '84']), item(3, ['36']), item(-1, ['54'])]);
    expect(hiddenItemIds(teeth, odontogramLayout('permanent'))).toEqual([1, 2]);
    expect(hiddenItemIds(teeth, odontogramLayout('primary'))).toEqual([3]);
    expect(hiddenItemIds(teeth, odontogramLayout('mixed'))).toEqual([]);
  });
});
