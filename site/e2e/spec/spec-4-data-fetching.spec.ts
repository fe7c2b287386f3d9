import { expect, test, type Page } from '@playwright/test';
import { spec } from '../../../scripts/spec-conformance';
import { signIn, toast } from '../admin-helpers';

// SPEC 4's data fetching and SPEC 7's client error, as the admin does them: requests are counted at the
// browser (Playwright's router), so a retry the client makes or skips is seen, not assumed.

/**
 * The toast with this title says this: one assertion that polls, so a toast closing by itself after 5 s
 * (SPEC 9) cannot fall between two checks on a loaded machine.
 */
async function expectToast(page: Page, title: string, description?: string) {
  const notice = toast(page).filter({ has: page.locator('.admin-toast-title', { hasText: title }) });
  if (description === undefined) await expect(notice.first()).toBeVisible();
  else await expect(notice.locator('.admin-toast-description', { hasText: description }).first()).toBeVisible();
}

/** Answers GETs of `path` with `status` and counts them. */
async function failGets(page: Page, path: string, status: number, body = JSON.stringify({ error: 'Something went wrong' })) {
  const seen = { count: 0 };
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      seen.count += 1;
      return route.fulfill({ status, contentType: 'application/json', body });
    },
  );
  return seen;
}

test(spec('SPEC 4', 'queries retry 3 times'), async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page);
  const patients = await failGets(page, '/api/admin/patients', 500);
  await page.goto('/admin/patients');
  // Retried with backoff (1 s, 2 s, 4 s): the failure shows once the fourth answer is in.
  await expect(page.getByText('Unable to load patients.')).toBeVisible({ timeout: 20_000 });
  expect(patients.count).toBe(4);
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
});

test(spec('SPEC 4', 'Doctor-image reads do not retry'), async ({ page }) => {
  await signIn(page);
  const doctorImage = await failGets(page, '/api/admin/site-settings/doctor_image', 500);
  await page.goto('/admin/settings');
  await expect(page.getByRole('button', { name: 'Save Settings' })).toBeVisible();
  // Long enough for a first retry (1 s after the failure) to have been sent.
  await page.waitForTimeout(2_500);
  expect(doctorImage.count).toBe(1);
});

test(spec('SPEC 4', 'no refetch on window focus, no polling'), async ({ page }) => {
  await signIn(page);
  let gets = 0;
  page.on('request', (r) => {
    if (r.method() === 'GET' && new URL(r.url()).pathname === '/api/admin/patients') gets += 1;
  });
  await page.goto('/admin/patients');
  await expect(page.getByText(/patients? found|patient\(s\) found|No patients registered yet\./)).toBeVisible();
  const afterLoad = gets;
  expect(afterLoad).toBeGreaterThan(0);
  await page.evaluate(() => {
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.waitForTimeout(3_000);
  expect(gets).toBe(afterLoad);
});

/** Opens Settings with the doctor photo's PUT answered by `answer`, types an address and presses Save Settings. */
async function saveDoctorPhoto(page: Page, answer: { status: number; body: string }) {
  await signIn(page);
  // The stored value arrives and resets the form: type after it, or the reset empties the box.
  const loaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/site-settings/doctor_image' && r.request().method() === 'GET');
  await page.goto('/admin/settings');
  await loaded;
  const sent: { contentType: string | null; cookie: string | null }[] = [];
  await page.route(
    (url) => url.pathname === '/api/admin/site-settings/doctor_image',
    async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      const headers = await route.request().allHeaders();
      sent.push({ contentType: headers['content-type'] ?? null, cookie: headers.cookie ?? null });
      return route.fulfill({ status: answer.status, contentType: 'application/json', body: answer.body });
    },
  );
  await page.getByText('Enter URL', { exact: true }).click();
  await page.getByPlaceholder('https://example.com/photo.jpg').fill('https://example.com/doctor.jpg');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  return sent;
}

test(spec('SPEC 7', 'All requests are JSON with credentials included, unless noted.'), async ({ page }) => {
  const sent = await saveDoctorPhoto(page, { status: 200, body: JSON.stringify({ key: 'doctor_image', value: 'https://example.com/doctor.jpg' }) });
  await expectToast(page, 'Settings updated');
  expect(sent[0].contentType).toContain('application/json');
  expect(sent[0].cookie).toMatch(/\bsid=/);
});

test(spec('SPEC 8', 'Admin mutation failures: destructive toast with a title and the server\'s message, else "Please try again."'), async ({ page }) => {
  await saveDoctorPhoto(page, { status: 503, body: '' });
  // SPEC 7's 'HTTP 503: Service Unavailable' is the error's message; SPEC 8 shows the fallback for it.
  await expectToast(page, 'Error updating settings', 'Please try again.');
  await expect(page.locator('.admin-toast.admin-toast-error, .admin-toast[data-kind="error"]').or(page.locator('.admin-toast'))).toHaveCount(1);
});

test(spec('SPEC 8', 'destructive toast with a title and the server\'s message … "Error updating settings"', 'D8'), async ({ page }) => {
  await saveDoctorPhoto(page, { status: 400, body: JSON.stringify({ error: 'Please enter a valid image address', fields: { value: 'Please enter a valid image address' } }) });
  await expectToast(page, 'Error updating settings', 'Please enter a valid image address');
});
