import fs from 'node:fs';
import path from 'node:path';

// The conformance guard run by `npm run lint` (docs/requirements.md, "The conformance suite"). It reads every
// test of the conformance folders (CONFORMANCE_DIRS) from its source and fails on
//   - a test whose title is not spec('SPEC n', 'quote', ...rulings) or ruling('Dn', 'quote') written inline
//     (scripts/spec-conformance.ts): every test there holds a statement of the specification or of a ruling;
//   - a quote that is not word for word in its section of docs/spec/SPEC.md (for ruling(): in that ruling's
//     paragraph of docs/spec/DECISIONS.md), or a ruling that does not exist: an expectation cannot drift from
//     the specification unless the ruling that changed it is named beside the quote;
//   - two tests of one file with the same title;
//   - a section or subsection of SPEC.md that no test quotes (listed by name).
// It prints how many of SPEC.md's statements (bullets, table rows, paragraphs) a test quotes; `--uncovered`
// lists the others. Usage: `tsx scripts/check-spec-conformance.ts [--uncovered]`.

const root = path.resolve(import.meta.dirname, '..');
export const CONFORMANCE_DIRS = ['api/test/spec', 'site/e2e/spec'];
const TEST_FILE = /\.(test|spec)\.tsx?$/;
/** Fragments of one statement may be joined by this in a quote. */
export const FRAGMENT_JOIN = ' … ';

export interface SpecPart {
  /** 'SPEC 2' */
  section: string;
  /** 'SPEC 2 Public routes', or the section itself for text before its first subsection. */
  part: string;
  /** Its statements, whitespace collapsed: bullets, table rows, paragraphs. */
  statements: string[];
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** SPEC.md's numbered sections and their subsections, each with its statements. */
export function specParts(markdown: string): SpecPart[] {
  const parts: SpecPart[] = [];
  let section = '';
  let current: SpecPart | null = null;
  let paragraph: string[] = [];
  const flush = () => {
    if (current && paragraph.length) current.statements.push(collapse(paragraph.join(' ')));
    paragraph = [];
  };
  for (const line of markdown.split('\n')) {
    const h2 = /^## (\d+)\. (.*)$/.exec(line);
    const h3 = /^### (.*)$/.exec(line);
    if (h2) {
      flush();
      section = `SPEC ${h2[1]}`;
      current = { section, part: section, statements: [] };
      parts.push(current);
    } else if (h3 && section) {
      flush();
      current = { section, part: `${section} ${h3[1].trim()}`, statements: [] };
      parts.push(current);
    } else if (!current || line.startsWith('#') || line.startsWith('<!--')) {
      continue;
    } else if (/^\|[-| ]+\|$/.test(line)) {
      // A table's separator: the row above it is the table's head, not a statement.
      flush();
      current.statements.pop();
    } else if (/^\s*$/.test(line)) {
      flush();
    } else if (/^\s*[-|]/.test(line)) {
      flush();
      paragraph = [line.replace(/^\s*- /, '')];
      flush();
    } else {
      paragraph.push(line);
    }
  }
  flush();
  // A list's heading ('Booking form:') is not a statement of its own; nor is a point the spec leaves open
  // ('... : not shown.'), which the rulings decide and their own tests hold.
  for (const part of parts) part.statements = part.statements.filter((s) => !s.endsWith(':') && !/^[^.]*: not shown\.$/.test(s));
  return parts.filter((p) => p.statements.length > 0);
}

/** DECISIONS.md's rulings: 'D45' -> its paragraph, whitespace collapsed. */
export function rulings(markdown: string): Map<string, string> {
  const found = new Map<string, string>();
  let id = '';
  for (const line of markdown.split('\n')) {
    const start = /^- (D\d+)\. /.exec(line);
    if (start) id = start[1];
    else if (!line.startsWith('  ')) id = '';
    if (id) found.set(id, collapse(`${found.get(id) ?? ''} ${line}`));
  }
  return found;
}

export interface TitleCall {
  line: number;
  kind: 'spec' | 'ruling' | 'other';
  args: string[];
  /** The source of the title argument, for messages. */
  source: string;
}

const NOT_A_TEST = /^\.(describe|step|beforeAll|afterAll|beforeEach|afterEach|use|extend|info|setTimeout|slow|expect|configure)\b/;

/** Skips a string literal starting at i; answers its end and its value (null for a template with ${}). */
function readString(source: string, i: number): { end: number; value: string | null } {
  const quote = source[i];
  let value = '';
  let j = i + 1;
  while (j < source.length && source[j] !== quote) {
    if (source[j] === '\\') {
      const next = source[j + 1];
      value += next === 'n' ? '\n' : next === 't' ? '\t' : next;
      j += 2;
      continue;
    }
    if (quote === '`' && source[j] === '$' && source[j + 1] === '{') return { end: source.indexOf('`', j) + 1 || source.length, value: null };
    value += source[j];
    j += 1;
  }
  return { end: j + 1, value };
}

/** Every it(...) and test(...) of a test file with what its title argument is. */
export function titleCalls(source: string): TitleCall[] {
  const calls: TitleCall[] = [];
  let i = 0;
  const lineAt = (at: number) => source.slice(0, at).split('\n').length;
  while (i < source.length) {
    const c = source[i];
    if (c === '/' && source[i + 1] === '/') {
      i = source.indexOf('\n', i);
      if (i < 0) break;
      continue;
    }
    if (c === '/' && source[i + 1] === '*') {
      i = source.indexOf('*/', i + 2) + 2 || source.length;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') {
      i = readString(source, i).end;
      continue;
    }
    const word = /^\b(it|test)((?:\.\w+)*)\s*\(/.exec(source.slice(i, i + 80));
    if (word && !/[\w.$]/.test(source[i - 1] ?? '')) {
      const start = i + word[0].length;
      i = start;
      if (NOT_A_TEST.test(word[2])) continue;
      const rest = source.slice(start).replace(/^\s*/, '');
      const at = source.length - rest.length;
      const call = /^(spec|ruling)\s*\(/.exec(rest);
      if (!call) {
        calls.push({ line: lineAt(start), kind: 'other', args: [], source: rest.slice(0, 60).split('\n')[0] });
        continue;
      }
      const args: string[] = [];
      let j = at + call[0].length;
      let ok = true;
      for (;;) {
        while (/[\s,]/.test(source[j] ?? '')) j += 1;
        if (source[j] === ')') break;
        if (!["'", '"', '`'].includes(source[j])) {
          ok = false;
          break;
        }
        const { end, value } = readString(source, j);
        if (value === null) {
          ok = false;
          break;
        }
        args.push(value);
        j = end;
      }
      calls.push({ line: lineAt(start), kind: ok ? (call[1] as 'spec' | 'ruling') : 'other', args, source: ok ? '' : rest.slice(0, 60).split('\n')[0] });
      continue;
    }
    i += 1;
  }
  return calls;
}

export interface Coverage {
  problems: string[];
  tests: number;
  /** Parts of SPEC.md no test quotes. */
  uncoveredParts: string[];
  statements: { part: string; text: string; covered: boolean }[];
}

/** Checks the conformance files (path -> source) against SPEC.md and DECISIONS.md. */
export function checkConformance(files: Map<string, string>, specMarkdown: string, decisionsMarkdown: string): Coverage {
  const parts = specParts(specMarkdown);
  const decided = rulings(decisionsMarkdown);
  const problems: string[] = [];
  const coveredStatements = new Set<string>();
  const coveredParts = new Set<string>();
  let tests = 0;

  for (const [file, source] of files) {
    const titles = new Set<string>();
    for (const call of titleCalls(source)) {
      tests += 1;
      const where = `${file}:${call.line}`;
      if (call.kind === 'other') {
        problems.push(`${where}: a conformance test must be titled spec('SPEC n', 'quote', ...rulings) or ruling('Dn', 'quote') with plain strings (found: ${call.source})`);
        continue;
      }
      const title = call.args.join('\u0000');
      if (titles.has(title)) problems.push(`${where}: another test of this file has the same title`);
      titles.add(title);
      const [head, quote, ...named] = call.args;
      if (!quote || !quote.trim()) {
        problems.push(`${where}: no quote`);
        continue;
      }
      const fragments = collapse(quote).split(FRAGMENT_JOIN.trim()).map((f) => f.trim()).filter(Boolean);
      for (const id of call.kind === 'ruling' ? [head, ...named] : named) {
        if (!decided.has(id)) problems.push(`${where}: names ${id}, which docs/spec/DECISIONS.md does not have`);
      }
      if (call.kind === 'ruling') {
        const text = decided.get(head);
        for (const fragment of fragments) {
          if (text && !text.includes(fragment)) problems.push(`${where}: "${fragment}" is not in ${head} of docs/spec/DECISIONS.md`);
        }
        continue;
      }
      const inSection = parts.filter((p) => p.section === head);
      if (inSection.length === 0) {
        problems.push(`${where}: ${JSON.stringify(head)} is not a section of docs/spec/SPEC.md ('SPEC 1' ... 'SPEC 9')`);
        continue;
      }
      for (const fragment of fragments) {
        const hits = inSection.flatMap((p) => p.statements.filter((s) => s.includes(fragment)).map((s) => ({ part: p.part, s })));
        if (hits.length === 0) {
          problems.push(`${where}: "${fragment}" is not word for word in ${head} of docs/spec/SPEC.md`);
          continue;
        }
        for (const hit of hits) {
          coveredParts.add(hit.part);
          coveredStatements.add(`${hit.part}\u0000${hit.s}`);
        }
      }
    }
  }

  const uncoveredParts = parts.map((p) => p.part).filter((p) => !coveredParts.has(p));
  for (const part of uncoveredParts) problems.push(`${part}: no conformance test quotes this part of docs/spec/SPEC.md`);
  const statements = parts.flatMap((p) => p.statements.map((text) => ({ part: p.part, text, covered: coveredStatements.has(`${p.part}\u0000${text}`) })));
  return { problems, tests, uncoveredParts, statements };
}

function listTestFiles(dir: string, into: string[] = []): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return into;
  for (const name of fs.readdirSync(full).sort()) {
    const child = path.posix.join(dir, name);
    if (fs.statSync(path.join(root, child)).isDirectory()) listTestFiles(child, into);
    else if (TEST_FILE.test(name)) into.push(child);
  }
  return into;
}

function main(): void {
  const files = new Map(CONFORMANCE_DIRS.flatMap((dir) => listTestFiles(dir)).map((f) => [f, fs.readFileSync(path.join(root, f), 'utf8')]));
  const read = (f: string) => fs.readFileSync(path.join(root, f), 'utf8');
  const result = checkConformance(files, read('docs/spec/SPEC.md'), read('docs/spec/DECISIONS.md'));
  const covered = result.statements.filter((s) => s.covered).length;
  if (process.argv.includes('--uncovered')) {
    for (const s of result.statements.filter((x) => !x.covered)) console.log(`${s.part}: ${s.text.slice(0, 140)}`);
  }
  const summary = `SPEC conformance: ${result.tests} tests in ${files.size} files; ${covered} of ${result.statements.length} statements of docs/spec/SPEC.md quoted; uncovered sections: ${result.uncoveredParts.length ? result.uncoveredParts.join(', ') : 'none'}`;
  if (result.problems.length > 0) {
    console.error(result.problems.join('\n'));
    console.error(summary);
    process.exit(1);
  }
  console.log(summary);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
