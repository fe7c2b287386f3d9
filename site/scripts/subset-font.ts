import fs from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';
import { catalogues, languageNames, localeOf } from '../../shared/i18n/index';
import { exactGlyphSubset, siteWords, SOURCE_FONT } from './devanagari-glyphs';

// I18N-4: the Devanagari fonts of the public pages, made once and committed (site/public/fonts): Noto Sans
// Devanagari Regular (api/fonts/noto-sans-devanagari, OFL 1.1) cut down three ways, as WOFF2.
// Run it again after a catalogue or font change: npx tsx site/scripts/subset-font.ts
// (site/e2e/public-fonts.spec.ts fails while the language fonts lag behind the catalogues).

const source = fs.readFileSync(SOURCE_FONT);
const out = (name: string) => path.resolve(import.meta.dirname, `../public/fonts/${name}`);
const report = (name: string, bytes: Buffer, what: string) =>
  console.log(`site/public/fonts/${name}: ${(bytes.length / 1024).toFixed(1)} KB, ${what}`);

// 1. The whole Devanagari block, the joiners and the rupee sign. HarfBuzz's subsetter keeps every conjunct
//    and matra form those characters can make (the layout tables' closure), so any Marathi or Hindi text
//    renders: what visitors and staff wrote (reviews, blog posts, names, typed text) uses this one.
const chars = new Set<string>();
for (let cp = 0x0900; cp <= 0x097f; cp++) chars.add(String.fromCodePoint(cp));
for (const c of ['\u200c', '\u200d', '\u20b9', '\u25cc']) chars.add(c);
const full = await subsetFont(source, [...chars].join(''), { targetFormat: 'woff2' });
fs.writeFileSync(out('noto-sans-devanagari-subset.woff2'), full);
report('noto-sans-devanagari-subset.woff2', full, `${chars.size} characters with every form they make`);

// 2. Per language, exactly the glyphs the site's own words are drawn with (the catalogue, Intl's dates and
//    digits), shaped by HarfBuzz as Chromium shapes them: the preloaded font of /mr and /hi pages, under
//    half the size of the block, so it costs the first paint far less on a slow phone (docs/benchmarks.md).
for (const lang of ['mr', 'hi'] as const) {
  const name = `noto-sans-devanagari-${lang}.woff2`;
  const { woff2, glyphs } = await exactGlyphSubset(siteWords(catalogues[lang], localeOf[lang]));
  fs.writeFileSync(out(name), woff2);
  report(name, woff2, `${glyphs} glyphs of the ${lang} catalogue`);
}

// 3. English pages show Devanagari only in the language switcher ('मराठी', 'हिन्दी'): a font of those
//    letters alone, so the names read right on a device without a Devanagari system font.
const names = await subsetFont(source, Object.values(languageNames).join(''), { targetFormat: 'woff2' });
fs.writeFileSync(out('noto-sans-devanagari-names.woff2'), names);
report('noto-sans-devanagari-names.woff2', names, 'the language names');
