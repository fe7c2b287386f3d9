// A Windows .ico holding PNG images (Vista and later read PNG entries; electron-builder's NSIS target
// needs a 256x256 one). Layout: ICONDIR (6 bytes), one ICONDIRENTRY (16 bytes) per image, then the PNGs.

export interface IcoImage {
  size: number;
  png: Uint8Array;
}

export function encodeIco(images: readonly IcoImage[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach((image, i) => {
    if (image.size < 1 || image.size > 256) throw new Error(`An .ico image is 1 to 256 pixels, not ${image.size}`);
    const entry = 6 + 16 * i;
    header.writeUInt8(image.size === 256 ? 0 : image.size, entry); // width, 0 means 256
    header.writeUInt8(image.size === 256 ? 0 : image.size, entry + 1); // height
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3); // reserved
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(image.png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += image.png.length;
  });
  return Buffer.concat([header, ...images.map((image) => Buffer.from(image.png))]);
}

export interface IcoEntry {
  size: number;
  bitCount: number;
  bytes: number;
  offset: number;
}

/** Reads an .ico's directory back (for the tests). */
export function readIcoEntries(ico: Uint8Array): IcoEntry[] {
  const buf = Buffer.from(ico);
  if (buf.readUInt16LE(0) !== 0 || buf.readUInt16LE(2) !== 1) throw new Error('Not an .ico file');
  const count = buf.readUInt16LE(4);
  return Array.from({ length: count }, (_, i) => {
    const entry = 6 + 16 * i;
    return {
      size: buf.readUInt8(entry) || 256,
      bitCount: buf.readUInt16LE(entry + 6),
      bytes: buf.readUInt32LE(entry + 8),
      offset: buf.readUInt32LE(entry + 12),
    };
  });
}
