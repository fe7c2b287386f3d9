import { expect, test, type Page } from '@playwright/test';
import { spec } from '../../../scripts/spec-conformance';
import { closeDialog, expectToast, search, signIn, stubList, uid } from '../admin-helpers';

// SPEC 2's Blog Management, Gallery management and Site Settings screens, with SPEC 4's blog and gallery
// states and SPEC 8's messages for them, at 1280 and 375 px.

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

async function apiPost(page: Page, title: string, isPublished: boolean) {
  const res = await page.request.post('/api/admin/blog-posts', {
    data: { title, excerpt: `Excerpt of ${title}`, content: '<p>Twice a day, two minutes.</p>', isPublished },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function apiImage(page: Page, title: string, data: Record<string, unknown> = {}) {
  const res = await page.request.post('/api/admin/gallery', {
    data: { title, description: `About ${title}`, imageUrl: '/images/og-default.jpg', category: 'clinic', isActive: true, order: 0, ...data },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test.describe('Blog Management', () => {
  test(spec('SPEC 2', 'a Publish Post switch ("Make this post visible to the public")'), async ({ page }) => {
    await page.goto('/admin/blog-admin');
    await expect(page.getByRole('heading', { name: 'Blog Management', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'New Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Blog Post' });
    const publish = dialog.getByRole('switch', { name: 'Publish Post' });
    await expect(publish).toBeVisible();
    await expect(dialog.getByText('Make this post visible to the public')).toBeVisible();
    await closeDialog(dialog, 'Cancel');
  });

  test(spec('SPEC 4', 'Blog post: draft (isPublished false) or published, toggled by the switch; new posts default to draft.'), async ({ page }) => {
    const title = `Draft first ${uid()}`;
    await page.goto('/admin/blog-admin');
    await page.getByRole('button', { name: 'New Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Blog Post' });
    await expect(dialog.getByRole('switch', { name: 'Publish Post' })).not.toBeChecked();
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Excerpt').fill('How often to brush.');
    await dialog.getByLabel('Content').fill('<p>Twice a day.</p>');
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await expectToast(page, 'Blog post created');
    await search(page, 'Search blog posts', title);
    const row = page.locator('.blog-row').filter({ hasText: title });
    await expect(row.locator('.badge')).toHaveText('Draft');
    await row.getByRole('button', { name: `Edit "${title}"` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Blog Post' });
    await edit.getByRole('switch', { name: 'Publish Post' }).click();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Blog post updated');
    await expect(row.locator('.badge')).toHaveText('Published');
  });

  test(spec('SPEC 2', 'list shows image or placeholder, title, excerpt, author, created date, Published or Draft badge, Edit, Delete'), async ({ page }) => {
    const tag = uid();
    await apiPost(page, `Published ${tag}`, true);
    await apiPost(page, `Drafted ${tag}`, false);
    await page.goto('/admin/blog-admin');
    await search(page, 'Search blog posts', tag);
    const published = page.locator('.blog-row').filter({ hasText: `Published ${tag}` });
    const draft = page.locator('.blog-row').filter({ hasText: `Drafted ${tag}` });
    await expect(published.locator('.badge')).toHaveText('Published');
    await expect(draft.locator('.badge')).toHaveText('Draft');
    await expect(published.locator('.thumb-placeholder')).toHaveCount(1);
    await expect(published).toContainText(`Excerpt of Published ${tag}`);
    await expect(published).toContainText(/By \S+/);
    await expect(published).toContainText(/Created \d{2}\/\d{2}\/\d{4}/);
    await expect(published.getByRole('button', { name: `Edit "Published ${tag}"` })).toBeVisible();
    await expect(published.getByRole('button', { name: `Delete "Published ${tag}"` })).toBeVisible();
  });

  test(spec('SPEC 2', 'Blog Management: search by title or excerpt'), async ({ page }) => {
    const tag = uid();
    await apiPost(page, `Gum health ${tag}`, false);
    await page.goto('/admin/blog-admin');
    await search(page, 'Search blog posts', `GUM HEALTH ${tag.toUpperCase()}`);
    await expect(page.locator('.blog-row')).toHaveCount(1);
    await search(page, 'Search blog posts', `excerpt of gum health ${tag}`);
    await expect(page.locator('.blog-row')).toHaveCount(1);
  });

  test(spec('SPEC 2', 'Skeleton rows: 5. Empty: "No blog posts found matching your search." or "No blog posts created yet." Error: "Unable to load blog posts."'), async ({ page }) => {
    await page.goto('/admin/blog-admin');
    await search(page, 'Search blog posts', `nothing-${uid()}`);
    await expect(page.getByText('No blog posts found matching your search.')).toBeVisible();
    await stubList(page, '/api/admin/blog-posts', 200, 1500);
    await page.goto('/admin/blog-admin');
    await expect(page.getByRole('status', { name: 'Loading blog posts' }).locator('.skeleton-item')).toHaveCount(5);
    await expect(page.getByText('No blog posts created yet.')).toBeVisible();
    await page.unrouteAll();
    await stubList(page, '/api/admin/blog-posts', 500);
    await page.goto('/admin/blog-admin');
    await expect(page.getByText('Unable to load blog posts.')).toBeVisible({ timeout: 15_000 });
  });

  test(spec('SPEC 8', 'delete blog post (names the title)'), async ({ page }) => {
    const title = `To remove ${uid()}`;
    await apiPost(page, title, false);
    await page.goto('/admin/blog-admin');
    await search(page, 'Search blog posts', title);
    await page.getByRole('button', { name: `Delete "${title}"` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete blog post?' });
    await expect(dialog).toContainText(`Are you sure you want to delete “${title}”?`);
    await dialog.getByRole('button', { name: 'Delete Post' }).click();
    await expectToast(page, 'Blog post deleted');
    await expect(page.getByText('No blog posts found matching your search.')).toBeVisible();
  });
});

test.describe('Gallery management', () => {
  test(spec('SPEC 2', 'Active switch "Show this image in the public gallery"'), async ({ page }) => {
    await page.goto('/admin/gallery-admin');
    await expect(page.getByRole('heading', { name: 'Gallery Management', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add Image' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Image' });
    await expect(dialog.getByRole('switch', { name: 'Active' })).toBeChecked();
    await expect(dialog.getByText('Show this image in the public gallery')).toBeVisible();
    await expect(dialog.getByLabel('Display Order')).toHaveValue('0');
    await closeDialog(dialog, 'Cancel');
  });

  test(spec('SPEC 2', 'grid of cards with thumbnail (falls back to the image), title, Active or Hidden badge, description, category label (else Uncategorized), order, Edit, Delete'), async ({ page }) => {
    const tag = uid();
    await apiImage(page, `Shown ${tag}`, { category: 'before-after', order: 4 });
    await apiImage(page, `Kept back ${tag}`, { isActive: false, order: 5 });
    await page.goto('/admin/gallery-admin');
    await search(page, 'Search images', tag);
    const shown = page.locator('.gallery-card').filter({ hasText: `Shown ${tag}` });
    const hidden = page.locator('.gallery-card').filter({ hasText: `Kept back ${tag}` });
    await expect(shown.locator('.badge')).toHaveText('Active');
    await expect(hidden.locator('.badge')).toHaveText('Hidden');
    await expect(shown).toContainText(`About Shown ${tag}`);
    await expect(shown).toContainText('Before & After');
    await expect(shown).toContainText('Order: 4');
    await expect(shown.locator('img')).toHaveAttribute('src', /og-default\.jpg/);
    await expect(shown.getByRole('button', { name: `Edit "Shown ${tag}"` })).toBeVisible();
    await expect(shown.getByRole('button', { name: `Delete "Shown ${tag}"` })).toBeVisible();
    // An image with no category reads Uncategorized.
    await page.route(
      (url) => url.pathname === '/api/admin/gallery',
      (route) =>
        route.request().method() === 'GET'
          ? route.fulfill({ json: [{ id: 990_031, title: 'No category', description: null, imageUrl: '/images/og-default.jpg', thumbnailUrl: null, category: null, isActive: true, order: 0, createdAt: '2026-11-01T04:30:00.000Z' }] })
          : route.continue(),
    );
    await page.reload();
    await expect(page.locator('.gallery-card').filter({ hasText: 'No category' })).toContainText('Uncategorized');
  });

  test(spec('SPEC 2', 'Sorted by order ascending.'), async ({ page }) => {
    const tag = uid();
    await apiImage(page, `Ninth ${tag}`, { order: 9 });
    await apiImage(page, `Second ${tag}`, { order: 2 });
    await apiImage(page, `Fifth ${tag}`, { order: 5 });
    await page.goto('/admin/gallery-admin');
    await search(page, 'Search images', tag);
    await expect(page.locator('.gallery-card .row-title')).toHaveText([`Second ${tag}`, `Fifth ${tag}`, `Ninth ${tag}`]);
  });

  test(spec('SPEC 2', 'Skeleton cards: 8. Empty: "No images found matching your criteria." or "No images in the gallery yet." Error: "Unable to load gallery images."'), async ({ page }) => {
    await page.goto('/admin/gallery-admin');
    await search(page, 'Search images', `nothing-${uid()}`);
    await expect(page.getByText('No images found matching your criteria.')).toBeVisible();
    await stubList(page, '/api/admin/gallery', 200, 1500);
    await page.goto('/admin/gallery-admin');
    await expect(page.getByRole('status', { name: 'Loading gallery images' }).locator('.skeleton-item')).toHaveCount(8);
    await expect(page.getByText('No images in the gallery yet.')).toBeVisible();
    await page.unrouteAll();
    await stubList(page, '/api/admin/gallery', 500);
    await page.goto('/admin/gallery-admin');
    await expect(page.getByText('Unable to load gallery images.')).toBeVisible({ timeout: 15_000 });
  });

  test(spec('SPEC 8', 'delete gallery image (names the title)'), async ({ page }) => {
    const title = `Old chair ${uid()}`;
    await apiImage(page, title);
    await page.goto('/admin/gallery-admin');
    await search(page, 'Search images', title);
    await page.getByRole('button', { name: `Delete "${title}"` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete image?' });
    await expect(dialog).toContainText(`Are you sure you want to delete “${title}”?`);
    await dialog.getByRole('button', { name: 'Delete Image' }).click();
    await expectToast(page, 'Image deleted');
  });
});

test.describe('Site Settings', () => {
  test(spec('SPEC 2', 'with a round preview carrying a "5+ Years" badge. Save Settings button.'), async ({ page }) => {
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { name: 'Site Settings', level: 1 })).toBeVisible();
    await expect(page.locator('.years-badge')).toHaveText('5+ Years');
    await expect(page.getByRole('button', { name: 'Save Settings' })).toBeVisible();
    await expect(page.getByText(/400 × 400 pixels or larger/)).toBeVisible();
    await expect(page.getByText(/square/)).toBeVisible();
  });
});
