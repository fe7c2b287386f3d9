import { describe, expect, it } from 'vitest';
import { productSources } from './product-sources';

// UI-6: dates are written for people by shared/domain/dates.ts alone. This walks the product's code (api,
// shared, the site, the desktop app; not tests) and finds any other date formatting: toLocaleDateString,
// toLocaleTimeString, an Intl.DateTimeFormat of its own, or the en-US locale. The one other
// Intl.DateTimeFormat is clinic-time.ts's: it reads the clinic's calendar date and time as numbers (en-CA
// gives yyyy-MM-dd parts), which no person reads.

const DIRS = ['api', 'shared', 'site/src', 'desktop/src'];
const ALLOWED: Record<string, RegExp> = {
  'shared/domain/dates.ts': /Intl\.DateTimeFormat/,
  'shared/domain/clinic-time.ts': /new Intl\.DateTimeFormat\('en-CA'/,
};
const FORBIDDEN = [/\.toLocaleDateString\(/, /\.toLocaleTimeString\(/, /Intl\.DateTimeFormat\b/, /['"]en-US['"]/];


/** Every line of product code that formats a date outside the one module: `file:line: text`. */
export function dateFormattingOutsideTheModule(files: { file: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const { file, text } of files) {
    text.split('\n').forEach((line, i) => {
      if (/^\s*(\/\/|\*)/.test(line)) return;
      if (!FORBIDDEN.some((re) => re.test(line))) return;
      if (ALLOWED[file]?.test(line)) return;
      found.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  return found;
}

describe('date formatting (UI-6)', () => {
  it('happens only in shared/domain/dates.ts', () => {
    const files = productSources(DIRS);
    expect(files.length).toBeGreaterThan(100);
    expect(dateFormattingOutsideTheModule(files)).toEqual([]);
  });

  it('finds a screen that formats a date itself', () => {
    const probe = [
      { file: 'site/src/admin/pages/x-page.tsx', text: "const d = new Date(iso).toLocaleDateString('en-IN');" },
      { file: 'site/src/admin/pages/y-page.tsx', text: "const f = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' });" },
      { file: 'api/services/z.ts', text: "format(date, 'en-US')" },
      { file: 'shared/domain/dates.ts', text: 'f = new Intl.DateTimeFormat(localeOf[lang], options);' },
    ];
    expect(dateFormattingOutsideTheModule(probe)).toEqual([
      "site/src/admin/pages/x-page.tsx:1: const d = new Date(iso).toLocaleDateString('en-IN');",
      "site/src/admin/pages/y-page.tsx:1: const f = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' });",
      "api/services/z.ts:1: format(date, 'en-US')",
    ]);
  });
});
