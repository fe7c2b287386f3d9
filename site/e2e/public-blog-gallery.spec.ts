import { expect, test } from '@playwright/test';
import { demoDrafts, demoPublished, firstParagraph, toast, visit } from './support/public-helpers';

// Blog: featured + latest, the dialog that loads a post, the article with Share and related articles,
// and the list states. Gallery: filters, the lightbox (opens at the clicked photo, wraps, keys, swipe)
// and the states. Expectations rest on the seeded demo content and on what the page rendered (see
// support/public-helpers.ts: the admin tests change the same server meanwhile).

test('the blog lists the featured and latest articles and opens a post in a dialog', async ({ page }) => {
  await visit(page, '/blogs');
  await expect(page.getByRole('heading', { name: 'Featured Article' })).toBeVisible();
  await expect(page.locator('.post-card-featured')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Latest Articles' })).toBeVisible();
  expect(await page.locator('.post-grid .post-card').count()).toBeGreaterThanOrEqual(demoPublished.length - 1);
  for (const p of demoPublished) await expect(page.getByRole('link', { name: p.title })).toBeVisible();
  for (const p of demoDrafts) await expect(page.getByText(p.title)).toHaveCount(0);

  const post = demoPublished[1];
  await page.getByRole('link', { name: post.title }).click();
  const d = page.getByRole('dialog', { name: post.title });
  await expect(d).toBeVisible();
  await expect(d.locator('.prose')).toContainText(firstParagraph(post.content));
  await expect(page).toHaveURL(/\/blogs$/);
  await d.getByRole('link', { name: 'Open the full article' }).click();
  await expect(page).toHaveURL(new RegExp(`/blogs/${post.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
});

test('the post dialog shows its loading state and then its error text', async ({ page }) => {
  const posts = demoPublished;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/blog-posts/${posts[0].slug}`, async (route) => {
    await held;
    await route.fulfill({ status: 500, json: { error: 'Something went wrong' } });
  });
  await visit(page, '/blogs');
  await page.getByRole('link', { name: posts[0].title }).first().click();
  const d = page.getByRole('dialog', { name: posts[0].title });
  await expect(d.getByLabel('Loading the article')).toBeVisible();
  release();
  await expect(d.getByText('Unable to load blog post content.')).toBeVisible({ timeout: 15_000 });
});

test('an article has its author, date, Share (copy link) and up to 3 related articles', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // This browser has no share sheet: the link is copied instead.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });
  const post = demoPublished[0];
  expect((await visit(page, `/blogs/${post.slug}`))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await expect(page.locator('.article-header')).toContainText('Dr. Ananya Deshpande');
  await expect(page.locator('.article-header time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  await expect(page.locator('.prose')).toContainText(firstParagraph(post.content));
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(toast(page)).toContainText('Link copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  const related = page.getByRole('region', { name: 'Related Articles' }).locator('.post-card');
  await expect(related).toHaveCount(3);
  await expect(related.filter({ hasText: post.title })).toHaveCount(0);
});

test('Share uses the Web Share API where the device has it', async ({ page }) => {
  const posts = demoPublished;
  await page.addInitScript(() => {
    const w = window as unknown as { __shared: unknown[] };
    w.__shared = [];
    Object.defineProperty(Navigator.prototype, 'share', {
      value: async (data: unknown) => void w.__shared.push(data),
      configurable: true,
    });
  });
  await visit(page, `/blogs/${posts[0].slug}`);
  await page.getByRole('button', { name: 'Share' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __shared: { url: string }[] }).__shared.length)).toBe(1);
  const shared = await page.evaluate(() => (window as unknown as { __shared: { url: string; title: string }[] }).__shared[0]);
  expect(shared.url).toBe(page.url());
  await expect(toast(page)).toHaveCount(0);
});

test('an unpublished post answers 404 Article Not Found and is not listed', async ({ page }) => {
  const draft = demoDrafts[0];
  expect((await visit(page, `/blogs/${draft.slug}`))?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Article Not Found' })).toBeVisible();
  await visit(page, '/blogs');
  await expect(page.getByText(draft.title)).toHaveCount(0);
});

test('the blog list shows skeletons while loading, then its error with Try Again, or its empty text', async ({ page }) => {
  await visit(page, '/');
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/blog-posts', async (route) => {
    await held;
    await route.fulfill({ status: 503, json: { error: 'Something went wrong' } });
  });
  await page.locator('footer').getByRole('link', { name: 'Blogs' }).click();
  await expect(page.getByLabel('Loading articles')).toBeVisible();
  release();
  // Three retries first (SPEC: queries retry 3 times).
  await expect(page.getByText('Unable to load blog posts at the moment.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();

  await page.unroute('**/api/blog-posts');
  await page.getByRole('button', { name: 'Try Again' }).click();
  // Try Again reloads the page: the server renders the list again.
  await expect(page.getByText('Unable to load blog posts at the moment.')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Dental Health Blog' })).toBeVisible();
});

test('an empty blog says No blog posts available', async ({ page }) => {
  await page.route('**/api/blog-posts', (route) => route.fulfill({ json: [] }));
  await visit(page, '/gallery');
  await page.locator('footer').getByRole('link', { name: 'Blogs' }).click();
  await expect(page.getByText('No blog posts available')).toBeVisible();
});

test('the gallery filters by category and the lightbox opens at the photo, wraps around and closes', async ({ page }) => {
  await visit(page, '/gallery');
  const filters = page.getByRole('group', { name: 'Filter photos by category' });
  await expect(filters.getByRole('button')).toHaveText(['All Photos', 'Clinic', 'Equipment', 'Team', 'Treatments', 'Before and After']);
  await expect(filters.getByRole('button', { name: 'All Photos' })).toHaveAttribute('aria-pressed', 'true');
  // What the page shows (the admin tests may add images to the server meanwhile).
  const tiles = page.locator('.gallery-grid .gallery-item');
  const titles = await tiles.locator('.gallery-title').allTextContents();
  const categories = await tiles.locator('.gallery-category').allTextContents();
  const count = titles.length;
  expect(count).toBeGreaterThanOrEqual(3);
  // In display order: the seed puts the reception first.
  expect(titles[0]).toBe('Welcoming reception');
  expect(titles).not.toContain('Sterilisation unit'); // hidden in the seed

  for (const [label, shown] of [
    ['Before and After', 'Before & After'],
    ['Equipment', 'Equipment'],
  ] as const) {
    await filters.getByRole('button', { name: label }).click();
    await expect(filters.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true');
    await expect(tiles).toHaveCount(categories.filter((c) => c === shown).length);
    for (const c of await tiles.locator('.gallery-category').allTextContents()) expect(c).toBe(shown);
  }
  await filters.getByRole('button', { name: 'All Photos' }).click();
  await expect(tiles).toHaveCount(count);

  // Opens at the clicked photo.
  await tiles.nth(1).getByRole('button').click();
  const box = page.getByRole('dialog', { name: 'Photo viewer' });
  await expect(box).toBeVisible();
  await expect(box.locator('.lightbox-caption')).toContainText(titles[1]);
  await expect(box.locator('.lightbox-counter')).toHaveText(`2 / ${count}`);
  // Previous, previous: wraps to the last.
  await box.getByRole('button', { name: 'Previous photo' }).click();
  await expect(box.locator('.lightbox-counter')).toHaveText(`1 / ${count}`);
  await page.keyboard.press('ArrowLeft');
  await expect(box.locator('.lightbox-counter')).toHaveText(`${count} / ${count}`);
  await expect(box.getByRole('img')).toHaveAttribute('alt', titles[count - 1]);
  // Next from the last: back to the first.
  await page.keyboard.press('ArrowRight');
  await expect(box.locator('.lightbox-counter')).toHaveText(`1 / ${count}`);
  await box.getByRole('button', { name: 'Next photo' }).click();
  await expect(box.locator('.lightbox-counter')).toHaveText(`2 / ${count}`);
  // A swipe to the left shows the next photo, to the right the previous one.
  const stage = await box.locator('.lightbox-stage').boundingBox();
  const y = stage!.y + stage!.height / 2;
  const swipe = async (fromX: number, toX: number) => {
    await page.mouse.move(fromX, y);
    await page.mouse.down();
    await page.mouse.move((fromX + toX) / 2, y);
    await page.mouse.move(toX, y);
    await page.mouse.up();
  };
  const mid = stage!.x + stage!.width / 2;
  await swipe(mid + 80, mid - 80);
  await expect(box.locator('.lightbox-counter')).toHaveText(`3 / ${count}`);
  await swipe(mid - 80, mid + 80);
  await expect(box.locator('.lightbox-counter')).toHaveText(`2 / ${count}`);
  await page.keyboard.press('Escape');
  await expect(box).toBeHidden();
  await expect(tiles.nth(1).getByRole('button')).toBeFocused();
});

test('a filtered empty gallery offers Show All Photos; a failed one offers Try Again', async ({ page }) => {
  await page.route('**/api/gallery', (route) =>
    route.fulfill({
      json: [
        { id: 1, title: 'Reception', description: null, imageUrl: '/images/doctor.webp', thumbnailUrl: null, category: 'clinic', isActive: true, order: 1 },
        { id: 2, title: 'Hidden one', description: null, imageUrl: '/images/doctor.webp', thumbnailUrl: null, category: 'team', isActive: false, order: 0 },
      ],
    }),
  );
  await visit(page, '/');
  await page.locator('footer').getByRole('link', { name: 'Gallery' }).click();
  const tiles = page.locator('.gallery-grid .gallery-item');
  await expect(tiles).toHaveCount(1);
  await page.getByRole('button', { name: 'Team' }).click();
  await expect(page.getByText('No photos in Team yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Show All Photos' }).click();
  await expect(tiles).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'All Photos' })).toHaveAttribute('aria-pressed', 'true');
});

test('an empty gallery says so', async ({ page }) => {
  await page.route('**/api/gallery', (route) => route.fulfill({ json: [] }));
  await visit(page, '/');
  await page.locator('footer').getByRole('link', { name: 'Gallery' }).click();
  await expect(page.getByText('No photos in the gallery yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show All Photos' })).toHaveCount(0);
});

test('a gallery that fails to load says so with Try Again', async ({ page }) => {
  await page.route('**/api/gallery', (route) => route.fulfill({ status: 500, json: { error: 'Something went wrong' } }));
  await visit(page, '/contact');
  await page.locator('footer').getByRole('link', { name: 'Gallery' }).click();
  await expect(page.getByText('Unable to load gallery images at the moment.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
});
