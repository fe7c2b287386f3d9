import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';
import { catalogues, languageNames } from '../../shared/i18n/index';

// I18N-4: the Devanagari font the Marathi and Hindi pages use, made once and committed
// (site/public/fonts/noto-sans-devanagari-subset.woff2): Noto Sans Devanagari Regular (the npm package
// @expo-google-fonts/noto-sans-devanagari, OFL) cut down to the Devanagari block, the joiners and the
// rupee sign, as WOFF2. HarfBuzz's subsetter keeps every conjunct and matra form those characters can
// make (the layout tables' closure), so any Marathi or Hindi text renders, not only the catalogues'.
// Run it again after a font update: npx tsx site/scripts/subset-font.ts

const require = createRequire(import.meta.url);
const dir = path.dirname(require.resolve('@expo-google-fonts/noto-sans-devanagari/package.json'));
const source = fs.readFileSync(path.join(dir, '400Regular/NotoSansDevanagari_400Regular.ttf'));

const chars = new Set<string>();
for (let cp = 0x0900; cp <= 0x097f; cp++) chars.add(String.fromCodePoint(cp));
for (const c of ['\u200c', '\u200d', '\u20b9', '\u25cc']) chars.add(c);
// Whatever else the catalogues write in Devanagari (a check that the block above covers them).
for (const t of JSON.stringify(catalogues.mr) + JSON.stringify(catalogues.hi)) if (/[\u0900-\u097f\u1cd0-\u1cff\ua8e0-\ua8ff]/.test(t)) chars.add(t);

async function write(name: string, text: string) {
  const out = await subsetFont(source, text, { targetFormat: 'woff2' });
  const file = path.resolve(import.meta.dirname, `../public/fonts/${name}`);
  fs.writeFileSync(file, out);
  console.log(`${path.relative(process.cwd(), file)}: ${(out.length / 1024).toFixed(1)} KB, ${new Set(text).size} characters`);
}

// The Marathi and Hindi pages' font.
await write('noto-sans-devanagari-subset.woff2', [...chars].join(''));
// English pages show Devanagari only in the language switcher ('मराठी', 'हिन्दी'): a font of those letters
// alone, so the names read right on a device without a Devanagari system font.
await write('noto-sans-devanagari-names.woff2', Object.values(languageNames).join(''));
