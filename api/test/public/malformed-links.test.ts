import { afterAll, beforeAll, expect, it } from 'vitest';
import { mr } from '../../../shared/i18n/mr';
import { hi } from '../../../shared/i18n/hi';
import { en } from '../../../shared/i18n/en';
import { emailWords } from '../../../shared/emails/language';
import { estimateWords } from '../../../shared/plans/estimate-words';
import { startTestApp, type TestApp } from '../support/test-app';

// SITE-30 (UI-11, REV-2, PLAN-9): a personal link copied wrong (a full stop after it, a token cut off by the
// mail reader, a stray segment, nothing after the kind) opens the link's own "expired or not valid" page in
// the address's language, with 404 and the private pages' headers, never the site's generic 404. The same
// as a well-formed unknown token does.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  app.clock.set('2026-11-24T04:30:00Z');
});
afterAll(() => app?.close());

const token = 'Q'.repeat(43); // well formed, unknown
const malformed = [`${token}.`, token.slice(0, 25), `${token}/extra`, `${token}/cancelled/more`, '', `${token}%2E`];
const prefixes = { en: '', mr: '/mr', hi: '/hi' } as const;

const expiredWords = {
  appointment: { en: en.manage.expiredTitle, mr: mr.manage.expiredTitle, hi: hi.manage.expiredTitle },
  review: { en: emailWords('en').t.reviewUsed, mr: emailWords('mr').t.reviewUsed, hi: emailWords('hi').t.reviewUsed },
  plan: { en: estimateWords.en.linkUsed, mr: estimateWords.mr.linkUsed, hi: estimateWords.hi.linkUsed },
} as const;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

for (const kind of ['appointment', 'review', 'plan'] as const) {
  it(`answers every malformed /${kind}/ address with the link's "expired or not valid" page, in English, Marathi and Hindi`, async () => {
    for (const [lang, prefix] of Object.entries(prefixes) as [keyof typeof prefixes, string][]) {
      for (const bad of [token, ...malformed]) {
        const address = `${prefix}/${kind}/${bad}`;
        const res = await app.request(address);
        const html = await res.text();
        expect(res.status, address).toBe(404);
        expect(res.headers.get('cache-control'), address).toBe('no-store');
        expect(res.headers.get('x-robots-tag'), address).toContain('noindex');
        const words = expiredWords[kind][lang];
        expect(html.includes(words) || html.includes(escapeHtml(words)), `${address}: ${words}`).toBe(true);
        expect(html, address).not.toContain('Page Not Found');
      }
    }
  });
}
