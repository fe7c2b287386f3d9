import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogues, localeOf } from '../../shared/i18n/index';
import { drawnDifferently, Shaper, siteWords, SOURCE_FONT } from './devanagari-glyphs';

// I18N-4: each language's font (site/public/fonts/noto-sans-devanagari-{mr,hi}.woff2) draws every text of
// its catalogue exactly as the whole font does: a catalogue change fails here until
// `npx tsx site/scripts/subset-font.ts` has made the fonts again. Words outside the catalogue are not its job.

const fontOf = (lang: 'mr' | 'hi') => path.resolve(import.meta.dirname, `../public/fonts/noto-sans-devanagari-${lang}.woff2`);

// Shaping every catalogue text twice takes seconds of CPU; on a loaded 2-core machine more than the default 5.
describe("the languages' fonts", { timeout: 60_000 }, () => {
  for (const lang of ['mr', 'hi'] as const) {
    it(`${lang}: draws every catalogue text, date and digit as the whole font does`, async () => {
      const source = await Shaper.load(SOURCE_FONT);
      const own = await Shaper.load(fontOf(lang));
      const words = siteWords(catalogues[lang], localeOf[lang]);
      expect(words.length).toBeGreaterThan(500);
      expect(drawnDifferently(source, own, words)).toEqual([]);
    });
  }

  it('lacks the forms the site never writes, which the whole font keeps (a name like क्षितिज)', async () => {
    const source = await Shaper.load(SOURCE_FONT);
    const marathi = await Shaper.load(fontOf('mr'));
    expect(drawnDifferently(source, marathi, ['क्षितिज त्र्यंबक'])).toEqual(['क्षितिज त्र्यंबक']);
    const whole = await Shaper.load(path.resolve(import.meta.dirname, '../public/fonts/noto-sans-devanagari-subset.woff2'));
    expect(drawnDifferently(source, whole, ['क्षितिज त्र्यंबक', 'श्रद्धा द्वारका ह्रदय'])).toEqual([]);
  });
});
