import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// CLINIC-12's guard: the repository's own .oxlintrc.json and plugin, run by oxlint on files laid out as in
// the repository, so the rule and its allow-list are tested together.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
let dir: string;

const WALL_CLOCK = [
  'export const a = () => new Date();',
  'export const b = () => Date.now();',
  'export const c = () => Date();',
  "export const d = (trx: { fn: { now(): unknown } }) => ({ updatedAt: trx.fn.now() });",
].join('\n');
const FINE = [
  "export const parsed = new Date('2026-11-24T03:00:00Z');",
  'export const at = (ms: number) => new Date(ms);',
  'export const later = (now: Date) => new Date(now.getTime() + 1000);',
  'export const elapsed = (since: number) => performance.now() - since;',
  'export const utc = Date.UTC(2026, 10, 24);',
].join('\n');

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), `${text}\n`);
}

/** The files oxlint reports, each with the rule's findings as `line:column`. */
async function findings(): Promise<Record<string, string[]>> {
  const oxlint = path.join(root, 'node_modules', '.bin', 'oxlint');
  const { stdout } = await run(oxlint, ['-f', 'json', '.'], { cwd: dir }).catch((err: { stdout: string }) => err);
  const report = JSON.parse(stdout) as { diagnostics: { code: string; filename: string; labels: { span: { line: number; column: number } }[] }[] };
  const out: Record<string, string[]> = {};
  for (const d of report.diagnostics.filter((x) => x.code === 'clock(no-wall-clock)')) {
    (out[d.filename] ??= []).push(`${d.labels[0].span.line}:${d.labels[0].span.column}`);
  }
  for (const list of Object.values(out)) list.sort();
  return out;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clock-lint-'));
  fs.copyFileSync(path.join(root, '.oxlintrc.json'), path.join(dir, '.oxlintrc.json'));
  fs.mkdirSync(path.join(dir, 'scripts'));
  fs.copyFileSync(path.join(root, 'scripts', 'oxlint-plugin-clock.js'), path.join(dir, 'scripts', 'oxlint-plugin-clock.js'));
  fs.writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the one-clock lint rule (CLINIC-12)', () => {
  it('refuses every reading of the machine or database clock in services, jobs, routes, shared and the site', async () => {
    const places = ['api/services/s.ts', 'api/jobs/j.ts', 'api/routes/r.ts', 'api/start.ts', 'shared/domain/d.ts', 'site/src/admin/a.tsx', 'site/src/public/p.tsx'];
    for (const file of places) write(file, WALL_CLOCK);
    const found = await findings();
    for (const file of places) expect(found[file], file).toEqual(['1:24', '2:24', '3:24', '4:69']);
  });

  it('allows parsed and computed dates and elapsed time anywhere', async () => {
    write('api/services/fine.ts', FINE);
    write('site/src/lib/fine.ts', FINE);
    const found = await findings();
    expect(found['api/services/fine.ts']).toBeUndefined();
    expect(found['site/src/lib/fine.ts']).toBeUndefined();
  });

  it('allows the clock itself, migrations, tests and what is not product code', async () => {
    const allowed = ['api/clock.ts', 'site/src/lib/clock.ts', 'api/db/migrations/001-x.ts', 'api/test/x.test.ts', 'shared/domain/d.test.ts', 'bench/b.ts', 'scripts/s.ts'];
    for (const file of allowed) write(file, WALL_CLOCK);
    const found = await findings();
    for (const file of allowed) expect(found[file], file).toBeUndefined();
  });
});
