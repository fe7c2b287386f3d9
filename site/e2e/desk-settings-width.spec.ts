import { expect, test, type Page } from '@playwright/test';
import { signIn } from './admin-helpers';

// UI-9: every section of Settings fits the screen, at 375 px as at 1280: nothing scrolls sideways,
// whatever section is on screen, with each select of the price list opened (the typed item's tax select
// among them).

async function sideways(page: Page): Promise<{ page: number; sections: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const sections = [...document.querySelectorAll<HTMLElement>('main section, main .panel')]
      .filter((s) => s.getBoundingClientRect().right > width + 0.5 || s.scrollWidth > s.clientWidth + 1)
      .map((s) => s.querySelector('h2')?.textContent ?? s.className);
    const wide = [...document.querySelectorAll<HTMLElement>('main *')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.right > width + 0.5 && !el.closest('[data-scrolls-sideways]');
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 80));
    return { page: document.scrollingElement!.scrollWidth - width, sections: [...sections, ...wide] };
  });
}

test('no section of Settings scrolls sideways', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await signIn(page);
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { name: 'Site Settings' })).toBeVisible();
  await expect(page.locator('.ant-skeleton')).toHaveCount(0);
  const headings = page.locator('main h2');
  const count = await headings.count();
  expect(count).toBeGreaterThan(4);
  const width = page.viewportSize()!.width;
  for (let i = 0; i < count; i += 1) {
    const heading = headings.nth(i);
    await heading.scrollIntoViewIfNeeded();
    const found = await sideways(page);
    expect(found, `${await heading.textContent()}`).toEqual({ page: 0, sections: [] });
    await page.screenshot({ path: testInfo.outputPath(`settings-${i}-${width}.png`) });
  }
  // Each select on the page opened: its dropdown stays on screen and the page does not widen.
  const selects = page.locator('main .ant-select:visible');
  for (let i = 0; i < (await selects.count()); i += 1) {
    await selects.nth(i).scrollIntoViewIfNeeded();
    await selects.nth(i).click();
    const dropdown = page.locator('.ant-select-dropdown:visible').last();
    await expect(dropdown).toBeVisible();
    const box = (await dropdown.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width + 0.5);
    expect((await sideways(page)).page).toBe(0);
    await page.keyboard.press('Escape');
  }
  // The price list's item dialog: its selects (the item's tax among them) open inside the screen.
  await page.getByRole('button', { name: 'Add Treatment' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const inDialog = dialog.locator('.ant-select:visible');
  expect(await inDialog.count()).toBeGreaterThan(0);
  for (let i = 0; i < (await inDialog.count()); i += 1) {
    await inDialog.nth(i).scrollIntoViewIfNeeded();
    await inDialog.nth(i).click();
    const dropdown = page.locator('.ant-select-dropdown:visible').last();
    await expect(dropdown).toBeVisible();
    const box = (await dropdown.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width + 0.5);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath(`settings-dialog-select-${i}-${width}.png`) });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
  }
});
