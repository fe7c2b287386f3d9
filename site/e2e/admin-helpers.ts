import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
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
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
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

const SLOTS = ['10:00', '11:00', '12:00', '13:00', '14:00', '17:00', '18:00', '19:00', '20:00', '21:00'];

/** Books through the public form's API on a random future weekday and slot; returns the appointment id. */
/** Books through the public form; `language` is the page's the visitor booked on (I18N-3), English by default. */
export async function apiBook(
  request: APIRequestContext,
  firstName: string,
  lastName = 'Testvisit',
  notes = '',
  language: Lang = 'en',
): Promise<BookedAppointment> {
  for (let attempt = 0; attempt < 10; attempt++) {
    // Inside the clinic's booking window (a setting of at most 365 days, SET-4).
    const day = new Date(Date.now() + (40 + Math.floor(Math.random() * 300)) * 86_400_000);
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
 * Picks the option titled `title` of an antd Select as a person does: opens it and clicks the option. On a
 * busy machine, or on a phone where the list opens under the fold, that click can land while the list is
 * still opening and choose nothing (the Select keeps its old value); so this checks the Select now shows
 * the choice, and picks again until it does.
 */
export async function chooseOption(page: Page, select: Locator, title: string): Promise<void> {
  const chosen = select.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  await expect(async () => {
    if ((await select.getAttribute('aria-expanded')) !== 'true') await select.click();
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${title}"]`).click({ timeout: 2_000 });
    await expect(chosen).toContainText(title, { timeout: 1_000 });
  }).toPass();
}
