import { chromium, type Browser, type Page } from 'playwright-core';

// The benches that time the admin in a browser (bench/admin-ui.ts, bench/clinical.ts): Debian's Chromium,
// headless, no throttling, and a page signed in as the bench's admin the way the admin signs in (the
// session cookie from POST /api/auth/login, the user in localStorage).

export const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROME, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
}

/** A new page at `viewport`, signed in to the admin at `origin` as `credentials`. */
export async function signedInPage(
  browser: Browser,
  origin: string,
  credentials: { email: string; password: string },
  viewport = { width: 1280, height: 800 },
): Promise<Page> {
  const page = await browser.newPage({ viewport });
  const res = await page.request.post(`${origin}/api/auth/login`, { data: credentials });
  if (!res.ok()) throw new Error(`sign-in: HTTP ${res.status()}`);
  const { user } = (await res.json()) as { user: unknown };
  await page.goto(`${origin}/admin/login`);
  await page.evaluate(`localStorage.setItem('clinic-admin-user', ${JSON.stringify(JSON.stringify({ state: { user }, version: 0 }))})`);
  return page;
}

/** The p-th percentile (nearest rank) of the values. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
