import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkConformance, rulings, specParts, titleCalls } from './check-spec-conformance';

// The conformance guard (docs/requirements.md, "The conformance suite"): what it accepts, what it refuses, and
// that the repository's own suite passes it.

const SPEC = `# Spec
## 2. Screens
### Public routes
- /contact: phone, WhatsApp, an embedded map (height 400) and an Open in Google Maps link.
- Any other path: a 404 page titled "404 Page Not Found".
### Admin routes
Admin pages render only if a stored
signed-in user exists.
## 9. Business constants and limits
- Booking time slots: 10:00, 11:00, 14:00 (shown 10:00 AM to 9:00 PM).
| Method | Payload |
|---|---|
| POST /api/x | a, b |
`;
const DECISIONS = `# Rulings
- D12. Booking: the server rejects a past date, a Sunday
  (the clinic is closed).
- D45. What SPEC.md shows keeps working.
`;

const q = (s: string) => `'${s}'`;
const file = (...tests: string[]) => `import { spec, ruling } from 'x';\n${tests.map((t) => `it(${t}, async () => {});`).join('\n')}\n`;
const check = (...tests: string[]) => checkConformance(new Map([['a.test.ts', file(...tests)]]), SPEC, DECISIONS);

describe('the conformance guard', () => {
  it('reads sections, subsections and their statements, bullets, table rows and paragraphs', () => {
    const parts = specParts(SPEC);
    expect(parts.map((p) => p.part)).toEqual(['SPEC 2 Public routes', 'SPEC 2 Admin routes', 'SPEC 9']);
    expect(parts[1].statements).toEqual(['Admin pages render only if a stored signed-in user exists.']);
    expect(parts[2].statements).toContain('| POST /api/x | a, b |');
    expect(rulings(DECISIONS).get('D12')).toContain('a Sunday (the clinic is closed).');
  });

  it('accepts quotes found word for word in their section, fragments joined by an ellipsis, and named rulings', () => {
    const result = check(
      `spec('SPEC 2', 'an embedded map (height 400) … Open in Google Maps')`,
      `spec("SPEC 2", "a 404 page titled \\"404 Page Not Found\\"")`,
      `spec('SPEC 2', 'render only if a stored signed-in user', 'D45')`,
      `spec(\n  'SPEC 9',\n  'Booking time slots: 10:00, 11:00, 14:00',\n)`,
      `ruling('D12', 'rejects a past date, a Sunday (the clinic')`,
    );
    expect(result.problems).toEqual([]);
    expect(result.uncoveredParts).toEqual([]);
    expect(result.tests).toBe(5);
    expect(result.statements.filter((s) => !s.covered).map((s) => s.text)).toEqual(['| POST /api/x | a, b |']);
  });

  it('refuses a test with no quote, a changed quote, a quote from another section, an unknown ruling, a computed title', () => {
    const result = check(
      q('books the last slot'),
      `spec('SPEC 9', 'Booking time slots: 10:00, 11:00, 13:00')`,
      `spec('SPEC 2', 'Booking time slots: 10:00')`,
      `spec('SPEC 9', '14:00', 'D99')`,
      `spec('SPEC 9', \`\${slot}\`)`,
      `ruling('D45', 'the slots end before closing')`,
      `spec('SPEC 10', 'x')`,
    );
    expect(result.problems.join('\n')).toMatchInlineSnapshot(`
      "a.test.ts:2: a conformance test must be titled spec('SPEC n', 'quote', ...rulings) or ruling('Dn', 'quote') with plain strings (found: 'books the last slot', async () => {});)
      a.test.ts:3: "Booking time slots: 10:00, 11:00, 13:00" is not word for word in SPEC 9 of docs/spec/SPEC.md
      a.test.ts:4: "Booking time slots: 10:00" is not word for word in SPEC 2 of docs/spec/SPEC.md
      a.test.ts:5: names D99, which docs/spec/DECISIONS.md does not have
      a.test.ts:6: a conformance test must be titled spec('SPEC n', 'quote', ...rulings) or ruling('Dn', 'quote') with plain strings (found: spec('SPEC 9', \`\${slot}\`), async () => {});)
      a.test.ts:7: "the slots end before closing" is not in D45 of docs/spec/DECISIONS.md
      a.test.ts:8: "SPEC 10" is not a section of docs/spec/SPEC.md ('SPEC 1' ... 'SPEC 9')
      SPEC 2 Public routes: no conformance test quotes this part of docs/spec/SPEC.md
      SPEC 2 Admin routes: no conformance test quotes this part of docs/spec/SPEC.md"
    `);
  });

  it('refuses two tests of one file with one title, and lists a part no test quotes', () => {
    const result = check(`spec('SPEC 9', '14:00')`, `spec('SPEC 9', '14:00')`);
    expect(result.problems).toContain('a.test.ts:3: another test of this file has the same title');
    expect(result.uncoveredParts).toEqual(['SPEC 2 Public routes', 'SPEC 2 Admin routes']);
  });

  it('finds it and test calls with modifiers, and leaves describe, step and hooks alone', () => {
    const calls = titleCalls(`
      test.describe('x', () => { test.beforeEach(() => {}); });
      test('@desktop-only', async () => { await test.step('free', async () => {}); });
      it.concurrent(spec('SPEC 9', 'a'), () => {});
      // it('in a comment')
      const s = "it('in a string')";
      submit(); visit('x');
    `);
    expect(calls.map((c) => [c.kind, c.line])).toEqual([['other', 3], ['spec', 4]]);
  });

  it('passes the repository suite against the SPEC.md and DECISIONS.md kept in docs/spec', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const handout = path.resolve(root, '../shared/spec/SPEC.md');
    // The copy is the handout's, word for word (checked where the handout is at hand).
    if (fs.existsSync(handout)) expect(fs.readFileSync(path.join(root, 'docs/spec/SPEC.md'), 'utf8')).toBe(fs.readFileSync(handout, 'utf8'));
    expect(specParts(fs.readFileSync(path.join(root, 'docs/spec/SPEC.md'), 'utf8')).map((p) => p.part)).toEqual([
      'SPEC 1', 'SPEC 2 Public routes', 'SPEC 2 Public chrome', 'SPEC 2 Admin routes', 'SPEC 3', 'SPEC 4', 'SPEC 5', 'SPEC 6',
      'SPEC 7', 'SPEC 7 Public', 'SPEC 7 Auth and dashboard', 'SPEC 7 Admin', 'SPEC 8', 'SPEC 9',
    ]);
  });
});
