import fs from 'node:fs';
import path from 'node:path';
import { SERVER_ENTRY_POINTS } from './server-entries';

// The import guard run by `npm run lint`. It reads every TypeScript file of the repository,
// follows each relative import (static, type-only, re-export, dynamic import() and require()), and fails on
//   - an import circle: files that reach themselves through their imports, at any length (a type-only or a
//     dynamic import counts: the files still cannot be understood, moved or split one without the other);
//   - an import against the flow of docs/architecture.md:
//       shared <- api;  shared <- site <- desktop;  nothing imports api but its own code, bench and tests;
//       in site/src, the admin (site/src/admin) and the public site (site/src/public) never import each
//       other, and what both use (site/src/lib) imports neither; desktop takes only the admin and lib;
//       inside the admin, lower folders never import higher ones (see adminRank below);
//   - a program that does not set the private umask first (OPS-21): every entry point (see programs below)
//     has api/umask.ts as its first import, and nothing else imports it.
// Packages (bare specifiers) are not followed. Usage: `tsx scripts/check-imports.ts [--quiet]`.

const root = path.resolve(import.meta.dirname, '..');
const SCANNED = ['api', 'shared', 'site', 'desktop', 'bench', 'scripts', 'knexfile.ts', 'vitest.config.ts', 'playwright.config.ts'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'out', '.vite', 'test-results']);
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.jsx'];

// ---------------------------------------------------------------------------------------------- reading

function listFiles(entry: string, into: string[] = []): string[] {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return into;
  const stat = fs.statSync(full);
  if (stat.isFile()) {
    if (EXTENSIONS.some((ext) => entry.endsWith(ext))) into.push(entry);
    return into;
  }
  for (const name of fs.readdirSync(full)) {
    if (SKIPPED_DIRS.has(name)) continue;
    listFiles(path.posix.join(entry, name), into);
  }
  return into;
}

/**
 * The source without comments, strings and template literals kept as they are. A `/` after an operator or
 * an opening bracket starts a regular expression, which is skipped whole (so a quote inside it cannot open
 * a string).
 */
export function stripComments(source: string): string {
  let out = '';
  let i = 0;
  let lastSignificant = '';
  const n = source.length;
  while (i < n) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      while (i < n && source[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
      out += ' ';
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < n && source[j] !== c) {
        if (source[j] === '\\') j++;
        j++;
      }
      out += source.slice(i, j + 1);
      i = j + 1;
      lastSignificant = c;
      continue;
    }
    if (c === '/' && (lastSignificant === '' || '(,=:[!&|?{};+-*%<>~^'.includes(lastSignificant) || /\b(return|typeof|case)$/.test(out))) {
      let j = i + 1;
      let inClass = false;
      while (j < n && source[j] !== '\n') {
        if (source[j] === '\\') j++;
        else if (source[j] === '[') inClass = true;
        else if (source[j] === ']') inClass = false;
        else if (source[j] === '/' && !inClass) break;
        j++;
      }
      out += source.slice(i, j + 1);
      i = j + 1;
      lastSignificant = '/';
      continue;
    }
    out += c;
    if (!/\s/.test(c)) lastSignificant = c;
    i++;
  }
  return out;
}

const IMPORT_PATTERNS = [
  // import x from '...'; import type { X } from '...'; import '...'
  /\bimport\s+(?:type\s+)?(?:[\w$*{}\s,]+?\s+from\s*)?['"]([^'"\n]+)['"]/g,
  // export { x } from '...'; export * from '...'; export type { X } from '...'
  /\bexport\s+(?:type\s+)?(?:\*(?:\s+as\s+[\w$]+)?|\{[^}]*\})\s*from\s*['"]([^'"\n]+)['"]/g,
  // import('...'), require('...'), vi.importActual('...')
  /\b(?:import|require|importActual)\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g,
];

export function importSpecifiers(source: string): string[] {
  const code = stripComments(source);
  const found = new Set<string>();
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of code.matchAll(pattern)) found.add(match[1]);
  }
  return [...found];
}

/** The repository file a relative specifier names, or null (a package, an asset, a generated file). */
function resolveImport(from: string, specifier: string, known: Set<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier.replace(/\?.*$/, '')));
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => `${base}/index${ext}`)];
  // TypeScript's ESM style: './x.js' names './x.ts'.
  if (/\.(m|c)?js$/.test(base)) candidates.push(base.replace(/\.(m|c)?js$/, '.ts'), base.replace(/\.(m|c)?js$/, '.tsx'));
  return candidates.find((c) => known.has(c)) ?? null;
}

// ---------------------------------------------------------------------------------------------- the rules

/** Test code starts servers and reads fixtures across the parts; only circles are checked in it. */
function isTestCode(file: string): boolean {
  return /(^|\/)(test|e2e)\//.test(file) || /\.test\.tsx?$/.test(file);
}

/** The top-level part a file belongs to, with site/src split into its three rooms. */
export function partOf(file: string): string {
  const m = /^site\/src\/([^/]+)\//.exec(file);
  if (m) return `site/src/${m[1]}`;
  if (file.startsWith('site/src/')) return 'site/src (loose file)';
  const top = file.split('/')[0];
  return ['api', 'shared', 'site', 'desktop', 'bench', 'scripts'].includes(top) ? top : 'root';
}

/** What each part may import (besides itself). `site` is site/'s build files and scripts. */
const allowed: Record<string, string[]> = {
  shared: [],
  api: ['shared'],
  'site/src/lib': ['shared'],
  'site/src/admin': ['shared', 'site/src/lib'],
  'site/src/public': ['shared', 'site/src/lib'],
  site: ['shared', 'site/src/lib', 'site/src/admin', 'site/src/public'],
  desktop: ['shared', 'site/src/lib', 'site/src/admin'],
  bench: ['shared', 'api'],
  scripts: ['site/src/admin'],
  root: ['api', 'shared', 'site', 'desktop'],
};

/**
 * The admin's floors, lowest first: a folder imports its own floor and those below, never above. Platform,
 * data plumbing, the signed-in session, hooks and the screen table know no screen; components know no
 * feature; features know no page and no other feature; the entry files (main, mount, app, routes) sit on top.
 */
const ADMIN_FLOORS: [RegExp, number, string][] = [
  [/^site\/src\/admin\/(platform|api|session|hooks)\//, 0, 'platform, api, session and hooks'],
  [/^site\/src\/admin\/(theme|query-client|zod-setup|screen-table)\.ts$/, 0, 'platform, api, session and hooks'],
  [/^site\/src\/admin\/components\//, 1, 'components'],
  [/^site\/src\/admin\/features\//, 2, 'features'],
  [/^site\/src\/admin\/(layout|pages)\//, 3, 'layout and pages'],
  [/^site\/src\/admin\/[^/]+$/, 4, 'the entry files'],
];

/**
 * The layers inside shared/, lowest first (each imports its own layer and those below): constants know
 * nothing else; the language catalogues know the constants; the pure domain functions (money, clinic time,
 * dates, invoice totals) may read a catalogue's words; the zod schemas use the domain, and so does the
 * clinical record and the treatment plans (each a domain folder of pure functions and schemas beside the
 * schemas); what is sent and printed (emails, WhatsApp texts, the invoice document) sits on top.
 */
const SHARED_LAYERS: [RegExp, number, string][] = [
  [/^shared\/constants\//, 0, 'constants'],
  [/^shared\/i18n\//, 1, 'language catalogues'],
  [/^shared\/domain\//, 2, 'domain functions'],
  [/^shared\/(schemas|clinical|plans)\//, 3, 'schemas'],
  [/^shared\/(emails|invoice)\//, 4, 'emails and documents'],
];

export function sharedLayerProblem(from: string, to: string): string | null {
  const a = SHARED_LAYERS.find(([re]) => re.test(from));
  const b = SHARED_LAYERS.find(([re]) => re.test(to));
  if (!a) return `${from} sits outside shared's layers: put it in constants, i18n, domain, schemas, emails or invoice`;
  if (b && b[1] > a[1]) return `${from} imports ${to}: shared's ${a[2]} must not import its ${b[2]}`;
  return null;
}

/** The admin feature a file belongs to (features/<name>/...), or null. */
const adminFeatureOf = (file: string) => /^site\/src\/admin\/features\/([^/]+)\//.exec(file)?.[1] ?? null;

function adminFloor(file: string): [number, string] | null {
  for (const [re, floor, name] of ADMIN_FLOORS) if (re.test(file)) return [floor, name];
  return null;
}

/**
 * The api's layers, highest first: the entries and the HTTP edge (routes, middleware, render, jobs, cli,
 * openapi, seeds, the migrate command) use the domain services; a domain service (services/<domain>/) uses the platform (mail,
 * caches, throttles, backups, storage, scheduler, audit) and db; the platform uses only db and models. A
 * service never imports a route, the platform never imports a domain, db imports neither.
 */
const API_LAYERS: [RegExp, string][] = [
  [/^api\/db\/(?!seeds\/|migrate-cli\.ts$)/, 'db'],
  [/^api\/platform\//, 'platform'],
  [/^api\/services\//, 'services'],
  [/^api\/(routes|middleware|render|jobs|cli|openapi|db\/seeds)\/|^api\/db\/migrate-cli\.ts$/, 'edge'],
];
const API_MAY_NOT: Record<string, string[]> = {
  db: ['platform', 'services', 'edge'],
  platform: ['services', 'edge'],
  services: ['edge'],
};
/** Files that may sit loose in api/services/ because every domain uses them. */
const LOOSE_SERVICES = new Set(['api/services/mail-attachments.ts']);

const apiLayerOf = (file: string) => API_LAYERS.find(([re]) => re.test(file))?.[1] ?? null;

export function apiLayerProblem(from: string, to: string): string | null {
  if (/^api\/services\/[^/]+$/.test(from) && !LOOSE_SERVICES.has(from)) {
    return `${from} sits loose in api/services: put it in its domain's folder (services/<domain>/) or in api/platform`;
  }
  const a = apiLayerOf(from);
  const b = apiLayerOf(to);
  if (a && b && (API_MAY_NOT[a] ?? []).includes(b)) {
    const what: Record<string, string> = { db: 'db', platform: 'the platform', services: 'a domain service', edge: `the HTTP edge (${to.split('/')[1]})` };
    return `${from} imports ${to}: ${what[a]} must not import ${what[b]}`;
  }
  return null;
}

export function directionProblem(from: string, to: string): string | null {
  if (isTestCode(from)) return null;
  const a = partOf(from);
  const b = partOf(to);
  if (a === 'site/src (loose file)') return `${from} sits loose in site/src: put it in site/src/admin, site/src/public or site/src/lib`;
  if (a !== b && !(allowed[a] ?? []).includes(b)) return `${from} imports ${to}: ${a} must not import ${b}`;
  if (a === 'api' && b === 'api') {
    const problem = apiLayerProblem(from, to);
    if (problem) return problem;
  }
  if (a === 'shared' && b === 'shared') {
    const problem = sharedLayerProblem(from, to);
    if (problem) return problem;
  }
  if (a === 'site/src/admin' && b === 'site/src/admin') {
    const fa = adminFloor(from);
    const fb = adminFloor(to);
    if (fa && fb && fb[0] > fa[0]) return `${from} imports ${to}: the admin's ${fa[1]} must not import its ${fb[1]}`;
    const featureA = adminFeatureOf(from);
    const featureB = adminFeatureOf(to);
    if (featureA && featureB && featureA !== featureB) {
      return `${from} imports ${to}: admin features do not import each other (move what both use to components/ or api/, or compose them in a page)`;
    }
  }
  return null;
}

/** The strongly connected components with more than one file (or a file importing itself): Tarjan. */
export function findCircles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
      }
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!indexOf.has(v)) visit(v);
  return circles;
}

/** One concrete loop through a circle's files, to show how it closes. */
function oneLoop(component: string[], graph: Map<string, string[]>): string[] {
  const members = new Set(component);
  const start = component[0];
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const loop = [v];
        while (loop[0] !== start) loop.unshift(previous.get(loop[0])!);
        return [...loop, start];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return component;
}

// ---------------------------------------------------------------------------------------------- the umask

export const UMASK_MODULE = 'api/umask.ts';
const SERVER_START_MODULE = 'api/start.ts';

/** The first module a source imports for its effects or values (static imports in source order; `import type` is erased). */
export function firstImport(source: string): string | null {
  const code = stripComments(source);
  for (const m of code.matchAll(/(?:^|[;\n])\s*import\s*(type\s+)?(?:[\w$*{}\s,]+?\s+from\s*)?['"]([^'"\n]+)['"]/g)) {
    if (!m[1]) return m[2];
  }
  return null;
}

/** The api/ files package.json's scripts run, with tsx or node (dist/api/x.js is built from api/x.ts). */
export function scriptPrograms(scripts: Record<string, string>): string[] {
  const found = new Set<string>();
  for (const command of Object.values(scripts)) {
    for (const m of command.matchAll(/\b(?:tsx(?:\s+watch)?|node)\s+(?:--\S+\s+)*((?:dist\/)?api\/\S+?)\.(?:ts|js)\b/g)) {
      found.add(`${m[1].replace(/^dist\//, '')}.ts`);
    }
  }
  return [...found];
}

/**
 * The repository's programs that keep the clinic's data (OPS-21): what `npm run build:server` bundles, what
 * package.json's scripts run from api/, every api/ module that reads its command line or ends the process,
 * and every module outside the tests that starts the server in its own process (bench).
 */
function programs(files: string[], sources: Map<string, string>, graph: Map<string, string[]>): Set<string> {
  const scripts = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const found = new Set([...SERVER_ENTRY_POINTS, ...scriptPrograms(scripts)]);
  for (const file of files) {
    if (isTestCode(file)) continue;
    const code = stripComments(sources.get(file) ?? '');
    if (file.startsWith('api/') && /\bprocess\.(argv\b|exit\s*\()/.test(code)) found.add(file);
    if (file !== SERVER_START_MODULE && (graph.get(file) ?? []).includes(SERVER_START_MODULE)) found.add(file);
  }
  return found;
}

export function umaskProblems(files: string[], sources: Map<string, string>, graph: Map<string, string[]>, known: Set<string>): string[] {
  const problems: string[] = [];
  const entries = programs(files, sources, graph);
  for (const entry of [...entries].sort()) {
    if (!known.has(entry)) continue;
    const first = firstImport(sources.get(entry) ?? '');
    if (!first || resolveImport(entry, first, known) !== UMASK_MODULE) {
      problems.push(`${entry} is a program: its first import must be ${UMASK_MODULE}, so that what it writes is private (OPS-21)`);
    }
  }
  for (const file of files) {
    if (isTestCode(file) || entries.has(file)) continue;
    if ((graph.get(file) ?? []).includes(UMASK_MODULE)) {
      problems.push(`${file} imports ${UMASK_MODULE}, which only a program imports (it sets the whole process's umask)`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------- main

function main(): void {
  const files = SCANNED.flatMap((entry) => listFiles(entry));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  const sources = new Map<string, string>();
  const problems: string[] = [];
  for (const file of files) {
    const targets: string[] = [];
    const source = fs.readFileSync(path.join(root, file), 'utf8');
    sources.set(file, source);
    for (const specifier of importSpecifiers(source)) {
      const target = resolveImport(file, specifier, known);
      if (!target) continue;
      targets.push(target);
      const problem = directionProblem(file, target);
      if (problem) problems.push(problem);
    }
    graph.set(file, targets);
  }
  problems.push(...umaskProblems(files, sources, graph, known));
  for (const circle of findCircles(graph)) {
    problems.push(`import circle of ${circle.length} file(s): ${oneLoop(circle, graph).join(' -> ')}` + (circle.length > 2 ? `\n    all of: ${circle.join(', ')}` : ''));
  }
  const edges = [...graph.values()].reduce((sum, t) => sum + t.length, 0);
  if (problems.length > 0) {
    console.error(`check-imports: ${problems.length} problem(s) in ${files.length} files:`);
    for (const p of new Set(problems)) console.error(`  - ${p}`);
    process.exit(1);
  }
  if (!process.argv.includes('--quiet')) console.log(`check-imports: ${files.length} files, ${edges} relative imports, no circle, none against the flow.`);
}

if (import.meta.filename === process.argv[1] || process.argv[1]?.endsWith('check-imports.ts')) main();
