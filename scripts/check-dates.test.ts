import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { productSources } from './product-sources';

// UI-6: dates are written for people by shared/domain/dates.ts alone. This walks the product's code (api,
// shared, the site, the desktop app; not tests) and finds any other date formatting: toLocaleDateString,
// toLocaleTimeString, an Intl.DateTimeFormat of its own, or the en-US locale. The one other
// Intl.DateTimeFormat is clinic-time.ts's: it reads the clinic's calendar date and time as numbers (en-CA
// gives yyyy-MM-dd parts), which no person reads.

const DIRS = ['api', 'shared', 'site/src', 'desktop/src'];
const ALLOWED: Record<string, RegExp> = {
  'shared/domain/dates.ts': /Intl\.DateTimeFormat|formatDocumentDate/,
  // UI-17: the one 12-hour clock, which formatTime writes with (constants may not import the domain).
  'shared/constants/booking.ts': /% 12 === 0 \? 12\b/,
  'shared/domain/clinic-time.ts': /new Intl\.DateTimeFormat\('en-CA'/,
};
const FORBIDDEN = [
  /\.toLocaleDateString\(/,
  /\.toLocaleTimeString\(/,
  /Intl\.DateTimeFormat\b/,
  /['"]en-US['"]/,
  // UI-6 (docs/dates.md): one style per kind. The styles it retired, and a 12-hour clock made by hand.
  /\b(formatListDate|formatMoment|formatLongDate|formatEnGbDate|formatEnGbLongDate|formatDayMonth|formatTimeOfDay|formatDocumentDate)\b/,
  /% 12 === 0 \? 12\b/,
];


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

/** The functions dates.ts exports, and the ones docs/dates.md's table names (its first column, in backticks). */
function moduleStyles(): { exported: string[]; documented: string[] } {
  const source = readFileSync('shared/domain/dates.ts', 'utf8');
  const exported = [...source.matchAll(/^export (?:function|const) (\w+)/gm)].map((m) => m[1]).filter((n) => n !== 'formatDocumentDate');
  const documented = [...readFileSync('docs/dates.md', 'utf8').matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]);
  return { exported: exported.sort(), documented: [...new Set(documented)].sort() };
}

describe('date formatting (UI-6)', () => {
  it('offers exactly the styles docs/dates.md chooses, one per kind', () => {
    const { exported, documented } = moduleStyles();
    expect(documented.length).toBeGreaterThan(5);
    expect(exported).toEqual(documented);
  });

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
      { file: 'site/src/admin/pages/w-page.tsx', text: 'const at = formatMoment(row.at);' },
      { file: 'shared/emails/v.ts', text: "const label = `${h % 12 === 0 ? 12 : h % 12}:${m} ${h < 12 ? 'am' : 'pm'}`;" },
    ];
    expect(dateFormattingOutsideTheModule(probe)).toEqual([
      "site/src/admin/pages/x-page.tsx:1: const d = new Date(iso).toLocaleDateString('en-IN');",
      "site/src/admin/pages/y-page.tsx:1: const f = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' });",
      "api/services/z.ts:1: format(date, 'en-US')",
      'site/src/admin/pages/w-page.tsx:1: const at = formatMoment(row.at);',
      "shared/emails/v.ts:1: const label = `${h % 12 === 0 ? 12 : h % 12}:${m} ${h < 12 ? 'am' : 'pm'}`;",
    ]);
  });
});
