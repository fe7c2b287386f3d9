import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { clinicToday } from '../../../shared/domain/clinic-time';
import { E2E_ADMIN } from './credentials';

// Helpers for the public-site browser tests (site/e2e/public-*.spec.ts).

export interface PostSummary {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  author: string;
  publishedAt: string | null;
  imageUrl: string | null;
}

export interface GalleryImage {
  id: number;
  title: string;
  imageUrl: string;
  thumbnailUrl: string | null;
  category: string | null;
  order: number;
}

export async function publishedPosts(request: APIRequestContext): Promise<PostSummary[]> {
  const res = await request.get('/api/blog-posts');
  expect(res.ok()).toBe(true);
  return (await res.json()) as PostSummary[];
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

/**
 * A working day far enough ahead that no other test (or the demo data) books it: both projects run at
 * once on one server, so each project and each test gets its own day.
 */
export function bookingDay(testInfo: TestInfo, slot: number): string {
  const projectOffset = testInfo.project.name === 'mobile' ? 400 : 150;
  let day = addDays(clinicToday(), projectOffset + slot * 3);
  while (isSundayDate(day)) day = addDays(day, 1);
  return day;
}

/** The next Sunday at least a week away. */
export function aSunday(): string {
  let day = addDays(clinicToday(), 7);
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

export const isMobile = (testInfo: TestInfo) => testInfo.project.name === 'mobile';

/** Signs in to the admin API (for tests that need a draft post). */
export async function adminRequest(request: APIRequestContext): Promise<void> {
  const res = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Every <script type="application/ld+json"> of an HTML document, parsed. */
export function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]) as Record<string, unknown>,
  );
}

export function typesOf(blocks: Record<string, unknown>[]): string[] {
  return blocks.flatMap((b) => (Array.isArray(b['@type']) ? (b['@type'] as string[]) : [String(b['@type'])]));
}
