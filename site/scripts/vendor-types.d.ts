// The npm package subset-font ships no types; this is the one call site/scripts/subset-font.ts makes.
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype' },
  ): Promise<Buffer>;
}

declare module 'fontverter' {
  type Format = 'truetype' | 'woff' | 'woff2' | 'sfnt';
  const fontverter: {
    /** Converts a font file between formats (WOFF2 by the wawoff2 package). */
    convert(font: Uint8Array, toFormat: Format, fromFormat?: Format): Promise<Buffer>;
    detectFormat(font: Uint8Array): Format;
  };
  export default fontverter;
}
