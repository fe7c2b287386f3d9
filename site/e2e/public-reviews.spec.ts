import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations, signIn, uid } from './admin-helpers';
import { E2E_ADMIN } from './support/credentials';
import { anyLaterDay } from './support/public-helpers';

// REV-1..REV-6, I18N-7: a completed visit's review link opens the form (stars, text, the name shown); it is
// sent once and the link is spent (a second visit is the "used" page, 404); the owner approves, hides and
// replies in the admin's Reviews screen; an approved review is on the home page's testimonials. Both screen
// sizes (375 and 1280 px); screenshots in /tmp/reviews-shots/.

const SHOTS = '/tmp/reviews-shots';
const SLOTS = ['10:00', '11:00', '12:00', '13:00', '17:00', '18:00', '19:00', '20:00'];

/** The newest link of `kind` ('review' or 'appointment') in the mail to `to`, from the server's mail folder (e2e-server.ts). */
async function linkInMail(to: string, kind: 'review' | 'appointment'): Promise<string> {
  const dir = fs.readFileSync(path.join(os.tmpdir(), `clinic-e2e-mail-${process.env.E2E_PORT ?? 4173}`), 'utf8');
  const safe = to.replace(/[^a-z0-9@._-]/gi, '_');
  const pattern = new RegExp(`/${kind}/[A-Za-z0-9_-]{43}`);
  let link: string | null = null;
  await expect(async () => {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(`-${safe}.eml`)).sort().reverse() : [];
    // Quoted-printable wraps long lines with a soft break ("=" at the line end).
    const texts = files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, ''));
    link = texts.map((t) => pattern.exec(t)?.[0]).find(Boolean) ?? null;
    expect(link).not.toBeNull();
  }).toPass({ timeout: 20_000 });
  return link!;
}

/** Signs the API context in as the owner (the session cookie lands in the context). */
async function ownerApi(request: APIRequestContext): Promise<void> {
  const res = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(res.ok()).toBe(true);
}

/** Review requests go at once after completion (the setting, 0 hours); the e2e server sweeps every 2 s. */
async function reviewRequestsAtOnce(request: APIRequestContext): Promise<void> {
  const settings = await (await request.get('/api/admin/clinic-settings')).json();
  if (settings.reviewRequests && settings.reviewRequestDelayHours === 0) return;
  const res = await request.put('/api/admin/clinic-settings', { data: { ...settings, reviewRequests: true, reviewRequestDelayHours: 0 } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A booked, confirmed and completed visit; answers its review link and the patient's first name. */
async function completedVisit(request: APIRequestContext, language: 'en' | 'mr' = 'en'): Promise<{ link: string; name: string }> {
  await ownerApi(request);
  await reviewRequestsAtOnce(request);
  const name = `Review${uid()}`;
  const email = `${name.toLowerCase()}@example.com`;
  let id = 0;
  for (let attempt = 0; !id; attempt++) {
    const day = new Date(`${anyLaterDay()}T00:00:00Z`);
    if (day.getUTCDay() === 0) continue;
    const res = await request.post('/api/appointments', {
      data: {
        firstName: name, lastName: 'Kulkarni', email, phone: '9876543210', treatment: 'cleaning', language,
        preferredDate: day.toISOString().slice(0, 10), preferredTime: SLOTS[Math.floor(Math.random() * SLOTS.length)],
      },
    });
    if (res.status() === 201) id = ((await res.json()) as { id: number }).id;
    else if (attempt > 10) throw new Error(await res.text());
  }
  for (const status of ['confirmed', 'completed']) {
    const res = await request.put(`/api/admin/appointments/${id}`, { data: { status } });
    expect(res.status(), await res.text()).toBe(200);
  }
  return { link: await linkInMail(email, 'review'), name };
}

async function expectNoAxe(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, summary.join('\n')).toEqual([]);
}

async function fitsTheScreen(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

const shot = (page: Page, name: string, project: string) => page.screenshot({ path: `${SHOTS}/${name}-${project}.png`, fullPage: true });

test('a patient reviews the visit once: stars, text and name; the link then answers the "used" page', async ({ page }, info) => {
  const { link, name } = await completedVisit(page.request);
  const res = await page.goto(link);
  expect(res?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await expect(page.getByRole('heading', { level: 1, name: 'Your review' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow');
  await fitsTheScreen(page);
  await expectNoAxe(page);
  await shot(page, 'review-form', info.project.name);

  // The stars are radio buttons under their labels: a tap on the fourth star chooses 4.
  await page.locator('label[for="star4"]').click();
  await expect(page.getByRole('radio', { name: '4 of 5 stars' })).toBeChecked();
  const text = `Gentle cleaning, no waiting ${uid()}`;
  await page.getByRole('textbox', { name: 'Your review' }).fill(text);
  await page.getByRole('radio', { name: `First name and initial (${name} K.)` }).check();
  await page.getByRole('button', { name: 'Send my review' }).click();
  await expect(page.getByRole('status')).toHaveText('Thank you! Your review has been sent. It will appear on our website once the clinic has read it.');
  await fitsTheScreen(page);
  await expectNoAxe(page);
  await shot(page, 'review-thanks', info.project.name);

  // The same form sent again at once (a double tap) thanks again and stores nothing; a second visit: spent.
  const again = await page.request.post(link, { form: { rating: '1', text: 'Second try', name: 'initials' } });
  expect(again.status()).toBe(200);
  const second = await page.goto(link);
  expect(second?.status()).toBe(404);
  await expect(page.getByRole('alert')).toHaveText('This review link has already been used, or it is not valid. Thank you for your feedback!');
  await expectNoAxe(page);
  await shot(page, 'review-used', info.project.name);

  // One review, as sent the first time, waits for the owner.
  const list = await (await page.request.get('/api/admin/reviews?status=pending')).json();
  expect(list.filter((r: { text: string }) => r.text === text)).toMatchObject([{ rating: 4, displayName: `${name} K.` }]);
});

test('the review form in Marathi on a phone @mobile-only', async ({ page }, info) => {
  const { link } = await completedVisit(page.request, 'mr');
  await page.goto(link);
  await expect(page.locator('html')).toHaveAttribute('lang', 'mr-IN');
  await expect(page.getByRole('heading', { level: 1, name: 'तुमचा अभिप्राय' })).toBeVisible();
  await page.locator('label[for="star5"]').click();
  await page.getByRole('textbox', { name: 'तुमचा अभिप्राय' }).fill('डॉक्टरांनी खूप काळजीपूर्वक उपचार केले.');
  await fitsTheScreen(page);
  await expectNoAxe(page);
  await shot(page, 'review-form-mr', info.project.name);
  await page.getByRole('button', { name: 'माझा अभिप्राय पाठवा' }).click();
  await expect(page.getByRole('status')).toContainText('धन्यवाद! तुमचा अभिप्राय पाठवला आहे.');
  await shot(page, 'review-thanks-mr', info.project.name);
});

test('the owner approves one review, hides one and replies to one; the approved one is on the home page @changes-home', async ({ page }, info) => {
  const texts: string[] = [];
  for (let i = 0; i < 3; i++) {
    const { link } = await completedVisit(page.request);
    const text = `Review ${i} ${uid()}: friendly staff`;
    const token = link.split('/').pop()!;
    const res = await page.request.post(`/review/${token}`, { form: { rating: String(5 - i), text, name: 'initials' } });
    expect(res.status()).toBe(200);
    texts.push(text);
  }
  const [approveText, hideText, replyText] = texts;

  await signIn(page);
  await page.goto('/admin/reviews');
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  const card = (text: string) => page.locator('.ant-card').filter({ hasText: text });
  await expect(card(approveText)).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'admin-reviews', info.project.name);

  await card(approveText).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Review approved: it is on the website')).toBeVisible();
  // Approved, it leaves the "Waiting" list.
  await expect(card(approveText)).toHaveCount(0);

  await card(hideText).getByRole('button', { name: 'Hide' }).click();
  await expect(card(hideText)).toHaveCount(0);

  await card(replyText).getByRole('button', { name: 'Reply' }).click();
  await card(replyText).getByRole('textbox', { name: 'Reply' }).fill('Thank you for coming to see us!');
  await card(replyText).getByRole('button', { name: 'Save reply' }).click();
  await expect(card(replyText).getByText('Your reply:')).toBeVisible();
  await expect(card(replyText).getByText('Thank you for coming to see us!')).toBeVisible();

  await page.locator('.ant-segmented').getByText('Shown', { exact: true }).click();
  await expect(card(approveText).getByText('Shown on the website')).toBeVisible();
  await page.locator('.ant-segmented').getByText('Hidden', { exact: true }).click();
  await expect(card(hideText).getByText('Hidden', { exact: true })).toBeVisible();
  await shot(page, 'admin-reviews-hidden', info.project.name);

  // The public home page: the approved review is among the testimonials, the hidden and the waiting ones not.
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Patient testimonials' });
  await expect(carousel.getByText(approveText)).toBeAttached();
  await expect(page.getByText(hideText)).toHaveCount(0);
  await expect(page.getByText(replyText)).toHaveCount(0);

  // Leave the site as it was for the other tests (the home page's built-in four testimonials show while no
  // review is approved): the approved review is hidden again.
  const approved = (await (await page.request.get('/api/admin/reviews?status=approved')).json()) as { id: number; text: string }[];
  for (const review of approved.filter((r) => r.text === approveText)) {
    expect((await page.request.patch(`/api/admin/reviews/${review.id}`, { data: { status: 'hidden' } })).ok()).toBe(true);
  }
  await page.goto('/');
  await expect(page.getByText(approveText)).toHaveCount(0);
});
