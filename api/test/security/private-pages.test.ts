import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languages, localizePath, type Lang } from '../../../shared/i18n/types';
import { manageOutcomes, TOKEN_PATH_PREFIXES } from '../../../shared/schemas/manage-appointment';
import { isPrivatePath, PRIVATE_HEADERS } from '../../middleware/private-pages';
import { sendDueReviewRequests } from '../../services/content/reviews';
import { mountedRoutes } from '../support/routes';
import { deliverOutbox, linkToken } from '../support/sent-mail';
import { startTestApp, type TestApp } from '../support/test-app';

// BOOK-14, REV-2: every answer at a private address carries no-store, noindex and no-referrer, in every
// language, whatever the token (valid, malformed, unknown, expired or used) and whatever the answer (the
// page, a 404, a 303 after a post, a 409 or 429 refusal, a 400). Enumerated: every language x every personal
// page x every token state x GET and POST. None of them is kept by the page cache. (The Marathi and Hindi
// addresses once answered with the public pages' no-cache and strict-origin referrer policy.)

// Monday 23 November 2026, 18:30 in Pune: the appointment booked for 18:00 today has started (its link is
// expired), the one on Thursday is live.
const BOOK_AT = '2026-11-23T05:00:00Z';
const RUN_AT = '2026-11-23T13:00:00Z';

let app: TestApp;
let seq = 0;

beforeAll(async () => {
  app = await startTestApp({ config: { bookingRateLimitPerAddress: 0 } });
  app.clock.set(BOOK_AT);
});
afterAll(() => app?.close());

async function appointmentToken(preferredDate: string, preferredTime: string): Promise<string> {
  seq += 1;
  const res = await app.request('/api/appointments', {
    method: 'POST',
    json: {
      firstName: 'Rohan',
      lastName: 'Patil',
      email: `p${seq}@example.in`,
      phone: `90000${String(seq).padStart(5, '0')}`,
      preferredDate,
      preferredTime,
      treatment: 'cleaning',
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const ack = (await deliverOutbox(app.deps)).findLast((m) => m.kind === 'booking-acknowledgement')!;
  return linkToken(ack);
}

async function reviewToken(): Promise<string> {
  seq += 1;
  await app.deps.knex('appointments').insert({
    firstName: 'Asha',
    lastName: 'Shinde',
    email: `r${seq}@example.in`,
    phone: '9876500000',
    treatment: 'cleaning',
    preferredDate: '2026-11-21',
    preferredTime: '11:00',
    status: 'completed',
    completedAt: new Date('2026-11-21T06:00:00Z'),
    language: 'en',
  });
  expect(await sendDueReviewRequests(app.deps, app.clock.now())).toBe(1);
  const mail = (await deliverOutbox(app.deps)).findLast((m) => m.kind === 'review-request')!;
  return linkToken(mail, 'review');
}

/** PLAN-9: a personal link to a proposed plan; `used` accepts it through the link, so it no longer opens. */
async function planToken(used = false): Promise<string> {
  const cookie = await app.signIn();
  seq += 1;
  const patient = await app.request('/api/admin/patients', { method: 'POST', cookie, json: { firstName: 'Neha', lastName: 'Joshi', email: `plan${seq}@example.in`, phone: `91111${String(seq).padStart(5, '0')}` } });
  const patientId = (await patient.json()).id;
  const items = await (await app.request(`/api/admin/patients/${patientId}/chart-commands`, { method: 'POST', cookie, json: { command: '46 rct' } })).json();
  const plan = await (await app.request(`/api/admin/patients/${patientId}/treatment-plans`, { method: 'POST', cookie, json: { title: 'RCT 46', options: [{ name: 'A', itemIds: [items.items[0].id] }] } })).json();
  const link = await (await app.request(`/api/admin/treatment-plans/${plan.id}/link`, { method: 'POST', cookie, json: {} })).json();
  const token = new URL(link.url).pathname.split('/')[2];
  if (used) expect((await app.postForm(`/plan/${token}`, { option: 'A', signedBy: 'Neha Joshi', agree: 'yes' })).status).toBe(200);
  return token;
}

type TokenState = 'valid' | 'malformed' | 'unknown' | 'expired';

/** The personal pages' roots among the declared token addresses (the data address is probed on its own). */
const PAGE_ROOTS = TOKEN_PATH_PREFIXES.filter((p) => !p.startsWith('/api/')).map((p) => p.split('/')[1]);
type PageRoot = 'appointment' | 'review' | 'plan';

interface Probe {
  method: 'GET' | 'POST';
  path: string;
  form?: Record<string, string>;
}

/** Every personal page of a root in a language, for one token. */
function probes(lang: Lang, root: PageRoot, token: string): Probe[] {
  const at = (p: string) => localizePath(lang, p);
  if (root === 'appointment') {
    return [
      { method: 'GET', path: at(`/appointment/${token}`) },
      ...manageOutcomes.map((o): Probe => ({ method: 'GET', path: at(`/appointment/${token}/${o}`) })),
      // The trailing-slash redirect names the token too.
      { method: 'GET', path: at(`/appointment/${token}/`) },
      { method: 'POST', path: at(`/appointment/${token}/request`), form: { slot: '2026-11-27T11:00' } },
      { method: 'POST', path: at(`/appointment/${token}/cancel`) },
      { method: 'POST', path: at(`/appointment/${token}/request`), form: { slot: 'x\u0000y' } },
    ];
  }
  if (root === 'plan') {
    return [
      { method: 'GET', path: at(`/plan/${token}`) },
      // Without the name and the agreement: the form again (400), the plan not accepted.
      { method: 'POST', path: at(`/plan/${token}`), form: { option: 'A' } },
    ];
  }
  return [
    { method: 'GET', path: at(`/review/${token}`) },
    { method: 'POST', path: at(`/review/${token}`), form: { rating: '9', text: 'Kind staff' } },
    { method: 'POST', path: at(`/review/${token}`), form: { rating: '5', text: 'x\u0000y' } },
  ];
}

describe('the private pages carry their headers', () => {
  it('every language x every personal page x every token state x GET and POST', async () => {
    const expired = await appointmentToken('2026-11-23', '18:00');
    const live = await appointmentToken('2026-11-26', '11:00');
    const second = await appointmentToken('2026-11-26', '12:00');
    const review = await reviewToken();
    const usedReview = await reviewToken();
    expect((await app.postForm(`/review/${usedReview}`, { rating: '5', text: 'Thank you' })).status).toBe(200);
    const plan = await planToken();
    const usedPlan = await planToken(true);
    app.clock.set(RUN_AT);

    // A token address declared later needs its probes here first.
    expect(PAGE_ROOTS.sort()).toEqual(['appointment', 'plan', 'review']);
    const tokens: Record<PageRoot, Record<TokenState, string>> = {
      appointment: { valid: live, malformed: 'short', unknown: 'A'.repeat(43), expired },
      review: { valid: review, malformed: 'short', unknown: 'A'.repeat(43), expired: usedReview },
      plan: { valid: plan, malformed: 'short', unknown: 'A'.repeat(43), expired: usedPlan },
    };
    const problems: string[] = [];
    const statuses = new Set<number>();
    let checked = 0;
    const check = async (probe: Probe, label: string) => {
      const res = probe.method === 'GET' ? await app.request(probe.path, { redirect: 'manual' }) : await app.postForm(probe.path, probe.form);
      await res.arrayBuffer();
      statuses.add(res.status);
      checked += 1;
      for (const [name, value] of Object.entries(PRIVATE_HEADERS)) {
        if (res.headers.get(name) !== value) problems.push(`${label} ${probe.method} ${probe.path} -> ${res.status}: ${name} is ${res.headers.get(name)}`);
      }
    };
    // English first, so the live link's posts are answered before its limits are reached.
    for (const lang of languages) {
      for (const root of ['appointment', 'review', 'plan'] as const) {
        for (const [state, token] of Object.entries(tokens[root])) {
          for (const probe of probes(lang, root, token)) await check(probe, `${lang} ${state}`);
        }
      }
    }
    for (const token of [live, expired, 'short']) {
      await check({ method: 'GET', path: `/api/appointment-links/${token}` }, 'data');
    }
    // BOOK-16's refusals: a second request (409), then past the appointment's limit (429).
    for (let i = 0; i < 8; i++) await check({ method: 'POST', path: `/appointment/${second}/request`, form: { slot: '2026-11-27T12:00' } }, 'limits');
    // Odd spellings of a private address that still name a token.
    for (const path of [`/MR/appointment/${live}`, `/hi//appointment/${live}`, `/%61ppointment/${live}`, `/mr/./review/${review}`]) {
      await check({ method: 'GET', path }, 'spelling');
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(150);
    // The answers covered: pages, redirects, refusals and errors (200 and 503 without a built site).
    for (const status of [303, 400, 404, 409, 429]) expect(statuses, [...statuses].join(',')).toContain(status);
    // SITE-27: none of them was kept.
    expect(app.deps.cache.pages.keys().filter((k) => isPrivatePath(k))).toEqual([]);
  }, 120_000);

  it('a public page keeps its own headers', async () => {
    const res = await app.request('/mr/about');
    expect(res.headers.get('cache-control')).not.toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-robots-tag')).toBeNull();
  });

  it('every route that takes a token is a private address, so its answers carry the headers', () => {
    const withToken = mountedRoutes(app.deps).filter((r) => r.path.includes(':token'));
    expect(withToken.length).toBeGreaterThanOrEqual(4);
    for (const route of withToken) expect(isPrivatePath(route.path.replace(':token', 'A'.repeat(43))), route.path).toBe(true);
  });
});
