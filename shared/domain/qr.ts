import { create } from 'qrcode';

// A QR code as a square of modules (the `qrcode` package's encoder, error correction M), drawn by the
// server's PDF as rectangles and by the HTML page as one SVG path, so both print the same symbol.

export interface QrMatrix {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** size x size, row by row: 1 dark, 0 light. */
  data: ArrayLike<number>;
}

export function qrMatrix(text: string): QrMatrix {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, data: modules.data };
}

/** Runs of dark modules, row by row: [row, firstColumn, length], so a renderer draws few shapes. */
export function qrRuns(qr: QrMatrix): [number, number, number][] {
  const runs: [number, number, number][] = [];
  for (let row = 0; row < qr.size; row++) {
    let col = 0;
    while (col < qr.size) {
      if (!qr.data[row * qr.size + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < qr.size && qr.data[row * qr.size + col]) col++;
      runs.push([row, start, col - start]);
    }
  }
  return runs;
}

/** The symbol as an SVG element (with its 4-module quiet zone), `px` wide. */
export function qrSvg(qr: QrMatrix, px: number, title: string): string {
  const side = qr.size + 8;
  const d = qrRuns(qr)
    .map(([row, col, len]) => `M${col + 4} ${row + 4}h${len}v1h-${len}z`)
    .join('');
  const esc = title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 ${side} ${side}" ` +
    `shape-rendering="crispEdges" role="img" aria-label="${esc}"><title>${esc}</title>` +
    `<rect width="${side}" height="${side}" fill="#fff"/><path fill="#000" d="${d}"/></svg>`
  );
}
