import zlib from 'node:zlib';

// IMG-8's test image: a PNG whose header declares 16383 x 16383 pixels (268 megapixels) in about 44 KB,
// every row present (1-bit grey, all zeros, which deflate shrinks a thousandfold). A decoder that believes
// the header allocates and fills hundreds of megabytes; the server must refuse it from the header alone.

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of `side` x `side` pixels, 1-bit grey, all black, every row there. */
export function pixelBombPng(side = 16383): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  // Each row: a filter byte (0) and side bits of pixels, all zeros.
  const raw = Buffer.alloc((1 + Math.ceil(side / 8)) * side);
  const idat = zlib.deflateSync(raw, { level: 9 });
  return Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}
