import { describe, expect, it } from 'vitest';
import { citationProblems, definedRules } from './check-citations';

const defined = definedRules('- **BOOK-4** The server refuses ...\n- **INV-12** Delete cancels ...');

describe('check-citations', () => {
  it('accepts comments that cite defined rule numbers, and invoice numbers that look like rules', () => {
    const source = "// BOOK-4: a Sunday is refused\nconst n = 'INV-2026-27/0001'; /* INV-12 */\n";
    expect(citationProblems('a.ts', source, defined)).toEqual([]);
  });

  it('refuses a comment citing a ruling (Dnn) or a spec section (SPEC n)', () => {
    const source = '// D12: no Sundays\nconst x = 1; /* SPEC section 4 */\n/** SPEC 7 */\n';
    expect(citationProblems('a.ts', source, defined)).toEqual([
      'a.ts:1: cites "D12"; cite the rule in docs/requirements.md instead',
      'a.ts:2: cites "SPEC section 4"; cite the rule in docs/requirements.md instead',
      'a.ts:3: cites "SPEC 7"; cite the rule in docs/requirements.md instead',
    ]);
  });

  it('refuses a comment or a test title citing an issue of the tracker', () => {
    const source = "// The front desk (issue 9): hours\nconst x = 1; /* see Issue #14 */\ndescribe('the price list (issue 10)', () => {});\n";
    expect(citationProblems('a.ts', source, defined)).toEqual([
      'a.ts:1: cites "issue 9"; cite the rule in docs/requirements.md instead',
      'a.ts:2: cites "Issue #14"; cite the rule in docs/requirements.md instead',
      'a.ts:3: cites "issue 10" in a test title; cite the rule in docs/requirements.md instead',
    ]);
    expect(citationProblems('a.ts', "const note = 'an issue 9 customers raised';\n", defined)).toEqual([]);
  });

  it('leaves Dnn outside comments alone (a URL or a string is not a citation)', () => {
    expect(citationProblems('a.ts', "const grid = 'D12';\nconst url = 'https://example.com/D12';\n", defined)).toEqual([]);
  });

  it('refuses a rule number docs/requirements.md does not define, also in a test title', () => {
    expect(citationProblems('a.ts', "it('refuses a full slot (BOOK-99)', () => {});\n", defined)).toEqual([
      'a.ts:1: cites BOOK-99, which docs/requirements.md does not define',
    ]);
  });
});
