import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { screenNames, screenTable } from '../src/admin/screen-table';

// The public site's bundle guard (SITE-23), run by `npm run build:site` right after the builds:
//   - no public chunk contains antd, Ant Design's rc-* components, React (or React DOM), or admin code;
//   - the JavaScript a public page can load stays within 90 KB gzipped: the shell, the page's
//     own chunk, the booking form (any page can open the booking dialog) and the language's catalogue (the
//     largest of the three counts). Every public chunk together, with one language's catalogue (a visitor
//     only ever loads one), must fit within 110 KB, so no page can grow past that whatever the visitor does.
//   - the admin's sign-in page loads at most 120 KB of gzipped script and no antd.
// It prints each chunk's gzipped size (and the admin's per screen), and exits 1 with the reason when a
// rule is broken.

const BUDGET_BYTES = 90 * 1024;
const ALL_CHUNKS_BUDGET_BYTES = 110 * 1024;
const dist = path.resolve(import.meta.dirname, '../dist');
const reportFile = path.join(dist, '.vite/public-modules.json');

interface ChunkReport {
  modules: string[];
  imports: string[];
  dynamicImports: string[];
  isEntry: boolean;
}

const forbidden: [RegExp, string][] = [
  [/node_modules\/antd\//, 'antd'],
  [/node_modules\/@ant-design\//, 'Ant Design'],
  [/node_modules\/@rc-component\/|node_modules\/rc-[a-z-]+\//, "Ant Design's rc-* components"],
  [/node_modules\/react-dom\/|node_modules\/react\//, 'React itself (the public site runs on preact/compat)'],
  [/^site\/src\/admin\//, 'admin code'],
  [/^site\/admin\.html/, 'the admin entry'],
  [/^desktop\//, 'desktop code'],
];

if (!fs.existsSync(reportFile)) {
  console.error(`check-bundle: ${reportFile} is missing; run the public build first (npm run build:site).`);
  process.exit(1);
}
const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as Record<string, ChunkReport>;
const problems: string[] = [];

// A chunk whose code was all moved into another (an entry facade) is not written out: it weighs nothing.
const gz = (file: string) => {
  const full = path.join(dist, file);
  return fs.existsSync(full) ? zlib.gzipSync(fs.readFileSync(full), { level: 9 }).length : 0;
};
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

for (const [file, chunk] of Object.entries(report)) {
  for (const [re, what] of forbidden) {
    const found = chunk.modules.filter((id) => re.test(id));
    if (found.length > 0) problems.push(`${file} contains ${what}: ${found.length} module(s), e.g. ${found[0]}`);
  }
}

/** A chunk and everything it imports statically: what the browser loads before the code runs. */
function closure(start: string[], followDynamic: boolean): Set<string> {
  const seen = new Set<string>();
  const visit = (f: string) => {
    if (seen.has(f) || !report[f]) return;
    seen.add(f);
    report[f].imports.forEach(visit);
    if (followDynamic) report[f].dynamicImports.forEach(visit);
  };
  start.forEach(visit);
  return seen;
}

const entries = Object.keys(report).filter((f) => report[f].isEntry);
const sizes = new Map(Object.keys(report).map((f) => [f, gz(f)]));
const sum = (files: Set<string>) => [...files].reduce((n, f) => n + (sizes.get(f) ?? 0), 0);
const chunkOf = (source: string) => Object.keys(report).find((f) => report[f].modules.some((m) => m.endsWith(source)));

console.log('Public JavaScript (gzip -9):');
for (const [f, n] of [...sizes].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1])) console.log(`  ${kb(n).padStart(9)}  ${f}`);
for (const entry of entries) {
  const initial = closure([entry], false);
  const all = sum(closure([entry], true));
  // What a visitor's browser fetches for each page: the shell, then the page's own module (and the
  // booking form on the contact page); any page may later open the booking dialog.
  const form = chunkOf('site/src/public/booking/booking-form.tsx');
  // I18N-1: each language's catalogue is a chunk of its own; a page loads one. Count the heaviest.
  const catalogueChunks = ['en', 'mr', 'hi'].map((l) => chunkOf(`shared/i18n/${l}.ts`)).filter((f): f is string => Boolean(f));
  const catalogueClosures = catalogueChunks.map((c) => closure([c], false));
  const heaviest = catalogueClosures.reduce<Set<string>>((a, b) => (sum(b) > sum(a) ? b : a), new Set());
  if (catalogueChunks.length !== 3) problems.push('the three language catalogues (shared/i18n/{en,mr,hi}.ts) are not chunks of their own');
  for (const c of catalogueChunks) if (closure([entry], false).has(c)) problems.push(`${c}: a language catalogue is loaded by the entry (every language would ship)`);
  console.log(`  heaviest language catalogue: ${kb(sum(heaviest))}`);
  console.log('  page                  its code  with the booking dialog');
  for (const page of ['home', 'about', 'treatments', 'blogs', 'post', 'gallery', 'contact', 'not-found']) {
    const chunk = chunkOf(`site/src/public/pages/${page}.tsx`);
    const files = new Set([...initial, ...(chunk ? closure([chunk], false) : []), ...heaviest]);
    if (page === 'contact' && form) closure([form], false).forEach((f) => files.add(f));
    const withForm = new Set([...files, ...(form ? closure([form], false) : [])]);
    console.log(`  ${page.padEnd(20)}  ${kb(sum(files)).padStart(8)}  ${kb(sum(withForm)).padStart(8)}`);
    if (sum(withForm) > BUDGET_BYTES) problems.push(`${page}: ${kb(sum(withForm))} of JavaScript, over the ${kb(BUDGET_BYTES)} budget`);
  }
  const otherLanguages = new Set(catalogueClosures.flatMap((c) => [...c]).filter((f) => !heaviest.has(f)));
  const allOneLanguage = sum(new Set([...closure([entry], true)].filter((f) => !otherLanguages.has(f))));
  console.log(`  every public chunk together, one language: ${kb(allOneLanguage)} (budget ${kb(ALL_CHUNKS_BUDGET_BYTES)}; all three: ${kb(all)})`);
  if (allOneLanguage > ALL_CHUNKS_BUDGET_BYTES) {
    problems.push(`the public chunks together weigh ${kb(allOneLanguage)}, over the ${kb(ALL_CHUNKS_BUDGET_BYTES)} budget`);
  }
}

// The admin: the sign-in page loads only its own code (the entry and what it imports), within
// SIGN_IN_BUDGET_BYTES; the rest of the admin (mount.tsx: router, TanStack Query, antd, the layout) loads
// after it, and each screen's own chunk when the screen is first opened.
const SIGN_IN_BUDGET_BYTES = 120 * 1024;
const adminReportFile = path.join(dist, '.vite/admin-modules.json');
if (fs.existsSync(adminReportFile)) {
  const admin = JSON.parse(fs.readFileSync(adminReportFile, 'utf8')) as Record<string, ChunkReport>;
  const adminClosure = (start: string[]) => {
    const seen = new Set<string>();
    const visit = (f: string) => {
      if (seen.has(f) || !admin[f]) return;
      seen.add(f);
      admin[f].imports.forEach(visit);
    };
    start.forEach(visit);
    return seen;
  };
  const adminSize = (files: Iterable<string>) => [...files].reduce((n, f) => n + gz(f), 0);
  const adminChunkOf = (source: string) => Object.keys(admin).find((f) => admin[f].modules.some((m) => m.endsWith(source)));
  const entry = Object.keys(admin).find((f) => admin[f].isEntry && admin[f].modules.some((m) => m.endsWith('site/src/admin/main.tsx')));
  const mount = adminChunkOf('site/src/admin/mount.tsx');
  if (!entry || !mount) {
    problems.push('the admin build has no main.tsx entry or no mount.tsx chunk');
  } else {
    const signIn = adminClosure([entry]);
    const core = new Set([...adminClosure([mount])].filter((f) => !signIn.has(f)));
    console.log('Admin JavaScript (gzip -9):');
    console.log(`  ${'sign-in page (all it loads)'.padEnd(34)} ${kb(adminSize(signIn)).padStart(9)}`);
    console.log(`  ${'the admin, once signed in'.padEnd(34)} ${kb(adminSize(core)).padStart(9)}  (router, TanStack Query, antd, layout)`);
    // Every screen of the admin's screen table is a chunk of its own.
    const screens = screenNames.map((name) => [name, screenTable[name].page] as const);
    for (const [name, file] of screens) {
      const chunk = adminChunkOf(`site/src/admin/pages/${file}.tsx`);
      if (!chunk) {
        problems.push(`the admin's ${name} screen is not a chunk of its own`);
        continue;
      }
      const needed = [...adminClosure([chunk])].filter((f) => !signIn.has(f) && !core.has(f));
      console.log(`  ${`+ ${name} screen`.padEnd(34)} ${kb(gz(chunk)).padStart(9)}  its own chunk; ${kb(adminSize(needed))} with the shared chunks it needs first`);
    }
    if (adminSize(signIn) > SIGN_IN_BUDGET_BYTES) {
      problems.push(`the admin's sign-in page loads ${kb(adminSize(signIn))} of JavaScript, over its ${kb(SIGN_IN_BUDGET_BYTES)} budget`);
    }
    const antdAtSignIn = [...signIn].filter((f) => admin[f].modules.some((m) => /node_modules\/(antd|@ant-design|@rc-component)\//.test(m)));
    if (antdAtSignIn.length > 0) problems.push(`the admin's sign-in page loads antd (${antdAtSignIn.join(', ')})`);
  }
}

if (problems.length > 0) {
  console.error('\ncheck-bundle failed:');
  for (const p of problems) console.error(`  - ${p}`);
  process.exit(1);
}
console.log('check-bundle: public bundle within budget, no antd or admin code; the admin sign-in page within its budget.');
