import '../api/umask';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import knexFactory from 'knex';
import type { Page } from 'playwright-core';
import { loadConfig } from '../api/config';
import { createDb } from '../api/db/knex';
import { migrateLatest } from '../api/db/migrate';
import { startServer } from '../api/start';
import { launchChromium, percentile, signedInPage } from './browser';
import { LARGE, seedLarge } from './seed-large';

// `npm run bench:admin-ui`: the admin screens in a browser on a large clinic (50,000 patients, 200,000
// appointments, 50,000 invoices; bench/seed-large.ts) in a fresh database on the real PostgreSQL server,
// dropped at the end. Builds nothing: run `npm run build:site` first. The product runs in this process
// (as `npm start` runs it); Debian's Chromium, headless, at 1280 x 800, no throttling.
//
//   open:      a full page load of the screen (the admin's script included), from navigation start to the
//              first rows painted; each screen 5 times.
//   keystroke: in the screen's search box, from keydown to the frame after the list stops being busy
//              (the answer fetched and painted); 30 keystrokes a screen: 'kulkarni', its 8 deletions,
//              'deshmukh', 6 deletions, each one waited for.
// BENCH_DATABASE_URL picks the server, BENCH_OPENS / BENCH_KEYS change the counts.

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const OPENS = Number(process.env.BENCH_OPENS ?? 5);
const ADMIN = { email: 'bench@clinic.test', password: 'bench-Password-2026!' };
const root = path.resolve(import.meta.dirname, '..');

const screens = [
  { name: 'dashboard', path: '/admin/dashboard', ready: '.recent-list li', search: null },
  { name: 'patients', path: '/admin/patients', ready: 'main .list-row', search: 'Search patients' },
  { name: 'appointments', path: '/admin/appointments', ready: 'main .list-row', search: 'Search appointments' },
  { name: 'invoices', path: '/admin/invoices', ready: 'main .list-row', search: 'Search invoices' },
];

const KEYS = [...'kulkarni', ...Array(8).fill('Backspace'), ...'deshmukh', ...Array(6).fill('Backspace')].slice(0, Number(process.env.BENCH_KEYS ?? 30));

// The in-page parts are strings: tsx would wrap named functions in a helper the page does not have.

/** Milliseconds from navigation start until `selector` is first in the page and painted. */
async function timeOpen(page: Page, url: string, selector: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  return page.evaluate(`new Promise((resolve) => {
    const sel = ${JSON.stringify(selector)};
    const done = () => requestAnimationFrame(() => resolve(performance.now()));
    if (document.querySelector(sel)) return done();
    new MutationObserver((_, observer) => {
      if (!document.querySelector(sel)) return;
      observer.disconnect();
      done();
    }).observe(document, { childList: true, subtree: true });
  })`) as Promise<number>;
}

/** Keydown, then the list busy, then not busy, then the next frame (NaN after 15 s without an answer). */
async function timeKey(page: Page, key: string): Promise<number> {
  // Installed (and awaited) before the key is sent: an evaluation and an input event may arrive in any order.
  await page.evaluate(`window.__keyTiming = new Promise((resolve) => {
    let start = 0;
    let sawBusy = false;
    const busy = () => document.querySelector('main [aria-busy="true"]') !== null;
    const observer = new MutationObserver(() => {
      if (!start) return;
      if (busy()) sawBusy = true;
      else if (sawBusy) {
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - start));
      }
    });
    observer.observe(document.querySelector('main'), { attributes: true, childList: true, subtree: true, attributeFilter: ['aria-busy'] });
    window.addEventListener('keydown', () => (start = performance.now()), { once: true, capture: true });
    setTimeout(() => resolve(Number.NaN), 15000);
  }); true`);
  await page.keyboard.press(key);
  return page.evaluate('window.__keyTiming') as Promise<number>;
}

async function main() {
  if (!fs.existsSync(path.join(root, 'site/dist/admin.html'))) throw new Error('site/dist is not built: run `npm run build:site` first.');
  const name = `bench_${crypto.randomBytes(5).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: SERVER_URL, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-bench-ui-'));
  let running: Awaited<ReturnType<typeof startServer>> | null = null;
  const browser = await launchChromium();
  try {
    const db = await createDb({ databaseUrl: url.toString(), poolMax: 2 });
    await migrateLatest(db.knex);
    const t = performance.now();
    await seedLarge(db.knex);
    await db.close();
    console.log(`Seeded ${LARGE.patients} patients, ${LARGE.appointments} appointments, ${LARGE.invoices} invoices in ${((performance.now() - t) / 1000).toFixed(1)} s.`);
    const port = 4300 + Math.floor(Math.random() * 500);
    const config = loadConfig({
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'error',
    });
    running = await startServer(config, () => {});
    const origin = `http://127.0.0.1:${port}`;
    const startLoad = os.loadavg().map((n) => n.toFixed(1)).join(' ');

    const page = await signedInPage(browser, origin, ADMIN);

    const rows: string[] = [];
    for (const s of screens) {
      await timeOpen(page, origin + s.path, s.ready); // warm-up: the server's first query plans, Chromium's cache
      const opens: number[] = [];
      for (let i = 0; i < OPENS; i += 1) opens.push(await timeOpen(page, origin + s.path, s.ready));
      rows.push(`| open ${s.path} | ${percentile(opens, 50).toFixed(0)} ms | worst ${Math.max(...opens).toFixed(0)} ms |`);
      console.log(rows.at(-1));
      if (!s.search) continue;
      await page.getByLabel(s.search).focus();
      const keys: number[] = [];
      for (const key of KEYS) keys.push(await timeKey(page, key));
      if (keys.some(Number.isNaN)) throw new Error(`${s.name}: a keystroke's answer never showed: ${keys.map((k, i) => `${KEYS[i]}=${k.toFixed(0)}`).join(" ")}`);
      rows.push(`| keystroke to answer painted, ${s.name} | ${percentile(keys, 50).toFixed(0)} ms | p95 ${percentile(keys, 95).toFixed(0)} ms |`);
      console.log(rows.at(-1));
    }
    const endLoad = os.loadavg().map((n) => n.toFixed(1)).join(' ');
    console.log(`\nChromium headless 1280 x 800; load average ${startLoad} at start, ${endLoad} at the end (${os.cpus().length} CPUs)\n`);
    console.log('| Action | median | worst / p95 |\n|---|---|---|');
    for (const row of rows) console.log(row);
  } finally {
    await browser.close();
    await running?.stop();
    await admin.raw(`drop database if exists ${name} with (force)`);
    await admin.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
