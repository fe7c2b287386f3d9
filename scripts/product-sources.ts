import fs from 'node:fs';
import path from 'node:path';

// The product's own code as the display checks read it (check-dates, check-wording, check-phones): .ts and
// .tsx files under the given folders, without tests, builds or dependencies.

export const ROOT = path.resolve(__dirname, '..');

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!['node_modules', 'dist', 'out', 'test', 'e2e'].includes(entry.name)) out.push(...walk(rel));
    } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      out.push(rel);
    }
  }
  return out;
}

/** Every product source file under `dirs` (relative to the repository), with its text. */
export function productSources(dirs: string[]): { file: string; text: string }[] {
  return dirs.flatMap(walk).map((file) => ({ file, text: fs.readFileSync(path.join(ROOT, file), 'utf8') }));
}
