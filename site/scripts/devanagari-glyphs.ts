import path from 'node:path';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import fontverter from 'fontverter';
import * as hb from 'harfbuzzjs';
import { DEVANAGARI_RUN } from '../../shared/i18n/devanagari';

// I18N-4: HarfBuzz (the shaper Chromium uses) on the public pages' Devanagari: which glyphs a text is drawn
// with, a font of exactly those glyphs, and whether a cut-down font draws a text as the whole font does.

export const SOURCE_FONT = path.resolve(import.meta.dirname, '../../api/fonts/noto-sans-devanagari/NotoSansDevanagari-Regular.ttf');

/** Every text the site itself writes in a language: the catalogue's, and the dates and digits of Intl. */
export function siteWords(catalogue: unknown, locale: string): string[] {
  const texts: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') texts.push(v);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(catalogue);
  const styles: Intl.DateTimeFormatOptions[] = [
    { dateStyle: 'full' },
    { dateStyle: 'long' },
    { dateStyle: 'medium' },
    { weekday: 'short', day: 'numeric', month: 'short' },
    { hour: 'numeric', minute: '2-digit' },
  ];
  for (let month = 0; month < 12; month++) {
    for (const day of [1, 2, 3, 4, 5, 6, 7]) {
      const date = new Date(Date.UTC(2026, month, day, 9, 30));
      for (const style of styles) texts.push(new Intl.DateTimeFormat(locale, { ...style, timeZone: 'Asia/Kolkata' }).format(date));
    }
  }
  texts.push(new Intl.NumberFormat(locale).format(1234567890));
  // Written by code around the catalogue's words: prices (₹), Devanagari digits, the danda.
  texts.push('₹ ० १ २ ३ ४ ५ ६ ७ ८ ९ । ॥');
  return texts;
}

export interface ShapedGlyph {
  glyph: number;
  cluster: number;
  advance: number;
  dx: number;
  dy: number;
}

export class Shaper {
  private readonly font: hb.Font;
  private constructor(ttf: Uint8Array) {
    this.font = new hb.Font(new hb.Face(new hb.Blob(ttf)));
  }

  /** A shaper of a TrueType or WOFF2 font file (HarfBuzz reads TrueType: WOFF2 is unpacked first). */
  static async load(file: string): Promise<Shaper> {
    const bytes = fs.readFileSync(file);
    return new Shaper(file.endsWith('.woff2') ? await fontverter.convert(bytes, 'truetype', 'woff2') : bytes);
  }

  /** The glyphs of each Devanagari run of the texts (as the browser splits them between fonts). */
  shape(text: string): ShapedGlyph[][] {
    return [...text.matchAll(DEVANAGARI_RUN)].map(([run]) => {
      const buffer = new hb.Buffer();
      buffer.addText(run);
      buffer.guessSegmentProperties();
      hb.shape(this.font, buffer);
      const positions = buffer.getGlyphPositions();
      return buffer.getGlyphInfos().map((g, i) => ({
        glyph: g.codepoint,
        cluster: g.cluster,
        advance: positions[i].xAdvance,
        dx: positions[i].xOffset,
        dy: positions[i].yOffset,
      }));
    });
  }

  /** Every glyph the runs of the texts pass through while shaped (a substitution's input as well as its output). */
  glyphsUsed(texts: string[]): Set<number> {
    const used = new Set<number>([0]);
    for (const text of texts) {
      for (const [run] of text.matchAll(DEVANAGARI_RUN)) {
        const buffer = new hb.Buffer();
        buffer.addText(run);
        buffer.guessSegmentProperties();
        for (const step of hb.shapeWithTrace(this.font, buffer, [], 0, hb.TracePhase.DONT_STOP)) {
          if (step.glyphs) for (const g of step.t as { g: number }[]) used.add(g.g);
        }
      }
    }
    return used;
  }
}

/**
 * Texts a cut-down font draws differently from the source font (another glyph sequence, advance or
 * offset): the glyph it lacks shows as a box or a broken conjunct. Compared by outline-independent
 * measures, since the subset numbers its glyphs anew.
 */
export function drawnDifferently(source: Shaper, subset: Shaper, texts: string[]): string[] {
  const signature = (runs: ShapedGlyph[][]) => JSON.stringify(runs.map((r) => r.map((g) => [g.glyph === 0, g.cluster, g.advance, g.dx, g.dy])));
  return texts.filter((t) => signature(source.shape(t)) !== signature(subset.shape(t)));
}

const require = createRequire(import.meta.url);

/**
 * A WOFF2 font (of the source font) of exactly the glyphs the texts are drawn with (HarfBuzz's subsetter given those glyphs and
 * no layout closure): the ligatures and half forms other words would need are left out.
 */
export async function exactGlyphSubset(texts: string[]): Promise<{ woff2: Buffer; glyphs: number }> {
  const glyphs = (await Shaper.load(SOURCE_FONT)).glyphsUsed(texts);
  // The space too: HarfBuzz draws a joiner (U+200D) as a zero-width space glyph when the font has one.
  const characters = new Set([0x20, ...texts.flatMap((t) => [...t.matchAll(DEVANAGARI_RUN)].flatMap(([run]) => [...run].map((c) => c.codePointAt(0)!)))]);
  // subset-font (used for the other fonts) takes characters only; its HarfBuzz build also takes glyphs.
  const wasm = (await WebAssembly.instantiate(fs.readFileSync(require.resolve('harfbuzzjs/dist/harfbuzz-subset.wasm')))).instance
    .exports as unknown as HarfBuzzSubset;
  wasm._initialize();
  const heap = () => new Uint8Array(wasm.memory.buffer);
  const source = fs.readFileSync(SOURCE_FONT);
  const fontPtr = wasm.malloc(source.byteLength);
  heap().set(source, fontPtr);
  const blob = wasm.hb_blob_create(fontPtr, source.byteLength, 2 /* HB_MEMORY_MODE_WRITABLE */, 0, 0);
  const face = wasm.hb_face_create(blob, 0);
  wasm.hb_blob_destroy(blob);
  const input = wasm.hb_subset_input_create_or_fail();
  const features = wasm.hb_subset_input_set(input, 6 /* HB_SUBSET_SETS_LAYOUT_FEATURE_TAG */);
  wasm.hb_set_clear(features);
  wasm.hb_set_invert(features); // every layout feature, as subset-font keeps them
  wasm.hb_subset_input_set_flags(input, wasm.hb_subset_input_get_flags(input) | 0x200 /* HB_SUBSET_FLAGS_NO_LAYOUT_CLOSURE */);
  const unicodeSet = wasm.hb_subset_input_unicode_set(input);
  for (const c of characters) wasm.hb_set_add(unicodeSet, c);
  const glyphSet = wasm.hb_subset_input_glyph_set(input);
  for (const g of glyphs) wasm.hb_set_add(glyphSet, g);
  const subset = wasm.hb_subset_or_fail(face, input);
  wasm.hb_subset_input_destroy(input);
  if (!subset) throw new Error('HarfBuzz could not subset the font');
  const result = wasm.hb_face_reference_blob(subset);
  const start = wasm.hb_blob_get_data(result, 0);
  const ttf = Buffer.from(heap().subarray(start, start + wasm.hb_blob_get_length(result)));
  wasm.hb_blob_destroy(result);
  wasm.hb_face_destroy(subset);
  wasm.hb_face_destroy(face);
  wasm.free(fontPtr);
  return { woff2: await fontverter.convert(ttf, 'woff2', 'truetype'), glyphs: glyphs.size };
}

interface HarfBuzzSubset {
  memory: WebAssembly.Memory;
  _initialize(): void;
  malloc(size: number): number;
  free(ptr: number): void;
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_data(blob: number, length: number): number;
  hb_blob_get_length(blob: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, value: number): void;
  hb_set_clear(set: number): void;
  hb_set_invert(set: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_set(input: number, which: number): number;
  hb_subset_input_get_flags(input: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_input_unicode_set(input: number): number;
  hb_subset_input_glyph_set(input: number): number;
  hb_subset_or_fail(face: number, input: number): number;
}
