import { expect, test, type Page } from '@playwright/test';
import { closeDialog, expectNoAxeViolations, expectToast, search, signIn, stubList, uid } from './admin-helpers';

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

async function postRow(page: Page, title: string) {
  await search(page, 'Search blog posts', title);
  const row = page.locator('.blog-row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  return row;
}

async function newPost(page: Page, title: string, publish: boolean) {
  await page.getByRole('button', { name: 'New Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Blog Post' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Excerpt').fill('How often to brush, floss and visit the dentist.');
  await dialog.getByLabel('Content').fill('<h2>Brushing</h2><p>Twice a day, two minutes.</p><script>alert(1)</script>');
  if (publish) await dialog.getByRole('switch', { name: 'Publish Post' }).click();
  await dialog.getByRole('button', { name: 'Create Post' }).click();
  await expectToast(page, 'Blog post created');
  await expect(dialog).toBeHidden();
}

test('the form shows the spec messages, and a new post starts as a draft', async ({ page }) => {
  const title = `Flossing basics ${uid()}`;
  await page.goto('/admin/blog-admin');
  await page.getByRole('button', { name: 'New Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Blog Post' });
  await expect(dialog.getByRole('switch', { name: 'Publish Post' })).not.toBeChecked();
  await expect(dialog.getByText('Make this post visible to the public')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create Post' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByText('Excerpt is required')).toBeVisible();
  await expect(dialog.getByText('Content is required')).toBeVisible();
  await expectNoAxeViolations(page);
  await closeDialog(dialog, 'Cancel');

  await newPost(page, title, false);
  const row = await postRow(page, title);
  await expect(row.locator('.badge')).toHaveText('Draft');
  await expect(row).toContainText('By ');
  await expect(row).toContainText(/Created \d{2}\/\d{2}\/\d{4}/);
  const publicPosts = (await (await page.request.get('/api/blog-posts')).json()) as { title: string }[];
  expect(publicPosts.map((p) => p.title)).not.toContain(title);
});

test('a post published here appears on /blogs, with its script removed', async ({ page }) => {
  const title = `Brushing for children ${uid()}`;
  await page.goto('/admin/blog-admin');
  await newPost(page, title, true);
  const row = await postRow(page, title);
  await expect(row.locator('.badge')).toHaveText('Published');
  await expect(row.locator('.badge')).toHaveClass(/badge-green/);

  const publicPosts = (await (await page.request.get('/api/blog-posts')).json()) as { title: string; slug: string }[];
  const post = publicPosts.find((p) => p.title === title);
  expect(post).toBeTruthy();
  const full = await (await page.request.get(`/api/blog-posts/${post!.slug}`)).json();
  expect(full.content).toContain('<h2>Brushing</h2>');
  expect(full.content).not.toContain('<script');

  await page.goto('/blogs');
  await expect(page.getByText(title).first()).toBeVisible();
});

test('edits a post and unpublishes it', async ({ page }) => {
  const title = `Gum care ${uid()}`;
  await page.goto('/admin/blog-admin');
  await newPost(page, title, true);
  const row = await postRow(page, title);
  await row.getByRole('button', { name: `Edit "${title}"` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Blog Post' });
  await expect(dialog.getByLabel('Title')).toHaveValue(title);
  await expect(dialog.getByRole('switch', { name: 'Publish Post' })).toBeChecked();
  await dialog.getByLabel('Excerpt').fill('Updated: healthy gums, healthy teeth.');
  await dialog.getByRole('switch', { name: 'Publish Post' }).click();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Blog post updated');
  await expect(row).toContainText('Updated: healthy gums, healthy teeth.');
  await expect(row.locator('.badge')).toHaveText('Draft');
});

test('the delete prompt names the post', async ({ page }) => {
  const title = `Old news ${uid()}`;
  await page.goto('/admin/blog-admin');
  await newPost(page, title, false);
  const row = await postRow(page, title);
  await row.getByRole('button', { name: `Delete "${title}"` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete blog post?' });
  await expect(dialog).toContainText(`Are you sure you want to delete “${title}”?`);
  await dialog.getByRole('button', { name: 'Delete Post' }).click();
  await expectToast(page, 'Blog post deleted');
  await expect(page.getByText('No blog posts found matching your search.')).toBeVisible();
});

test('a failed save shows Error creating post with the server message', async ({ page }) => {
  await page.goto('/admin/blog-admin');
  await page.route('**/api/admin/blog-posts', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 400, contentType: 'application/json', body: '{"error":"Title must be at most 200 characters","fields":{"title":"Title must be at most 200 characters"}}' })
      : route.continue(),
  );
  await page.getByRole('button', { name: 'New Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Blog Post' });
  await dialog.getByLabel('Title').fill('A title');
  await dialog.getByLabel('Excerpt').fill('An excerpt');
  await dialog.getByLabel('Content').fill('<p>Body</p>');
  await dialog.getByRole('button', { name: 'Create Post' }).click();
  await expectToast(page, 'Error creating post', 'Title must be at most 200 characters');
  await expect(dialog.getByText('Title must be at most 200 characters')).toBeVisible();
});

test('empty, loading and error states', async ({ page }) => {
  await page.goto('/admin/blog-admin');
  await search(page, 'Search blog posts', `absent-${uid()}`);
  await expect(page.getByText('No blog posts found matching your search.')).toBeVisible();

  await stubList(page, '/api/admin/blog-posts', 200, 1500);
  await page.reload();
  await expect(page.getByRole('status', { name: 'Loading blog posts' }).locator('.skeleton-item')).toHaveCount(5);
  await expect(page.getByText('No blog posts created yet.')).toBeVisible();
});

test('a load failure says Unable to load blog posts.', async ({ page }) => {
  await stubList(page, '/api/admin/blog-posts', 500);
  await page.goto('/admin/blog-admin');
  await expect(page.getByText('Unable to load blog posts.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
});

test('the blog screen passes axe', async ({ page }) => {
  await page.goto('/admin/blog-admin');
  await newPost(page, `Axe post ${uid()}`, true);
  await expect(page.getByRole('list', { name: 'Blog posts' })).toBeVisible();
  await expectNoAxeViolations(page);
});
