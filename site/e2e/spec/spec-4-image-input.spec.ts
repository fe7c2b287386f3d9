import { expect, test, type Page } from '@playwright/test';
import { spec } from '../../../scripts/spec-conformance';
import { expectToast, signIn } from '../admin-helpers';

// SPEC 4's image input and SPEC 5's site settings form, on the Settings screen's doctor photo.

// A 1 x 1 PNG: a real image the server accepts (its type is read from the bytes, D18).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function openSettings(page: Page) {
  await signIn(page);
  const loaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/site-settings/doctor_image' && r.request().method() === 'GET');
  await page.goto('/admin/settings');
  await loaded;
  return page.getByRole('region', { name: 'Doctor Profile Picture' });
}

test(spec('SPEC 4', 'Image input has two modes, upload file or enter URL; uploading is a busy state that disables the control.'), async ({ page }) => {
  const panel = await openSettings(page);
  const modes = panel.getByRole('radiogroup', { name: 'How to add the image' });
  await expect(modes.getByRole('radio')).toHaveCount(2);
  await expect(modes.getByText('Upload File')).toBeVisible();
  await expect(modes.getByText('Enter URL')).toBeVisible();

  // The upload is held until the test has seen the busy state.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/api/admin/upload',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await panel.locator('input[type=file]').setInputFiles({ name: 'doctor.png', mimeType: 'image/png', buffer: PNG });
  const busy = panel.getByRole('button', { name: /Uploading/ });
  await expect(busy).toBeVisible();
  await expect(busy).toBeDisabled();
  await expect(modes.getByRole('radio', { name: 'Enter URL' })).toBeDisabled();
  release();
  await expectToast(page, 'Image uploaded');
  await expect(panel.getByRole('button', { name: 'Choose Another Image' })).toBeEnabled();

  await modes.getByText('Enter URL').click();
  await expect(panel.getByPlaceholder('https://example.com/photo.jpg')).toHaveValue(/\/media\//);
});

test(spec('SPEC 5', 'Site settings form: doctorImage optional; saving sends a request only when a value is present.'), async ({ page }) => {
  const panel = await openSettings(page);
  let puts = 0;
  page.on('request', (r) => {
    if (r.method() === 'PUT' && new URL(r.url()).pathname === '/api/admin/site-settings/doctor_image') puts += 1;
  });
  await panel.getByText('Enter URL', { exact: true }).click();
  const address = panel.getByPlaceholder('https://example.com/photo.jpg');
  await address.fill('');
  // Optional: an empty form is not an error; Save Settings waits for a value, so nothing can be sent.
  await expect(panel.getByRole('button', { name: 'Save Settings' })).toBeDisabled();
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await address.press('Enter');
  await page.waitForTimeout(500);
  expect(puts).toBe(0);

  await address.fill('https://example.com/dr-photo.jpg');
  await panel.getByRole('button', { name: 'Save Settings' }).click();
  await expectToast(page, 'Settings updated');
  expect(puts).toBe(1);
});
