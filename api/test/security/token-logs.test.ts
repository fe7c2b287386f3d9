import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_PATH_PREFIXES } from '../../../shared/schemas/manage-appointment';
import { createLogger, redactTokens } from '../../logger';
import { sendDueReviewRequests } from '../../services/content/reviews';
import { mountedRoutes } from '../support/routes';
import { deliverOutbox, linkToken } from '../support/sent-mail';
import { startTestApp, type TestApp } from '../support/test-app';

// SEC-7: no personal-link or review token reaches a log line. Every route that takes a token (read from the
// routers the app mounts, so a new one is in this test by itself), under every language prefix, with live
// tokens from the emails as sent; the personal pages the site serves; and the other spellings a visitor or a
// scanner may send (any case, doubled slashes, percent-encoded, a truncated token, secrets in the query).

const NOW = '2026-11-23T05:00:00Z'; // Monday 10:30 in Kolkata
const LANGUAGES = ['', '/mr', '/hi'];

const logged: string[] = [];
let app: TestApp;
let manage: string;
let review: string;

beforeAll(async () => {
  app = await startTestApp({
    config: { publicUrl: 'https://clinic.example.in', bookingRateLimitPerAddress: 0 },
    logger: createLogger('debug', (line) => logged.push(line)),
  });
  app.clock.set(NOW);
  const booked = await app.request('/api/appointments', {
    method: 'POST',
    json: { firstName: 'Rohan', lastName: 'Patil', email: 'rohan@example.in', phone: '+91 98220 55555', preferredDate: '2026-11-26', preferredTime: '18:00', treatment: 'rootcanal' },
  });
  expect(booked.status).toBe(201);
  await app.deps.knex('appointments').insert({
    firstName: 'Asha', lastName: 'Shinde', email: 'asha@example.in', phone: '9876500000', treatment: 'cleaning',
    preferredDate: '2026-11-21', preferredTime: '11:00', status: 'completed', completedAt: new Date('2026-11-21T06:00:00Z'),
  });
  expect(await sendDueReviewRequests(app.deps, app.clock.now())).toBe(1);
  const sent = await deliverOutbox(app.deps);
  manage = linkToken(sent.find((m) => m.kind === 'booking-acknowledgement')!);
  review = linkToken(sent.find((m) => m.kind === 'review-request')!, 'review');
});
afterAll(() => app?.close());

/** Requests `path` as a browser would (GET) or as its form does (POST), and answers the status. */
async function hit(method: string, path: string): Promise<number> {
  const res = method === 'POST' ? await app.postForm(path, { slot: '2026-11-27T11:00', rating: '5', text: 'ok' }) : await app.request(path, { redirect: 'manual' });
  await res.arrayBuffer();
  return res.status;
}

/** The request lines logged for a path requested after `from` lines. */
const requestLines = (from: number) =>
  logged
    .slice(from)
    .map((l) => JSON.parse(l) as { event: string; path?: string })
    .filter((l) => l.event === 'request');

describe('the request log (SEC-7)', () => {
  it('replaces the token of every route that takes one, in every language, and of the personal pages', async () => {
    const routes = mountedRoutes(app.deps).filter((r) => r.path.includes(':token'));
    expect(routes.length).toBeGreaterThanOrEqual(4);
    for (const r of routes) {
      expect(TOKEN_PATH_PREFIXES.some((p) => r.path.startsWith(`${p}:token`)), `${r.method} ${r.path} is not under a declared token address`).toBe(true);
    }
    const paths: [string, string][] = [];
    for (const lang of LANGUAGES) {
      for (const r of routes) {
        const token = r.path.startsWith('/review/') ? review : manage;
        paths.push([r.method, `${lang}${r.path.replace(':token', token)}`]);
      }
      // The pages the site renders (its catch-all route), and the outcome pages after a form post.
      paths.push(['GET', `${lang}/appointment/${manage}`], ['GET', `${lang}/appointment/${manage}/cancelled`], ['GET', `${lang}/review/${review}`]);
    }
    const from = logged.length;
    const statuses = new Set<number>();
    for (const [method, path] of paths) statuses.add(await hit(method, path));
    // The live tokens were served (not only refused), so the lines are those of real visits.
    expect(statuses.has(200)).toBe(true);
    expect(statuses.has(303)).toBe(true);

    const lines = requestLines(from);
    expect(lines).toHaveLength(paths.length);
    for (const line of lines) expect(line.path).toMatch(/\/(appointment|review|appointment-links|plan)\/\[token\]/);
    const text = logged.join('\n');
    expect(text).not.toContain(manage);
    expect(text).not.toContain(review);
  });

  it('replaces a token whatever the spelling: any case, doubled slashes, percent-encoded, truncated, or in the query', async () => {
    const short = manage.slice(0, 30);
    const odd = [
      `/APPOINTMENT/${manage}`,
      `//appointment//${manage}`,
      `/%61ppointment/${manage}`,
      `/appointment%2F${manage}`,
      `/appointment/${manage}/`,
      `/Review/${review}`,
      `/mr/api/appointment-links/${manage}`,
      `/appointment/${short}`,
      `/review/${short}x`,
      `/api/appointment-links/${manage}?token=${short}&lang=mr`,
    ];
    const from = logged.length;
    for (const path of odd) await hit('GET', path);
    expect(requestLines(from)).toHaveLength(odd.length);
    const text = logged.slice(from).join('\n');
    expect(text).not.toContain(manage);
    expect(text).not.toContain(review);
    expect(text).not.toContain(short);
  });

  it('cleans every string a caller logs, a level down too, and spares slugs and hashes', () => {
    const lines: string[] = [];
    const logger = createLogger('info', (l) => lines.push(l));
    const slug = 'how-to-care-for-your-teeth-after-a-root-canal-treatment';
    const hash = 'a'.repeat(20) + '0123456789abcdef'.repeat(3);
    logger.error('render_data_failed', {
      path: `/api/appointment-links/${manage}`,
      url: `https://clinic.example.in/hi/review/${review}?lang=hi`,
      detail: { stack: `Error at GET /mr/appointment/${manage}/cancel` },
      list: [`/review/${review}`],
      seen: `session ${manage}`,
      page: `/blogs/${slug}`,
      hash,
    });
    const line = JSON.parse(lines[0]);
    expect(lines[0]).not.toContain(manage);
    expect(lines[0]).not.toContain(review);
    expect(line).toMatchObject({
      path: '/api/appointment-links/[token]',
      url: 'https://clinic.example.in/hi/review/[token]?lang=hi',
      detail: { stack: 'Error at GET /mr/appointment/[token]/cancel' },
      list: ['/review/[token]'],
      seen: 'session [token]',
      page: `/blogs/${slug}`,
      hash,
    });
    expect(redactTokens('/api/x?access_token=abc&lang=hi')).toBe('/api/x?access_token=[redacted]&lang=hi');
  });
});
