import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { aSunday, bookingDay, isMobile, visit, visitor } from './support/public-helpers';

// I18N-1, I18N-5: the site in Marathi and Hindi in a browser. The language switcher (header from 768 px,
// side menu below) keeps the page; links stay in the language; the booking form speaks the page's
// language, its validation messages and toasts included, and the booking is sent with it; axe finds no
// WCAG 2.2 A/AA violation on the translated pages.

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectNoViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary, label).toEqual([]);
}

/** The language switcher the visitor can reach: the header's on a desktop, the side menu's on a phone. */
async function switcher(page: Page, mobile: boolean, menuName: string) {
  if (mobile) {
    await page.locator('.menu-button').click();
    return page.getByRole('dialog', { name: menuName });
  }
  return page.locator('header.site-header .header-lang');
}

test('the switcher keeps the page: treatment page English -> मराठी -> हिन्दी -> English', async ({ page }, testInfo) => {
  const mobile = isMobile(testInfo);
  await visit(page, '/treatments/root-canal');
  await (await switcher(page, mobile, 'Menu')).getByRole('link', { name: 'मराठी' }).click();
  await expect(page).toHaveURL(/\/mr\/treatments\/root-canal$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'mr-IN');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('रूट कॅनाल उपचार');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

  await (await switcher(page, mobile, 'मेनू')).getByRole('link', { name: 'हिन्दी' }).click();
  await expect(page).toHaveURL(/\/hi\/treatments\/root-canal$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('रूट कैनाल ट्रीटमेंट');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

  await (await switcher(page, mobile, 'मेन्यू')).getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/treatments\/root-canal$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Root Canal Treatment');
});

test('links in a Marathi page stay in Marathi, also after client-side navigation', async ({ page }, testInfo) => {
  await visit(page, '/mr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('प्रत्येक हास्याची हळुवार काळजी');
  if (isMobile(testInfo)) {
    await page.locator('.menu-button').click();
    await page.getByRole('dialog', { name: 'मेनू' }).getByRole('link', { name: 'उपचार' }).click();
  } else {
    await page.getByRole('navigation', { name: 'मुख्य' }).getByRole('link', { name: 'उपचार' }).click();
  }
  await expect(page).toHaveURL(/\/mr\/treatments$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('दंतोपचार');
  await expect(page).toHaveTitle('दंतोपचार आणि दर | Smile Care Dental Clinic');
  // The switcher now points at the treatments page in the other languages.
  await expect(page.locator('a[hreflang="hi-IN"]').first()).toHaveAttribute('href', '/hi/treatments');
});

test('the Marathi booking form shows Marathi labels, validation messages and toasts', async ({ page }, testInfo) => {
  await visit(page, '/mr/contact');
  const form = page.locator('#book form');
  await expect(form.getByLabel('नाव', { exact: true })).toBeVisible();
  await form.getByRole('button', { name: 'अपॉइंटमेंट बुक करा' }).click();
  await expect(form.getByText('नाव किमान 2 अक्षरांचे असावे', { exact: true })).toBeVisible();
  await expect(form.getByText('आडनाव किमान 2 अक्षरांचे असावे', { exact: true })).toBeVisible();
  await expect(form.getByText('कृपया हवी असलेली तारीख निवडा')).toBeVisible();
  await expect(form.getByText('कृपया उपचार निवडा')).toBeVisible();
  // A Sunday gets the clinic's rule at once, in Marathi.
  await form.getByLabel('हवी असलेली तारीख').fill(aSunday());
  await expect(form.getByText('रविवारी क्लिनिक बंद असते. तातडीच्या वेळी कृपया आम्हाला कॉल करा.')).toBeVisible();

  // A real booking: the request carries the language, the toast is Marathi.
  const day = bookingDay(testInfo, 8);
  await form.getByLabel('नाव', { exact: true }).fill(visitor.firstName);
  await form.getByLabel('आडनाव').fill(visitor.lastName);
  await form.getByLabel('ईमेल').fill(`mr.${testInfo.project.name}@example.in`);
  await form.getByLabel('फोन').fill(visitor.phone);
  const availability = page.waitForResponse((r) => r.url().includes(`/api/appointments/availability?date=${day}`));
  await form.getByLabel('हवी असलेली तारीख').fill(day);
  await availability;
  await form.getByLabel('हवी असलेली वेळ').selectOption('11:00');
  await form.getByLabel('उपचार', { exact: true }).selectOption('rootcanal');
  const posted = page.waitForRequest((r) => r.url().endsWith('/api/appointments') && r.method() === 'POST');
  await form.getByRole('button', { name: 'अपॉइंटमेंट बुक करा' }).click();
  expect((await posted).postDataJSON()).toMatchObject({ language: 'mr', treatment: 'rootcanal' });
  const toast = page.getByRole('region', { name: 'सूचना (F8)' }).locator('li');
  // BOOK-8: the success toast is the Marathi of "Appointment Booked!".
  await expect(toast).toContainText('अपॉइंटमेंट बुक झाली!');
});

test('the Hindi booking dialog translates the server refusal of a full slot', async ({ page, request }, testInfo) => {
  const day = bookingDay(testInfo, 9);
  await visit(page, '/hi/treatments');
  await page.locator('.floating-buttons').getByRole('button', { name: 'अपॉइंटमेंट बुक करें' }).click();
  const dialog = page.getByRole('dialog', { name: 'अपॉइंटमेंट बुक करें' });
  await dialog.getByLabel('पहला नाम').fill(visitor.firstName);
  await dialog.getByLabel('उपनाम').fill(visitor.lastName);
  await dialog.getByLabel('ईमेल').fill(`hi.${testInfo.project.name}@example.in`);
  await dialog.getByLabel('फ़ोन').fill(visitor.phone);
  const availability = page.waitForResponse((r) => r.url().includes(`/api/appointments/availability?date=${day}`));
  await dialog.getByLabel('पसंदीदा तारीख').fill(day);
  await availability;
  await dialog.getByLabel('पसंदीदा समय').selectOption('12:00');
  await dialog.getByLabel('इलाज', { exact: true }).selectOption('cleaning');
  // Meanwhile others take the slot's last places (however many other tests left: it is full at the 409).
  for (let n = 1; ; n++) {
    const res = await request.post('/api/appointments', {
      data: { ...visitor, email: `full${n}.${testInfo.project.name}@example.in`, phone: `+91 98220 1000${n}`, preferredDate: day, preferredTime: '12:00', treatment: 'cleaning' },
    });
    if (res.status() === 409) break;
    expect(res.status(), await res.text()).toBe(201);
    expect(n, 'the slot never filled').toBeLessThan(10);
  }
  await dialog.getByRole('button', { name: 'अपॉइंटमेंट बुक करें' }).click();
  const toast = page.getByRole('region', { name: 'सूचनाएँ (F8)' }).locator('li');
  await expect(toast).toContainText('बुकिंग नहीं हो सकी');
  await expect(toast).toContainText('यह समय पूरी तरह बुक है। कृपया कोई दूसरा समय चुनें।');
});

for (const path of ['/mr', '/hi', '/mr/treatments', '/hi/treatments/braces', '/mr/about', '/hi/contact', '/mr/gallery', '/hi/blogs', '/mr/no-such-page']) {
  test(`${path} has no accessibility violations`, async ({ page }) => {
    await visit(page, path);
    await page.waitForLoadState('load');
    await expectNoViolations(page, path);
  });
}

test('the Marathi side menu and booking dialog have no accessibility violations @mobile-only', async ({ page }) => {
  await visit(page, '/mr/about');
  await page.locator('.menu-button').click();
  await expect(page.getByRole('dialog', { name: 'मेनू' }).getByRole('link', { name: 'English' })).toBeVisible();
  await page.waitForTimeout(300); // the opening animation: axe would read half-faded colours
  await expectNoViolations(page, 'side menu');
});

test('a Marathi field is described by its message in Marathi (A11Y-2, I18N-5)', async ({ page }) => {
  await visit(page, '/mr/contact');
  const form = page.locator('#book form');
  await form.getByRole('button', { name: 'अपॉइंटमेंट बुक करा' }).click();
  await expect(form.getByLabel('नाव', { exact: true })).toHaveAccessibleDescription('नाव किमान 2 अक्षरांचे असावे');
  await expect(form.getByLabel('आडनाव')).toHaveAccessibleDescription('आडनाव किमान 2 अक्षरांचे असावे');
});
