import { expect, test, type Page } from '@playwright/test';
import { screenNames, screenTable, type ScreenName } from '../src/admin/screen-table';
import { apiBook, apiCreateInvoice, apiCreatePatient, signIn, uid } from './admin-helpers';
import { manageLinkFor, visit } from './support/public-helpers';

// UI-9: at 375 px every admin screen of the screen table fits the phone: nothing scrolls sideways, every
// visible button lies inside the viewport, and so does each screen's main dialog, with data that used to
// push rows wider (an appointment with long notes and a move request). The public pages' floating buttons
// leave the end of every page readable. Screenshots in the test's output folder.

const WIDTH = 375;

/** Each screen's main dialog: the button that opens it. */
const MAIN_DIALOG: Partial<Record<ScreenName, RegExp>> = {
  dashboard: /^New Appointment$/,
  patients: /^Add Patient$/,
  patient: /^Edit/,
  appointments: /^New Appointment$/,
  invoices: /^Create Invoice$/,
  blog: /^(New|Add|Create) (Post|Blog Post)$/,
  gallery: /^(Add|Upload) (Image|New Image)$/,
  staff: /^Add Staff/,
  settings: /^Add Treatment$/,
  clinicalSettings: /^Add Finding$/,
};

/** What does not fit: the page's width, and every visible control or field group that reaches past either edge. */
async function overflow(page: Page): Promise<{ scrollWidth: number; outside: string[] }> {
  return page.evaluate((width) => {
    const outside: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, a.ant-btn, [role="button"], input:not([type="hidden"]), textarea, .ant-select, fieldset')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // Inside a box that scrolls sideways on purpose (a table, the week view), a button may sit off screen.
      let scroller: HTMLElement | null = el.parentElement;
      let inScroller = false;
      while (scroller && scroller !== document.body) {
        const ox = getComputedStyle(scroller).overflowX;
        if ((ox === 'auto' || ox === 'scroll') && scroller.scrollWidth > scroller.clientWidth) inScroller = true;
        scroller = scroller.parentElement;
      }
      if (inScroller) continue;
      if (r.left < -0.5 || r.right > width + 0.5) outside.push(`${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60)} [${Math.round(r.left)}..${Math.round(r.right)}]`);
    }
    return { scrollWidth: document.scrollingElement!.scrollWidth, outside };
  }, WIDTH);
}

async function expectFits(page: Page, where: string): Promise<void> {
  const found = await overflow(page);
  expect(found.outside, `${where}: controls outside the screen`).toEqual([]);
  expect(found.scrollWidth, `${where}: the page's width`).toBeLessThanOrEqual(WIDTH);
}

test('every admin screen and its main dialog fit a 375 px phone, with long notes and a move request on screen @mobile-only', async ({ page }, testInfo) => {
  test.setTimeout(420_000);
  await signIn(page);
  const tag = uid();
  // An appointment with long notes (one long unbroken word too) and a move request from the patient's link.
  const notes = `Called at 10:05 from the landline, prefers evenings after work, asked about the cost of a crown and EMI, ${'x'.repeat(4)}averyveryverylongwordwithoutanyspacesthatmustwrapsomewhere@example-clinic.in please call back`;
  const booked = await apiBook(page.request, `Narrow${tag}`, 'Testvisit', notes);
  const link = await manageLinkFor(`narrow${tag}@example.com`);
  const token = link.split('/').pop()!;
  const view = (await (await page.request.get(`/api/appointment-links/${token}`)).json()) as { openSlots: { date: string; times: string[] }[] };
  const slot = `${view.openSlots[0].date}T${view.openSlots[0].times[0]}`;
  const asked = await page.request.post(`${link}/request`, { form: { slot }, maxRedirects: 0 });
  expect(asked.status()).toBe(303);
  const patient = await apiCreatePatient(page.request, `Narrowpat${tag}`);
  const invoice = await apiCreateInvoice(page.request, patient.id);
  // Every screen under a patient (the page, chart, record, plans) opens on this patient; an invoice's on its invoice.
  const idFor = (path: string) => (path.startsWith('/patients/') ? patient.id : path.startsWith('/invoices/') ? invoice.id : 0);

  for (const name of screenNames) {
    const path = `/admin${screenTable[name].path.replace(':id', String(idFor(screenTable[name].path)))}`;
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('.ant-skeleton')).toHaveCount(0);
    if (name === 'appointments') {
      await page.getByLabel('Search appointments').fill(`Narrow${tag}`);
      const row = page.locator('.appointment-row').filter({ hasText: `Narrow${tag}` });
      await expect(row).toHaveCount(1);
      await expect(row.getByRole('button', { name: /^Approve new time: .* request to move$/ })).toBeVisible();
      await expect(row.getByText(/averyveryverylong/)).toBeVisible();
      await expect(row.getByRole('button', { name: `Delete Narrow${tag} Testvisit's appointment` })).toBeVisible();
    }
    await expectFits(page, path);
    await page.screenshot({ path: testInfo.outputPath(`${name}-375.png`) });
    const main = MAIN_DIALOG[name];
    if (main) {
      await page.getByRole('button', { name: main }).first().click();
      const dialog = page.getByRole('dialog').last();
      await expect(dialog).toBeVisible();
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      const box = (await dialog.boundingBox())!;
      expect(box.x, `${path}: the dialog's left edge`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${path}: the dialog's right edge`).toBeLessThanOrEqual(WIDTH);
      await expectFits(page, `${path} dialog`);
      await page.screenshot({ path: testInfo.outputPath(`${name}-dialog-375.png`) });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  }
  expect(booked.id).toBeGreaterThan(0);
});

test('a review waiting for approval, with a long unbroken name, fits a 375 px phone @mobile-only', async ({ page }) => {
  // UI-9: the stars, the name and the status share one header that wraps. The list is the server's shape
  // (AdminReview) with the kind of name other tests leave behind, so the screen is checked whatever ran first.
  await signIn(page);
  const review = {
    id: 1, appointmentId: 1, rating: 4, text: 'Gentle cleaning, no waiting', displayName: 'Reviewmsxqroikvyjwxyz K.', status: 'pending',
    reply: null, language: 'en', patientName: 'Reviewmsxqroikvyjwxyz Kulkarni', visitDate: '2027-10-25', createdAt: '2026-12-08T05:00:00.000Z',
  };
  await page.route(
    (url) => url.pathname === '/api/admin/reviews',
    (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify([review]) }),
  );
  await page.goto('/admin/reviews');
  await expect(page.getByText('Waiting for approval')).toBeVisible();
  await expectFits(page, '/admin/reviews');
});

test("the public pages' floating buttons cover no line at the end of a page on a 375 px phone @mobile-only", async ({ page }) => {
  test.setTimeout(120_000);
  for (const path of ['/', '/about', '/treatments', '/treatments/root-canal', '/gallery', '/blogs', '/contact']) {
    await visit(page, path);
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
    const covered = await page.evaluate(() => {
      const fabs = [...document.querySelectorAll('.floating-buttons .fab')].map((f) => f.getBoundingClientRect());
      const hits: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>('p, li, a, h1, h2, h3, figcaption, span, small, address')) {
        if (el.closest('.floating-buttons') || !el.textContent?.trim() || el.children.length > 0) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || r.bottom < 0 || r.top > window.innerHeight) continue;
        if (fabs.some((f) => r.left < f.right && r.right > f.left && r.top < f.bottom && r.bottom > f.top)) hits.push(el.textContent.trim().slice(0, 40));
      }
      return hits;
    });
    expect(covered, path).toEqual([]);
  }
});
