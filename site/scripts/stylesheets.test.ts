import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// UI-5: styles live beside what they style, each file short enough to read (docs/architecture.md); the
// admin's and the public site's styles.css are indexes that keep the parts' order.
const SRC = path.resolve(import.meta.dirname, '../src');
const MAX_LINES = 800;

function stylesheets(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return stylesheets(full);
    return e.name.endsWith('.css') ? [full] : [];
  });
}

describe('stylesheets', () => {
  it(`keeps every stylesheet of the admin and the public site under ${MAX_LINES} lines`, () => {
    const files = stylesheets(SRC);
    expect(files.length).toBeGreaterThan(20);
    const long = files
      .map((f) => ({ file: path.relative(SRC, f), lines: fs.readFileSync(f, 'utf8').split('\n').length }))
      .filter((f) => f.lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  it('imports every part of an index stylesheet that exists, in a file of its own folder tree', () => {
    for (const index of ['admin/styles.css', 'public/styles.css']) {
      const text = fs.readFileSync(path.join(SRC, index), 'utf8');
      const parts = [...text.matchAll(/@import '([^']+)';/g)].map((m) => m[1]);
      expect(parts.length).toBeGreaterThan(10);
      for (const part of parts) expect(fs.existsSync(path.join(SRC, path.dirname(index), part)), `${index} -> ${part}`).toBe(true);
      // Nothing but the imports and the opening comment: a rule written here would land before the parts.
      expect(text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/@import '[^']+';/g, '').trim()).toBe('');
    }
  });
});
