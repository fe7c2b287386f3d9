import { describe, expect, it } from 'vitest';
import { productSources } from './product-sources';

// UI-7 and UI-8: what reaches a person's eyes is written for them. A count says "1 booking" or "2 bookings",
// never "booking(s)"; a rule's code ("(PAT-5)", "APPT-13") is for the code and the docs, never in a message,
// a label or a hint. This walks the text the product shows (the site's screens and pages, the shared schemas'
// messages and emails, the api's errors), skipping comments and tests; the API reference's summaries
// (api/openapi/) are for developers and may cite rules.

const DIRS = ['site/src', 'shared', 'api/services', 'api/routes', 'api/middleware', 'api/platform', 'api/render', 'desktop/src'];
const RULE_CODE = /\b(?:API|APPT|AUTH|BLOG|BOOK|CHART|CLINIC|DATA|DESK|FILE|GAL|I18N|IMG|INV|MAIL|OPS|PAT|REV|SEC|SET|SITE|UI|ADMIN)-\d+\b/;
// A word with (s) or (es) as words go on: 'booking(s) need', 'item(s).' (not code such as 'test(s) ?').
const MAYBE_PLURAL = /[a-z]\((?:s|es)\)(?= [a-z]|[.,;:!]?['"`]?$)/;


/** The code of a file without its comments (line and block), keeping strings, so their words can be read. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1').replace(/\{\/\*[\s\S]*?\*\/\}/g, '');
}

/** The quoted strings and JSX text of a file's code. */
function shownText(code: string): string[] {
  const strings = [...code.matchAll(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g)].map((m) => m[0]);
  const jsx = [...code.matchAll(/>([^<>{}\n]+)</g)].map((m) => m[1]);
  return [...strings, ...jsx];
}

export function wordingProblems(files: { file: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const { file, text } of files) {
    for (const piece of shownText(withoutComments(text))) {
      if (RULE_CODE.test(piece)) found.push(`${file}: a rule code in ${piece.trim()}`);
      if (MAYBE_PLURAL.test(piece)) found.push(`${file}: "(s)" in ${piece.trim()}`);
    }
  }
  return found;
}

describe('wording people read (UI-7, UI-8)', () => {
  it('has no "(s)" plural and no rule code in any text the product shows', () => {
    const files = productSources(DIRS);
    expect(files.length).toBeGreaterThan(100);
    expect(wordingProblems(files)).toEqual([]);
  });

  it('finds a hint that cites a rule and a count written with "(s)"', () => {
    const probe = [
      { file: 'a.tsx', text: '<p className="hint">Shown as a warning (PAT-5).</p>' },
      { file: 'b.ts', text: "toast(`${n} booking(s) need a new time`); // APPT-13 in a comment is fine" },
      { file: 'c.ts', text: "throw conflict('Only one at a time'); /* BOOK-16 */" },
    ];
    expect(wordingProblems(probe)).toEqual([
      'a.tsx: a rule code in Shown as a warning (PAT-5).',
      'b.ts: "(s)" in `${n} booking(s) need a new time`',
    ]);
  });
});
