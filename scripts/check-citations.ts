import fs from 'node:fs';
import path from 'node:path';
import { CONFORMANCE_DIRS } from './check-spec-conformance';

// The citation guard run by `npm run lint` (issue 14). Comments cite rules by their number in
// docs/requirements.md (e.g. `// BOOK-5`). This fails on
//   - a comment that cites "Dnn" or "SPEC n" / "SPEC section n": documents outside the repository, which a
//     newcomer cannot look up (docs/decisions.md translates old Dnn notes into rule numbers);
//   - a comment or a test title that cites an issue ("issue 9"): the issue tracker is not the record either, and
//     what an issue asked for lives on as a rule (cite that) or as the code itself;
//   - a rule number cited anywhere in the code (comment, test title) that docs/requirements.md does not define.
// The conformance suite (CONFORMANCE_DIRS) and its own two scripts are the exception to the first: they quote
// docs/spec/SPEC.md and docs/spec/DECISIONS.md, the handout's copies kept in the repository for them.
// Usage: `tsx scripts/check-citations.ts`.

const root = path.resolve(import.meta.dirname, '..');
const SCANNED = ['api', 'shared', 'site', 'desktop', 'bench', 'scripts'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'out', '.vite', 'test-results', 'site/public', 'desktop/build']);
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.jsx', '.css'];
const AREAS = 'CLINIC|SITE|BOOK|APPT|PAT|INV|BLOG|GAL|IMG|SET|ADMIN|UI|AUTH|API|MAIL|A11Y|DESK|OPS|SEC|DATA|REV|I18N|CHART|FILE|MED|NOTE|FHIR';
// At most three digits and not followed by '-' or '/', so an invoice number such as INV-2026-27 is not a rule.
const RULE = new RegExp(`\\b(?:${AREAS})-\\d{1,3}\\b(?![-/])`, 'g');
const OLD_CITATION = /\bD\d{1,2}\b|\bSPEC(?: sections?)? ?\d+|\bissues? #?\d+/i;
const ISSUE = /\bissues? #?\d+/i;
/** A test's or a suite's title: `it('...'`, `describe.each(...)('...'`, or any modifier of them such as each or only. */
const TEST_TITLE = /\b(?:it|test|describe)(?:\.\w+)*\(\s*(['"`])((?:(?!\1)[^\\]|\\.)*)\1/g;

function listFiles(entry: string, into: string[] = []): string[] {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return into;
  if (fs.statSync(full).isFile()) {
    if (EXTENSIONS.some((ext) => entry.endsWith(ext))) into.push(entry);
    return into;
  }
  for (const name of fs.readdirSync(full)) {
    const child = path.posix.join(entry, name);
    if (SKIPPED_DIRS.has(name) || SKIPPED_DIRS.has(child)) continue;
    listFiles(child, into);
  }
  return into;
}

/** The comments of a source file with their line numbers (a rough scan: `//` not inside a URL, and block comments). */
export function comments(source: string): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  const pattern = /\/\*[\s\S]*?\*\/|(?<![:'"`\\/])\/\/[^\n]*/g;
  for (const match of source.matchAll(pattern)) {
    const line = source.slice(0, match.index).split('\n').length;
    match[0].split('\n').forEach((text, i) => found.push({ line: line + i, text }));
  }
  return found;
}

/** The rule numbers docs/requirements.md defines (each written in bold where it is stated). */
export function definedRules(requirements: string): Set<string> {
  return new Set([...requirements.matchAll(/\*\*([A-Z0-9]+-\d+)\*\*/g)].map((m) => m[1]));
}

/** What is wrong with one file's citations: an old "Dnn" / "SPEC n" in a comment, or an undefined rule number. */
const QUOTES_THE_SPEC = [...CONFORMANCE_DIRS.map((dir) => `${dir}/`), 'scripts/spec-conformance.ts', 'scripts/check-spec-conformance'];

export function citationProblems(file: string, source: string, defined: Set<string>): string[] {
  const problems: string[] = [];
  const quotesTheSpec = QUOTES_THE_SPEC.some((prefix) => file.startsWith(prefix));
  for (const { line, text } of quotesTheSpec ? [] : comments(source)) {
    const old = OLD_CITATION.exec(text);
    if (old) problems.push(`${file}:${line}: cites "${old[0]}"; cite the rule in docs/requirements.md instead`);
  }
  source.split('\n').forEach((text, i) => {
    for (const title of text.matchAll(TEST_TITLE)) {
      const issue = ISSUE.exec(title[2]);
      if (issue) problems.push(`${file}:${i + 1}: cites "${issue[0]}" in a test title; cite the rule in docs/requirements.md instead`);
    }
    for (const [rule] of text.matchAll(RULE)) {
      if (!defined.has(rule)) problems.push(`${file}:${i + 1}: cites ${rule}, which docs/requirements.md does not define`);
    }
  });
  return problems;
}

function main(): void {
  const defined = definedRules(fs.readFileSync(path.join(root, 'docs/requirements.md'), 'utf8'));
  const files = SCANNED.flatMap((entry) => listFiles(entry)).filter((file) => !file.startsWith('scripts/check-citations'));
  const problems = files.flatMap((file) => citationProblems(file, fs.readFileSync(path.join(root, file), 'utf8'), defined));
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    console.error(`\n${problems.length} citation problem(s).`);
    process.exit(1);
  }
}

if (import.meta.filename === process.argv[1] || process.argv[1]?.endsWith('check-citations.ts')) main();
