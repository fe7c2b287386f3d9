import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import type { StaffRole } from '../../shared/constants/roles';
import type { Lang } from '../../shared/i18n/types';
import type { BookedAppointment } from '../../shared/schemas/appointment';
import type { InvoiceDetail } from '../../shared/schemas/invoice';
import type { Patient } from '../../shared/schemas/patient';
import { E2E_ADMIN } from './support/credentials';

// Helpers for the admin browser tests (site/e2e/admin-*.spec.ts). Both projects (desktop 1280, mobile 375)
// run at once against one database, so every test makes its own records with unique names.

export const AUTH_KEY = 'clinic-admin-user';

let counter = 0;
/** A short unique tag for names: letters only, so it also passes name rules. */
export function uid(): string {
  counter += 1;
  const n = Date.now() * 1000 + Math.floor(Math.random() * 1000) + counter;
  return n
    .toString(26)
    .split('')
    .map((c) => String.fromCharCode(97 + parseInt(c, 26)))
    .join('');
}

/** Signs in over the API (the session cookie lands in the page's context) and stores the user as the app does. */
export async function signIn(page: Page): Promise<void> {
  const res = await page.request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(res.ok()).toBe(true);
  const { user } = (await res.json()) as { user: unknown };
  await page.goto('/admin/login');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [AUTH_KEY, JSON.stringify({ state: { user }, version: 0 })]);
}

/**
 * A new staff account of the role (named `name`, else "Dr. " and a tag), made by the owner's page and signed in
 * in its own browser context with the password changed (AUTH-11): a test acts as the role really does.
 */
export async function staffPage(browser: Browser, owner: Page, role: StaffRole, width: number, name?: string): Promise<Page> {
  const tag = uid();
  const email = `${role}.${tag}@clinic.test`;
  const temporary = `temp-${tag}-Staff-2026`;
  const own = `own-${tag}-Staff-2026!`;
  const created = await owner.request.post('/api/admin/users', { data: { email, name: name ?? `Dr. ${tag}`, role, password: temporary } });
  expect(created.status()).toBe(201);
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width, height: width >= 1000 ? 900 : 1024 } });
  const page = await context.newPage();
  expect((await page.request.post('/api/auth/login', { data: { email, password: temporary } })).ok()).toBe(true);
  expect((await page.request.post('/api/auth/change-password', { data: { currentPassword: temporary, newPassword: own } })).ok()).toBe(true);
  const { user } = (await (await page.request.get('/api/auth/me')).json()) as { user: unknown };
  await page.goto('/admin/login');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [AUTH_KEY, JSON.stringify({ state: { user }, version: 0 })]);
  return page;
}

export function isMobile(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 768;
}

/** The one visible toast (SPEC: at most one at a time). */
export function toast(page: Page) {
  return page.locator('.admin-toast');
}

/** The newest toast has this title (and description); an older one may still be fading out, then only one stays. */
export async function expectToast(page: Page, title: string, description?: string | RegExp): Promise<void> {
  let notice = toast(page).filter({ has: page.locator('.admin-toast-title', { hasText: title }) });
  if (description !== undefined) {
    notice = notice.filter({ has: page.locator('.admin-toast-description', { hasText: description }) });
  }
  await expect(notice.last()).toBeVisible();
  if (description !== undefined) await expect(notice.last().locator('.admin-toast-description')).toHaveText(description);
  await expect(toast(page)).toHaveCount(1);
}

/**
 * Waits until nothing on the page is moving (a dialog zooming in, a list sliding open; endless spinners
 * aside): a click on a dialog's button while it still zooms in can land before React has wired it.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * axe with WCAG 2.2 A/AA rules on the admin screen. The sandboxed frames that show a generated document (the
 * email preview, the printable invoice) are left out: scripts cannot run in them, so axe cannot either.
 */
export async function expectNoAxeViolations(page: Page, options: { keepToast?: boolean } = {}): Promise<void> {
  // A toast closes by itself within 5 s, possibly in the middle of the check: it is closed first, unless the
  // caller holds it open (hovered) to check the toast itself.
  if (!options.keepToast) {
    for (const close of await page.locator('.admin-toast-close').all()) await close.click().catch(() => {});
    await expect(toast(page)).toHaveCount(0);
  }
  // Colours are judged once dialogs and drawers have finished fading in.
  await animationsDone(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .exclude('iframe[sandbox]')
    .analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(summary, summary.join('\n')).toEqual([]);
}

/** Answers every GET of an admin list with the given status (and, for 200, an empty array). */
export async function stubList(page: Page, path: string, status: number, delayMs = 0): Promise<void> {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      if (status === 200) return route.fulfill({ status, contentType: 'application/json', body: '[]' });
      return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ error: 'Something went wrong' }) });
    },
  );
}

export async function apiCreatePatient(request: APIRequestContext, firstName: string, lastName = 'Testpatient'): Promise<Patient> {
  const res = await request.post('/api/admin/patients', {
    data: { firstName, lastName, email: `${firstName.toLowerCase()}@example.com`, phone: '9876543210', address: 'Moshi, Pune' },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as Patient;
}

const SLOTS = ['10:00', '11:00', '12:00', '13:00', '17:00', '18:00', '19:00', '20:00'];

/**
 * Books through the public form's API on a random future weekday and slot that is free and open; returns the
 * appointment. `language` is the page's the visitor booked on (I18N-3), English by default.
 */
export async function apiBook(
  request: APIRequestContext,
  firstName: string,
  lastName = 'Testvisit',
  notes = '',
  language: Lang = 'en',
): Promise<BookedAppointment> {
  for (let attempt = 0; attempt < 10; attempt++) {
    // Beyond the public tests' own days (bookingDay: up to 206 days ahead), inside the 365-day window.
    const day = new Date(Date.now() + (210 + Math.floor(Math.random() * 150)) * 86_400_000);
    if (day.getUTCDay() === 0) continue;
    const res = await request.post('/api/appointments', {
      data: {
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}@example.com`,
        phone: '9876543210',
        preferredDate: day.toISOString().slice(0, 10),
        preferredTime: SLOTS[Math.floor(Math.random() * SLOTS.length)],
        treatment: 'cleaning',
        notes,
        language,
      },
    });
    if (res.status() === 409) continue;
    // Another test may have closed that day (admin-front-desk.spec.ts adds a closed date in Settings).
    if (res.status() === 400 && ((await res.json()) as { fields?: { preferredDate?: string } }).fields?.preferredDate?.startsWith('The clinic is closed on')) continue;
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as BookedAppointment;
  }
  throw new Error('could not book a free slot');
}

export async function apiCreateInvoice(request: APIRequestContext, patientId: number, unitPrice = 1000): Promise<InvoiceDetail> {
  const tax = Math.round(unitPrice * 18) / 100;
  const res = await request.post('/api/admin/invoices', {
    data: {
      patientId,
      dueDate: null,
      subtotal: unitPrice,
      taxPercentage: 18,
      taxAmount: tax,
      totalAmount: unitPrice + tax,
      notes: null,
      items: [{ description: 'Consultation', quantity: 1, unitPrice, totalPrice: unitPrice, sacCode: '999312' }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as InvoiceDetail;
}

/** Opens the admin's navigation on a phone (the drawer); a no-op on desktop. */
export async function openNav(page: Page): Promise<void> {
  if (isMobile(page)) await page.getByRole('button', { name: 'Open menu' }).click();
}

/** Types into a screen's search box and waits until the list shows the answer for that text. */
export async function search(page: Page, label: string, text: string): Promise<void> {
  await page.getByLabel(label).fill(text);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * Chooses an option of an antd Select as a person does (opens it, types `search` first if given, clicks the
 * option) and checks with `done` that the choice did what it should, picking again, at most `attempts`
 * times, until it has. A click while the list still slides open can land beside it (the list is not yet in
 * place): it chooses nothing and closes the list. So the click waits for the list to stop moving, and a
 * miss on a busy machine or a phone is picked again. `option` is the option's title (antd gives each option
 * its label as title), whole or as a pattern. `done` gets the time it may wait.
 */
export async function pickOption(
  page: Page,
  select: Locator,
  option: string | RegExp,
  done: (timeout: number) => Promise<void>,
  { search, attempts = 4 }: { search?: string; attempts?: number } = {},
): Promise<void> {
  const title = page.getByTitle(option, { exact: true });
  // A list still fading out (a "-leave" motion class) may hold the same option: only the opening one counts.
  const list = page.locator('.ant-select-dropdown:visible:not([class*="-leave"])').filter({ has: title });
  for (let attempt = 1; ; attempt++) {
    try {
      if ((await select.getAttribute('aria-expanded')) !== 'true') {
        // A retry lets the last attempt's list finish closing first: a click on the Select while it fades
        // out could leave it closed.
        if (attempt > 1) await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0, { timeout: 2_000 });
        await select.click();
      }
      // fill, not type: a second attempt replaces the text left in the box instead of adding to it.
      if (search !== undefined) await select.fill(search);
      // antd's motion classes stay on the list while it opens or closes.
      await expect(list).not.toHaveClass(/-(appear|enter|leave)\b/, { timeout: 3_000 });
      await list.locator('.ant-select-item-option').and(title).click({ timeout: 2_000 });
      await done(2_000);
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}

/** The box of the antd Select whose combobox is `select`: it shows the chosen value. */
function selectBox(select: Locator): Locator {
  return select.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
}

/** Picks the option titled `title` of an antd Select (pickOption) until the Select shows it. */
export async function chooseOption(page: Page, select: Locator, title: string, { search }: { search?: string } = {}): Promise<void> {
  await pickOption(page, select, title, (timeout) => expect(selectBox(select)).toContainText(title, { timeout }), { search });
}

/**
 * Finds a patient by typing their first name into a patient picker (it asks the server as one types) and
 * picks them, until the picker shows them. Names here are unique (uid), so the first name is enough.
 */
export async function pickPatient(page: Page, picker: Locator, firstName: string): Promise<void> {
  await pickOption(page, picker, new RegExp(`^${firstName} `), (timeout) => expect(selectBox(picker)).toContainText(firstName, { timeout }), {
    search: firstName,
  });
}

/**
 * Clicks the dialog's button that closes it (Cancel, Keep) and waits until it is gone: while antd's modal
 * fades out, its wrapper still covers the page and intercepts the next click meant for it.
 */
export async function closeDialog(dialog: Locator, button: string): Promise<void> {
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}
