import { expect, test } from '@playwright/test';

// SITE-30 (UI-11): a personal link copied wrong (a full stop after it, a cut-off token, a stray segment) opens
// the link's "expired or not valid" page in the address's language, not the site's generic 404; so does a
// well-formed unknown token, as before.

const token = 'Z'.repeat(43);
const cases = [
  { lang: 'en', prefix: '', words: 'This link has expired' },
  { lang: 'mr', prefix: '/mr', words: 'या लिंकची मुदत संपली आहे' },
  { lang: 'hi', prefix: '/hi', words: 'इस लिंक की अवधि समाप्त हो गई है' },
];

for (const { lang, prefix, words } of cases) {
  test(`every malformed appointment link shows the expired page in ${lang}`, async ({ page }, testInfo) => {
    for (const bad of [`${token}.`, token.slice(0, 20), `${token}/whatever`, token]) {
      const res = await page.goto(`${prefix}/appointment/${bad}`);
      expect(res!.status(), bad).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words);
      await expect(page.getByText('Page Not Found')).toHaveCount(0);
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    }
    await page.goto(`${prefix}/appointment/${token}.`);
    await page.screenshot({ path: testInfo.outputPath(`expired-${lang}-${page.viewportSize()!.width}.png`), fullPage: true });
  });
}

test('a malformed review or plan link shows its own not-valid page, in the address language', async ({ page }) => {
  const review = await page.goto(`/mr/review/${token}.`);
  expect(review!.status()).toBe(404);
  await expect(page.locator('body')).toContainText('ही अभिप्रायाची लिंक आधीच वापरली गेली आहे किंवा ती वैध नाही.');
  const plan = await page.goto(`/hi/plan/${token.slice(0, 10)}`);
  expect(plan!.status()).toBe(404);
  await expect(page.locator('body')).toContainText('यह लिंक समाप्त हो गया है या योजना बदल गई है।');
});
