import fs from 'node:fs';
import path from 'node:path';

/**
 * The product's folder: the nearest one above this module that holds package.json. Found by walking up,
 * not by counting "../", because this code runs both from api/ (tsx, tests) and bundled into
 * dist/api/ by `npm run build` (OPS-16), where every module shares one location.
 */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(import.meta.dirname);
