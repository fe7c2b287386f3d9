import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { screenTable } from '../site/src/admin/screen-table';

// `npx tsx scripts/tour.ts [outDir]`: screenshots of every admin screen and the main public pages at 375, 768
// (a dentist's tablet) and 1280 px, to look at after a change (the house rule: a page that works but looks broken is broken). Starts
// the product from source on a fresh embedded database with the demo content; needs `npm run build:site`.

const root = path.resolve(import.meta.dirname, '..');
const out = path.resolve(process.argv[2] ?? path.join(os.tmpdir(), 'tour'));
const port = Number(process.env.TOUR_PORT ?? 3977);
const origin = `http://127.0.0.1:${port}`;
const email = 'tour@clinic.test';
const password = 'Tour-Password-2026!';

// Every admin screen (the screen table, ADMIN-1), on demo patient 1 (whose chart, record and plan the demo
// fills) and invoice 1.
const adminScreens = Object.values(screenTable).map((screen) => `/admin${screen.path.replace(':id', '1')}`);
const publicPages = ['/', '/treatments', '/contact', '/mr', '/hi/treatments'];

fs.mkdirSync(out, { recursive: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-tour-'));
// Node itself with tsx's loader (not `npx tsx`): killing npx would leave the server running.
const server = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_EMAIL: email, ADMIN_PASSWORD: password, SCHEDULER: 'false', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  for (let i = 0; ; i++) {
    const ok = await fetch(`${origin}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    if (i > 120) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  for (const width of [1280, 768, 375]) {
    const context = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 800 }, baseURL: origin });
    const page = await context.newPage();
    const login = await page.request.post('/api/auth/login', { data: { email, password } });
    if (!login.ok()) throw new Error(`sign-in failed: ${login.status()} ${await login.text()}`);
    // The admin keeps the signed-in user where it looks first (as the browser tests' signIn does).
    const { user } = (await login.json()) as { user: unknown };
    await page.goto('/admin/login');
    await page.evaluate((value) => localStorage.setItem('clinic-admin-user', value), JSON.stringify({ state: { user }, version: 0 }));
    for (const address of [...adminScreens, ...publicPages]) {
      await page.goto(address, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      const file = path.join(out, `${width}${address.replaceAll('/', '_') || '_home'}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await context.close();
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
