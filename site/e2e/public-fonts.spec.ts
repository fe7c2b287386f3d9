import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { treatmentSlugs } from '../../shared/i18n/types';
import { drawnDifferently, Shaper, SOURCE_FONT } from '../scripts/devanagari-glyphs';
import { uid } from './admin-helpers';
import { demoPublished, manageLinkFor, visit, anyLaterDay } from './support/public-helpers';

// I18N-4: the Devanagari fonts in a browser. A Marathi or Hindi page preloads its language's font (exactly
// the glyphs of the site's words) and draws every word of the site with it, fetching no other; what a
// visitor or the staff wrote (.user-text) is drawn with the whole font, fetched only then.

const fonts = path.resolve(import.meta.dirname, '../public/fonts');

/** The status of each Devanagari font face the page declares ('unloaded' = never fetched). */
async function fontStatus(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    return Object.fromEntries([...document.fonts].filter((f) => f.family.includes('Devanagari')).map((f) => [f.family.replaceAll('"', ''), f.status]));
  });
}

/** The text the page shows that the site wrote: every text node outside what visitors and the staff wrote. */
async function siteText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('.user-text, input, textarea, script, style, template')) continue;
      if (/[\u0900-\u097F]/.test(node.textContent ?? '')) texts.push(node.textContent!);
    }
    return texts;
  });
}

for (const lang of ['mr', 'hi'] as const) {
  test(`${lang}: the pages draw the site's words with the ${lang} font, preloaded, and fetch no other Devanagari font`, async ({ page }) => {
    await visit(page, `/${lang}/treatments`);
    await expect(page.locator(`link[rel="preload"][as="font"]`)).toHaveAttribute('href', `/fonts/noto-sans-devanagari-${lang}.woff2`);
    expect(await fontStatus(page)).toEqual({ 'Noto Sans Devanagari Site': 'loaded', 'Noto Sans Devanagari': 'unloaded' });
    // The heading is drawn with it (a family the browser would fall back from is never "used").
    const family = await page.getByRole('heading', { level: 1 }).evaluate((h) => getComputedStyle(h).fontFamily);
    expect(family.startsWith('"Noto Sans Devanagari Site"')).toBe(true);
    expect(await page.evaluate(() => document.fonts.check('700 32px "Noto Sans Devanagari Site"', 'उपचार'))).toBe(true);
  });

  // Every page in the language, the 404 page included: the words the site wrote there are drawn by the
  // language's font exactly as by the whole font (no box, no broken conjunct). A new text in the catalogue
  // fails here until `npx tsx site/scripts/subset-font.ts` is run again.
  test(`${lang}: on every page the language's font draws the site's words as the whole font does @desktop-only`, async ({ page }) => {
    test.setTimeout(120_000);
    const source = await Shaper.load(SOURCE_FONT);
    const own = await Shaper.load(path.join(fonts, `noto-sans-devanagari-${lang}.woff2`));
    const pages = ['', '/about', '/treatments', ...treatmentSlugs.map((s) => `/treatments/${s}`), '/gallery', '/blogs', `/blogs/${demoPublished[0].slug}`, '/contact', '/no-such-page'];
    for (const p of pages) {
      await visit(page, `/${lang}${p}`);
      const texts = await siteText(page);
      expect(texts.length, p).toBeGreaterThan(0);
      expect(drawnDifferently(source, own, texts), `/${lang}${p}`).toEqual([]);
      expect((await fontStatus(page))['Noto Sans Devanagari'], `/${lang}${p} fetched the whole font`).toBe('unloaded');
    }
  });
}

test('a name the visitor wrote in Devanagari is drawn with the whole font, the page around it with the Marathi one', async ({ page }) => {
  const email = `font${uid()}@example.com`;
  // क्ष and त्र्य: conjuncts none of the site's Marathi words make, so the Marathi font lacks their forms.
  const name = 'क्षितिज त्र्यंबक';
  for (let attempt = 0; ; attempt++) {
    const day = new Date(`${anyLaterDay()}T00:00:00Z`);
    if (day.getUTCDay() === 0) continue;
    const res = await page.request.post('/api/appointments', {
      data: { firstName: name, lastName: 'Patil', email, phone: '9876543210', preferredDate: day.toISOString().slice(0, 10), preferredTime: '11:00', treatment: 'cleaning', language: 'mr' },
    });
    if (res.status() === 201) break;
    if (attempt > 10) throw new Error(await res.text());
  }
  await visit(page, await manageLinkFor(email));
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(name);
  const drawnWith = (selector: string) => heading.locator(selector).evaluate((e) => getComputedStyle(e).fontFamily);
  expect(await drawnWith('.user-text')).toMatch(/^"Noto Sans Devanagari",/);
  expect(await heading.evaluate((e) => getComputedStyle(e).fontFamily)).toMatch(/^"Noto Sans Devanagari Site",/);
  await expect.poll(async () => (await fontStatus(page))['Noto Sans Devanagari']).toBe('loaded');
  const source = await Shaper.load(SOURCE_FONT);
  const marathi = await Shaper.load(path.join(fonts, 'noto-sans-devanagari-mr.woff2'));
  expect(drawnDifferently(source, marathi, [name])).toEqual([name]);
});
