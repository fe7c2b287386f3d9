import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Browser tests drive the built site on a real server (site/e2e/support/e2e-server.ts) in Debian's
// Chromium: Playwright cannot download its own browsers on the project's machines (D1).
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromiumPath)) {
  throw new Error(
    `Chromium not found at ${chromiumPath}. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
}

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
// One random number of weeks for the whole run (site/e2e/support/public-helpers.ts, bookingDay): set here, in
// the runner, so every worker process it starts reads the same.
process.env.E2E_RUN_OFFSET ??= String(7 * Math.floor(Math.random() * 6));
const launchOptions = {
  executablePath: chromiumPath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions, reducedMotion: 'reduce' as const };
// Both ask for reduced motion (A11Y-5: the admin switches antd's transitions off, the public site stops its
// carousel and hero loop): a click never lands on a dialog still zooming in (the lost clicks of earlier runs).
// Motion itself is walked where it is tested: admin-dashboard.spec's "with motion" (lists and dialogs as they
// animate) and public-pages.spec (the carousel, the hero loop), which ask for no preference.
const mobile = { ...devices['Pixel 7'], viewport: { width: 375, height: 740 }, launchOptions, reducedMotion: 'reduce' as const };

export default defineConfig({
  testDir: 'site/e2e',
  fullyParallel: false,
  workers: 2,
  // One retry in CI: the 2-core machine runs two browsers and the server at once; a test must pass twice in
  // a row locally (retries 0) and a real failure still fails twice.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  outputDir: 'test-results',
  projects: [
    // A test tagged for one screen size runs only in that project (not run-and-skipped in the other).
    { name: 'desktop', grepInvert: /@mobile-only|@changes-home/, use: desktop },
    { name: 'mobile', grepInvert: /@desktop-only|@changes-home/, use: mobile },
    // A test that changes what every visitor's home page shows (an approved review replaces the built-in
    // testimonials) runs once all the others are done, so none of them sees the change mid-run. Running
    // public-reviews.spec.ts alone: add --no-deps (its last test would otherwise run the whole suite first).
    { name: 'desktop-last', grep: /@changes-home/, grepInvert: /@mobile-only/, dependencies: ['desktop', 'mobile'], use: desktop },
    { name: 'mobile-last', grep: /@changes-home/, grepInvert: /@desktop-only/, dependencies: ['desktop', 'mobile'], use: mobile },
  ],
  webServer: {
    command: 'npx tsx site/e2e/support/e2e-server.ts',
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(E2E_PORT) },
  },
});
