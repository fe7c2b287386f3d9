import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { encodeIco } from './ico';

// Renders the app icon drawn in desktop/build/icon.svg (SITE-26: made here) into what electron-builder and the
// window need. Run after changing the drawing: `npx tsx desktop/scripts/make-icons.mts`; the results are
// committed.
//   desktop/build/icon.png                512x512, the Linux icon and the source electron-builder scales
//   desktop/build/icons/<n>x<n>.png       16 to 512, the Linux icon set (AppImage, deb)
//   desktop/build/icon.ico                16 to 256, the Windows icon (nsis, the .exe)
//   desktop/src/renderer/public/icon.svg  the mark on the app's own screens, and the window's favicon
//   desktop/src/renderer/public/icon.png  256x256, the window icon on Linux

const desktop = join(dirname(fileURLToPath(import.meta.url)), '..');
const build = join(desktop, 'build');
const svgPath = join(build, 'icon.svg');

export const LINUX_SIZES = [16, 32, 48, 64, 128, 256, 512];
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];

async function render(svg: Buffer, size: number): Promise<Buffer> {
  // Rendered large, then scaled down: crisp edges at every size.
  return sharp(svg, { density: Math.max(72, Math.ceil((72 * size * 2) / 512)) })
    .resize(size, size, { kernel: 'lanczos3' })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

async function main(): Promise<void> {
  const svg = await readFile(svgPath);
  await mkdir(join(build, 'icons'), { recursive: true });
  const pngs = new Map<number, Buffer>();
  for (const size of new Set([...LINUX_SIZES, ...ICO_SIZES])) pngs.set(size, await render(svg, size));
  for (const size of LINUX_SIZES) await writeFile(join(build, 'icons', `${size}x${size}.png`), pngs.get(size)!);
  await writeFile(join(build, 'icon.png'), pngs.get(512)!);
  await writeFile(join(build, 'icon.ico'), encodeIco(ICO_SIZES.map((size) => ({ size, png: pngs.get(size)! }))));
  const publicDir = join(desktop, 'src/renderer/public');
  await mkdir(publicDir, { recursive: true });
  await copyFile(svgPath, join(publicDir, 'icon.svg'));
  await writeFile(join(publicDir, 'icon.png'), pngs.get(256)!);
  console.log(`Icons written to ${build} and ${publicDir}`);
}

await main();
