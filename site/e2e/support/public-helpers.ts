import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { demoPosts } from '../../../api/db/seeds/demo-posts';
import { clinicToday } from '../../../shared/domain/clinic-time';
import { slugify } from '../../../shared/domain/slug';
import type { BlogPostSummary } from '../../../shared/schemas/blog-post';
import type { GalleryImage } from '../../../shared/schemas/gallery-image';

// Helpers for the public-site browser tests (site/e2e/public-*.spec.ts).
//
// The e2e server is shared by both projects and by the admin tests, which add, change and delete posts and
// images while these tests run. So expectations rest on the demo content the server was seeded with (the
// admin tests leave it alone) or on what the page itself rendered, never on a list read a moment earlier.

/** The seeded posts: the first four are published, the last two are drafts (api/db/seeds/demo-posts.ts). */
export const demoPublished = demoPosts.slice(0, 4).map((p) => ({ ...p, slug: slugify(p.title) }));
export const demoDrafts = demoPosts.slice(4).map((p) => ({ ...p, slug: slugify(p.title) }));

/** The text of a post's first paragraph, as a reader sees it. */
export function firstParagraph(html: string): string {
  const p = /<p>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '';
  return p.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
}
export async function publishedPosts(request: APIRequestContext): Promise<BlogPostSummary[]> {
  const res = await request.get('/api/blog-posts');
  expect(res.ok()).toBe(true);
  return (await res.json()) as BlogPostSummary[];
}

export async function galleryImages(request: APIRequestContext): Promise<GalleryImage[]> {
  const res = await request.get('/api/gallery');
  expect(res.ok()).toBe(true);
  return (await res.json()) as GalleryImage[];
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const isSundayDate = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() === 0;

// Moves every day of this run by the same random number of weeks, so a rerun against a server that kept
// its data (a developer's own) does not find its days already booked. Drawn once for the run in
// playwright.config.ts: every worker process must move by the same weeks, or two workers' days overlap.
const runOffset = Number(process.env.E2E_RUN_OFFSET ?? 0);

/**
 * A working day that no other test (or the demo data) books: both projects run at once on one server, so
 * each project and each test gets its own day. Inside the booking window (at most 365 days, SET-4), three
 * ranges that never meet: desktop 40-121 days ahead, mobile 125-206 (the run's offset is at most 35, a
 * test's slot 0-15, a Sunday moves a day on), apiBook's random days (admin-helpers.ts) 210-361.
 */
export function bookingDay(testInfo: TestInfo, slot: number): string {
  if (slot > 15) throw new Error(`bookingDay slot ${slot}: use 0-15, or the desktop days reach the mobile ones`);
  const projectOffset = testInfo.project.name === 'mobile' ? 125 : 40;
  let day = addDays(clinicToday(new Date()), projectOffset + runOffset + slot * 3);
  while (isSundayDate(day)) day = addDays(day, 1);
  return day;
}

/**
 * A working day for a test that books through the admin or needs just some free day (not a day of its own
 * that it fills: bookingDay): 210-361 days ahead, beyond bookingDay's days, the project's half of it
 * (desktop 210-285, mobile 290-361 with `offset` up to 40).
 */
export function laterDay(testInfo: TestInfo, offset = 0): string {
  if (offset > 40) throw new Error(`laterDay offset ${offset}: use 0-40`);
  const base = testInfo.project.name === 'mobile' ? 290 : 210;
  let day = addDays(clinicToday(new Date()), base + offset + Math.floor(Math.random() * 30));
  while (isSundayDate(day)) day = addDays(day, 1);
  return day;
}

/** A working day somewhere in the later days (210-359 ahead), for a test that books one place, retrying on 409. */
export function anyLaterDay(): string {
  let day = addDays(clinicToday(new Date()), 210 + Math.floor(Math.random() * 150));
  while (isSundayDate(day)) day = addDays(day, 1);
  return day;
}

/** The next Sunday at least a week away. */
export function aSunday(): string {
  let day = addDays(clinicToday(new Date()), 7);
  while (!isSundayDate(day)) day = addDays(day, 1);
  return day;
}

export const visitor = {
  firstName: 'Asha',
  lastName: 'Kulkarni',
  email: 'asha.kulkarni@example.in',
  phone: '+91 98220 12345',
};

/** Books a place through the API, as another visitor would. */
export async function bookViaApi(request: APIRequestContext, date: string, time: string, n = 1): Promise<void> {
  for (let i = 0; i < n; i += 1) {
    const res = await request.post('/api/appointments', {
      data: { ...visitor, email: `other${i}@example.in`, preferredDate: date, preferredTime: time, treatment: 'cleaning' },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

/** Fills the booking form inside `scope` (a dialog or the contact page's form). */
export async function fillBookingForm(
  page: Page,
  scope: ReturnType<Page['locator']>,
  values: { date: string; time: string; treatment?: string },
): Promise<void> {
  await scope.getByLabel('First name').fill(visitor.firstName);
  await scope.getByLabel('Last name').fill(visitor.lastName);
  await scope.getByLabel('Email').fill(visitor.email);
  await scope.getByLabel('Phone').fill(visitor.phone);
  // The free times load for the chosen day before a time is chosen.
  const availability = page.waitForResponse((r) => r.url().includes(`/api/appointments/availability?date=${values.date}`));
  await scope.getByLabel('Preferred date').fill(values.date);
  await availability;
  await scope.getByLabel('Preferred time').selectOption(values.time);
  if (values.treatment) await scope.getByLabel('Treatment').selectOption(values.treatment);
  await scope.getByLabel('Notes').fill('Please call after 6 PM.');
}

export function toast(page: Page) {
  return page.getByRole('region', { name: 'Notifications (F8)' }).locator('li');
}

export const isMobile = (testInfo: TestInfo) => testInfo.project.use.isMobile === true;

/** Every <script type="application/ld+json"> of an HTML document, parsed. */
export function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]) as Record<string, unknown>,
  );
}

export function typesOf(blocks: Record<string, unknown>[]): string[] {
  return blocks.flatMap((b) => (Array.isArray(b['@type']) ? (b['@type'] as string[]) : [String(b['@type'])]));
}

/** Opens a page and waits until it has hydrated (before that, its buttons do nothing yet). */
export async function visit(page: Page, path: string) {
  const res = await page.goto(path);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return res;
}

/** The personal link in the newest email to `to`, read from the server's mail folder (e2e-server.ts). */
export async function manageLinkFor(to: string): Promise<string> {
  const dir = fs.readFileSync(path.join(os.tmpdir(), `clinic-e2e-mail-${process.env.E2E_PORT ?? 4173}`), 'utf8');
  const safe = to.replace(/[^a-z0-9@._-]/gi, '_');
  let link: string | null = null;
  await expect(async () => {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(`-${safe}.eml`)).sort() : [];
    expect(files.length).toBeGreaterThan(0);
    // Quoted-printable wraps long lines with a soft break ("=" at the line end).
    const text = fs.readFileSync(path.join(dir, files[files.length - 1]), 'utf8').replace(/=\r?\n/g, '');
    link = /\/appointment\/[A-Za-z0-9_-]{43}/.exec(text)?.[0] ?? null;
    expect(link).not.toBeNull();
  }).toPass({ timeout: 15_000 });
  return link!;
}
