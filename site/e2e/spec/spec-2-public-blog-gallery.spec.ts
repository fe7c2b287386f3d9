import { expect, test, type Page } from '@playwright/test';
import { spec } from '../../../scripts/spec-conformance';
import { demoDrafts, demoPublished, firstParagraph, toast, visit } from '../support/public-helpers';

// The blog, one article and the gallery as a visitor sees them, at 1280 and 375 px. Lists that must hold
// exact figures are served to the page by a route (a client-side visit reads them from the API).

const image = (id: number, title: string, category: string | null, order: number, isActive = true) => ({
  id,
  title,
  description: null,
  imageUrl: '/images/doctor.webp',
  thumbnailUrl: null,
  category,
  isActive,
  order,
});

async function galleryWith(page: Page, images: object[]) {
  await page.route('**/api/gallery', (route) => route.fulfill({ json: images }));
  await visit(page, '/');
  await page.locator('footer').getByRole('link', { name: 'Gallery' }).click();
}

test.describe('blog', () => {
  test(spec('SPEC 2', '/blogs: published posts only; the first is the Featured Article, the rest are Latest Articles'), async ({ page }) => {
    await visit(page, '/blogs');
    const shown = await page.locator('.post-card h3, .post-card h2').allTextContents();
    const featured = page.locator('.post-card-featured');
    await expect(featured).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Featured Article' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Latest Articles' })).toBeVisible();
    expect(shown.length).toBeGreaterThanOrEqual(demoPublished.length);
    for (const p of demoPublished) await expect(page.getByRole('link', { name: p.title })).toBeVisible();
    for (const p of demoDrafts) await expect(page.getByText(p.title)).toHaveCount(0);
  });

  test(spec('SPEC 2', 'Clicking a post opens a dialog that loads the full post'), async ({ page }) => {
    const post = demoPublished[2];
    await visit(page, '/blogs');
    const loaded = page.waitForResponse((r) => r.url().endsWith(`/api/blog-posts/${post.slug}`));
    await page.getByRole('link', { name: post.title }).click();
    await loaded;
    const d = page.getByRole('dialog', { name: post.title });
    await expect(d.locator('.prose')).toContainText(firstParagraph(post.content));
  });

  test(spec('SPEC 2', "error ('Unable to load blog posts at the moment.' with Try Again reload)"), async ({ page }) => {
    await page.route('**/api/blog-posts', (route) => route.fulfill({ status: 500, json: { error: 'Something went wrong' } }));
    await visit(page, '/');
    await page.locator('footer').getByRole('link', { name: 'Blogs' }).click();
    await expect(page.getByText('Unable to load blog posts at the moment.')).toBeVisible({ timeout: 20_000 });
    await page.unroute('**/api/blog-posts');
    const reload = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await reload;
    await expect(page.getByRole('link', { name: demoPublished[0].title })).toBeVisible();
  });

  test(spec('SPEC 2', "empty ('No blog posts available')"), async ({ page }) => {
    await page.route('**/api/blog-posts', (route) => route.fulfill({ json: [] }));
    await visit(page, '/');
    await page.locator('footer').getByRole('link', { name: 'Blogs' }).click();
    await expect(page.getByText('No blog posts available')).toBeVisible();
  });

  test(spec('SPEC 2', 'States: loading skeletons'), async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/blog-posts', async (route) => {
      await held;
      await route.continue();
    });
    await visit(page, '/');
    await page.locator('footer').getByRole('link', { name: 'Blogs' }).click();
    await expect(page.getByLabel('Loading articles')).toBeVisible();
    release();
    await expect(page.getByRole('link', { name: demoPublished[0].title })).toBeVisible();
  });

  test(spec('SPEC 2', '/blogs/{slug}: article with title, author, date, optional image, HTML content, a Share button, and up to 3 related published articles'), async ({ page }) => {
    const post = demoPublished[1];
    expect((await visit(page, `/blogs/${post.slug}`))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
    await expect(page.locator('.article-header')).toContainText('Dr. Ananya Deshpande');
    await expect(page.locator('.article-header time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
    await expect(page.locator('.prose p').first()).toContainText(firstParagraph(post.content));
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
    const related = page.getByRole('region', { name: 'Related Articles' }).locator('.post-card');
    await expect(related).toHaveCount(3);
    await expect(related.filter({ hasText: post.title })).toHaveCount(0);
    for (const d of demoDrafts) await expect(related.filter({ hasText: d.title })).toHaveCount(0);
  });

  test(spec('SPEC 2', "Unpublished, missing or errored posts show 'Article Not Found' with a link to all articles"), async ({ page }) => {
    for (const slug of [demoDrafts[0].slug, 'no-such-article']) {
      expect((await visit(page, `/blogs/${slug}`))?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Article Not Found' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'View All Articles' })).toHaveAttribute('href', '/blogs');
    }
  });

  test(spec('SPEC 2', 'a Share button'), async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }));
    await visit(page, `/blogs/${demoPublished[0].slug}`);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(toast(page)).toContainText('Link copied!');
  });
});

test.describe('gallery', () => {
  test(spec('SPEC 2', '/gallery: category filter buttons (All Photos, Clinic, Equipment, Team, Treatments, Before and After)'), async ({ page }) => {
    await visit(page, '/gallery');
    const filters = page.getByRole('group', { name: 'Filter photos by category' });
    await expect(filters.getByRole('button')).toHaveText(['All Photos', 'Clinic', 'Equipment', 'Team', 'Treatments', 'Before and After']);
    await expect(filters.getByRole('button', { name: 'All Photos' })).toHaveAttribute('aria-pressed', 'true');
  });

  test(spec('SPEC 2', 'grid of active images sorted by order'), async ({ page }) => {
    await galleryWith(page, [
      image(1, 'Third', 'clinic', 3),
      image(2, 'Hidden', 'clinic', 0, false),
      image(3, 'First', 'team', 1),
      image(4, 'Second', 'before-after', 2),
    ]);
    await expect(page.locator('.gallery-grid .gallery-title')).toHaveText(['First', 'Second', 'Third']);
    await page.getByRole('button', { name: 'Before and After' }).click();
    await expect(page.locator('.gallery-grid .gallery-title')).toHaveText(['Second']);
    await expect(page.locator('.gallery-grid .gallery-category')).toHaveText(['Before & After']);
  });

  test(spec('SPEC 2', 'a full-screen lightbox with previous/next/close that wraps around and opens at the clicked image'), async ({ page }) => {
    await galleryWith(page, [image(1, 'One', 'clinic', 0), image(2, 'Two', 'clinic', 1), image(3, 'Three', 'team', 2)]);
    await page.locator('.gallery-grid .gallery-item').nth(2).getByRole('button').click();
    const box = page.getByRole('dialog', { name: 'Photo viewer' });
    await expect(box.getByRole('img')).toHaveAttribute('alt', 'Three');
    const size = await box.evaluate((el) => [el.getBoundingClientRect().width, el.getBoundingClientRect().height]);
    // The whole window (less a scrollbar's gutter the page keeps so that it does not shift).
    const viewport = await page.evaluate(() => [window.innerWidth, window.innerHeight]);
    expect(size[0]).toBeGreaterThanOrEqual(viewport[0] - 16);
    expect(size[1]).toBeGreaterThanOrEqual(viewport[1] - 1);
    await box.getByRole('button', { name: 'Next photo' }).click();
    await expect(box.getByRole('img')).toHaveAttribute('alt', 'One');
    await box.getByRole('button', { name: 'Previous photo' }).click();
    await expect(box.getByRole('img')).toHaveAttribute('alt', 'Three');
    await box.getByRole('button', { name: 'Close' }).click();
    await expect(box).toBeHidden();
  });

  test(spec('SPEC 2', 'Empty state (with a Show All Photos button when a category is filtered)'), async ({ page }) => {
    await galleryWith(page, [image(1, 'Reception', 'clinic', 0)]);
    await page.getByRole('button', { name: 'Equipment' }).click();
    await expect(page.locator('.gallery-grid .gallery-item')).toHaveCount(0);
    await page.getByRole('button', { name: 'Show All Photos' }).click();
    await expect(page.locator('.gallery-grid .gallery-title')).toHaveText(['Reception']);
  });

  test(spec('SPEC 2', 'error state with Try Again'), async ({ page }) => {
    await page.route('**/api/gallery', (route) => route.fulfill({ status: 500, json: { error: 'Something went wrong' } }));
    await visit(page, '/');
    await page.locator('footer').getByRole('link', { name: 'Gallery' }).click();
    await expect(page.getByText('Unable to load gallery images at the moment.')).toBeVisible({ timeout: 20_000 });
    await page.unroute('**/api/gallery');
    const reload = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await reload;
    await expect(page.getByRole('img', { name: 'Welcoming reception' })).toBeVisible();
  });
});
