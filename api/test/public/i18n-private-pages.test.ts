import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendDueReviewRequests } from '../../services/content/reviews';
import { deliverOutbox, linkToken } from '../support/sent-mail';
import { startTestApp, type TestApp } from '../support/test-app';

// I18N-7: the visitor's private pages in the language the visit was booked in, as the raw HTML of the first
// response (no script runs): the personal link's page (BOOK-14) and its outcomes (BOOK-15), and the review
// form (REV-3) with its errors, thank-you and "used or not valid" pages. <html lang>, the words, the dates
// in the language's Indian form, and not a word of English left. The manage page needs the built site
// (npm run build:site), as the other page tests do.

const NOW = '2026-11-23T05:00:00Z'; // Monday 10:30 in Kolkata
const booking = {
  firstName: 'Rohan',
  lastName: 'Patil',
  email: 'rohan@example.in',
  phone: '+91 98220 55555',
  preferredDate: '2026-11-26',
  preferredTime: '18:00',
  treatment: 'rootcanal',
};

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ config: { publicUrl: 'https://clinic.example.in', bookingRateLimitPerAddress: 0 } });
});
afterAll(() => app?.close());
beforeEach(async () => {
  app.clock.set(NOW);
  await app.deps.knex('email_outbox').delete();
  await app.deps.knex('reviews').delete();
  await app.deps.knex('appointments').delete();
});

let seq = 0;
/** Books through the public form in `language` and answers the personal link's token from the acknowledgement. */
async function book(language: 'en' | 'mr' | 'hi', overrides: Record<string, string> = {}): Promise<string> {
  seq += 1;
  const res = await app.request('/api/appointments', {
    method: 'POST',
    json: { ...booking, email: `v${seq}@example.in`, phone: `90000${String(seq).padStart(5, '0')}`, language, ...overrides },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return linkToken((await deliverOutbox(app.deps)).findLast((m) => m.kind === 'booking-acknowledgement')!);
}

const form = (path: string, fields: Record<string, string> = {}) => app.postForm(path, fields);

async function html(path: string, status = 200): Promise<string> {
  const res = await app.request(path);
  const text = await res.text();
  expect(res.status, path).toBe(status);
  return text;
}

const langOf = (page: string) => /<html lang="([^"]+)"/.exec(page)?.[1];
const titleOf = (page: string) => /<title>([^<]*)<\/title>/.exec(page)?.[1];
/** The page's visible body (the server's HTML without the embedded data, styles and head). */
const bodyOf = (page: string) =>
  page
    .replace(/<head>[\s\S]*?<\/head>/, '')
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<style[\s\S]*?<\/style>/g, '');

/** English words of the manage page that must not be left on a Marathi or Hindi one. */
const ENGLISH_MANAGE = [
  'Your appointment', 'Hello', 'Appointment details', 'Date', 'Treatment', 'Status', 'Requested', 'Address',
  'Open in Google Maps', 'Ask for another time', 'Open times', 'Choose a date and time', 'Cancel my appointment',
  'You can cancel', 'November', 'Root Canal',
];

describe('the personal link page in the booking language', () => {
  it('Marathi: lang mr-IN, Marathi words and dates, the Devanagari font, no switcher, at the address the email gives', async () => {
    const token = await book('mr');
    const page = await html(`/appointment/${token}`);
    expect(langOf(page)).toBe('mr-IN');
    expect(titleOf(page)).toContain('तुमची अपॉइंटमेंट');
    expect(page).toContain('<meta name="robots" content="noindex" />');
    expect(page).toContain('noto-sans-devanagari-subset.woff2');
    const body = bodyOf(page);
    for (const words of [
      // The patient's name is their own words: drawn with the whole Devanagari font (I18N-4).
      'नमस्कार <span class="user-text">Rohan</span>',
      'अपॉइंटमेंटचा तपशील',
      '२६ नोव्हेंबर, २०२६',
      '6:00 PM',
      'रूट कॅनाल उपचार',
      'विनंती मिळाली – क्लिनिक लवकरच ती निश्चित करेल',
      'Google Maps मध्ये उघडा',
      'दुसरी वेळ मागा',
      'तारीख आणि वेळ निवडा',
      'अपॉइंटमेंटच्या 2 तास आधीपर्यंत तुम्ही ती रद्द करू शकता.',
      'माझी अपॉइंटमेंट रद्द करा',
    ]) {
      expect(body).toContain(words);
    }
    // The open times' days in Marathi too (today, 23 November, still has open times).
    expect(body).toContain('label="२३ नोव्हेंबर, २०२६"');
    for (const english of ENGLISH_MANAGE) expect(body, english).not.toContain(`>${english}`);
    expect(body).not.toMatch(/November|Ask for this time|Cancel the appointment/);
    // The header and menu links stay in Marathi; no language switcher on a private page.
    expect(body).toContain('href="/mr/about"');
    expect(body).not.toContain('lang-link');
    // The same page at the Marathi address.
    expect(langOf(await html(`/mr/appointment/${token}`))).toBe('mr-IN');
  });

  it('Marathi outcomes: cancelled, too late, requested, slot taken', async () => {
    const token = await book('mr');
    expect((await form(`/appointment/${token}/request`, { slot: '2026-11-27T11:00' })).headers.get('location')).toBe(`/appointment/${token}/requested`);
    let body = bodyOf(await html(`/appointment/${token}/requested`));
    expect(body).toContain('धन्यवाद. क्लिनिक तुमची नवीन वेळ फोन किंवा ईमेलद्वारे निश्चित करेल.');
    expect(body).toContain('मागितलेली नवीन वेळ');
    expect(body).toContain('२७ नोव्हेंबर, २०२६, 11:00 AM (क्लिनिकच्या उत्तराची प्रतीक्षा आहे)');
    expect(bodyOf(await html(`/appointment/${token}/slot-taken`))).toContain('ती वेळ आता उपलब्ध नाही. कृपया दुसरी वेळ निवडा.');
    expect(bodyOf(await html(`/appointment/${token}/invalid`))).toContain('ही अपॉइंटमेंट आता इथून बदलता येणार नाही.');

    expect((await form(`/appointment/${token}/cancel`)).headers.get('location')).toBe(`/appointment/${token}/cancelled`);
    body = bodyOf(await html(`/appointment/${token}/cancelled`));
    expect(body).toContain('तुमची अपॉइंटमेंट रद्द झाली आहे. क्लिनिकला तसे कळवले आहे.');
    expect(body).toContain('रद्द झाली');
    expect(body).not.toContain('Your appointment is cancelled');

    // Less than 2 hours before: no cancel button, the call sentence with the phone link, in Marathi.
    const late = await book('mr', { preferredTime: '19:00' });
    app.clock.set('2026-11-26T11:31:00Z');
    expect((await form(`/appointment/${late}/cancel`)).headers.get('location')).toBe(`/appointment/${late}/too-late`);
    body = bodyOf(await html(`/appointment/${late}/too-late`));
    expect(body).toContain('तुमच्या अपॉइंटमेंटला 2 तासांपेक्षा कमी वेळ उरला आहे: रद्द करण्यासाठी कृपया आम्हाला कॉल करा.');
    expect(body).toMatch(/कृपया आम्हाला <a href="tel:[^"]+">[^<]+<\/a> वर कॉल करा\./);
    expect(body).not.toContain('माझी अपॉइंटमेंट रद्द करा');
  });

  it('Hindi: lang hi-IN, Hindi words and dates, whatever the address', async () => {
    const token = await book('hi', { treatment: 'cleaning' });
    for (const path of [`/appointment/${token}`, `/hi/appointment/${token}`, `/mr/appointment/${token}`]) {
      const page = await html(path);
      expect(langOf(page), path).toBe('hi-IN');
      expect(titleOf(page)).toContain('आपका अपॉइंटमेंट');
      const body = bodyOf(page);
      for (const words of ['नमस्ते <span class="user-text">Rohan</span>', 'अपॉइंटमेंट का विवरण', '26 नवंबर 2026', 'दाँतों की सफ़ाई (स्केलिंग)', 'कोई दूसरा समय माँगें', 'मेरा अपॉइंटमेंट रद्द करें']) {
        expect(body, path).toContain(words);
      }
      for (const english of ENGLISH_MANAGE) expect(body, english).not.toContain(`>${english}`);
    }
    expect((await form(`/appointment/${token}/cancel`)).status).toBe(303);
    expect(bodyOf(await html(`/appointment/${token}/cancelled`))).toContain('आपका अपॉइंटमेंट रद्द कर दिया गया है।');
  });

  it('English bookings read as before; an unknown token is the expired-link page (404) of the address language (UI-11)', async () => {
    const token = await book('en');
    const page = await html(`/appointment/${token}`);
    expect(langOf(page)).toBe('en-IN');
    expect(page).toContain('Appointment details');
    expect(page).toContain('26 November 2026');
    const unknown = 'A'.repeat(43);
    const mr404 = await html(`/mr/appointment/${unknown}`, 404);
    expect(langOf(mr404)).toBe('mr-IN');
    expect(mr404).toContain('या लिंकची मुदत संपली आहे');
    expect(langOf(await html(`/appointment/${unknown}`, 404))).toBe('en-IN');
  });
});

/** A completed visit in `language` with its review request sent; answers the review link's token. */
async function reviewToken(language: 'en' | 'mr' | 'hi'): Promise<string> {
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
    language,
  });
  expect(await sendDueReviewRequests(app.deps, app.clock.now())).toBe(1);
  return linkToken((await deliverOutbox(app.deps)).findLast((m) => m.kind === 'review-request')!, 'review');
}

const ENGLISH_REVIEW = ['Your review', 'Your rating', 'of 5 stars', 'Send my review', 'Initials only', 'First name and initial', 'November', 'Thank you', 'Please choose'];

describe('the review pages in the booking language', () => {
  it('Marathi: the form, its error, the thank-you page, and the used link, all mr-IN', async () => {
    const token = await reviewToken('mr');
    const page = await html(`/review/${token}`);
    expect(langOf(page)).toBe('mr-IN');
    expect(titleOf(page)).toContain('तुमचा अभिप्राय');
    expect(page).toContain('noto-sans-devanagari-subset.woff2');
    // Named first, after the page's own font rule (behind system-ui, Chromium drew bold Devanagari as boxes).
    expect(page).toMatch(/font-family:system-ui[^}]*\}[\s\S]*body\{font-family:"Noto Sans Devanagari",system-ui/);
    for (const words of [
      '२१ नोव्हेंबर, २०२६ रोजीची तुमची भेट कशी झाली?',
      'तुमचे रेटिंग',
      '5 पैकी 4 तारे',
      'अभिप्रायासोबत दिसणारे नाव',
      'फक्त आद्याक्षरे (A. S.)',
      'पहिले नाव व आडनावाचे आद्याक्षर (Asha S.)',
      'माझा अभिप्राय पाठवा',
      'href="/mr"',
    ]) {
      expect(page).toContain(words);
    }
    for (const english of ENGLISH_REVIEW) expect(bodyOf(page), english).not.toContain(english);

    const bad = await form(`/review/${token}`, { text: 'छान' });
    expect(bad.status).toBe(400);
    const error = await bad.text();
    expect(langOf(error)).toBe('mr-IN');
    expect(error).toContain('कृपया 1 ते 5 तार्\u200dयांमधून रेटिंग निवडा.');
    expect(error).toContain('>छान</textarea>');

    const ok = await form(`/review/${token}`, { rating: '5', text: 'डॉक्टर खूप प्रेमळ आहेत.' });
    expect(ok.status).toBe(200);
    const thanks = await ok.text();
    expect(langOf(thanks)).toBe('mr-IN');
    expect(thanks).toContain('धन्यवाद! तुमचा अभिप्राय पाठवला आहे.');
    expect(bodyOf(thanks)).not.toContain('Thank you');

    // The second visit: the link is spent, and still answers in Marathi (no ?lang= needed).
    const used = await html(`/review/${token}`, 404);
    expect(langOf(used)).toBe('mr-IN');
    expect(used).toContain('ही अभिप्रायाची लिंक आधीच वापरली गेली आहे किंवा ती वैध नाही.');
    // The form sent again at once: the thank-you page again, in Marathi; later: the spent page, in Marathi.
    const again = await form(`/review/${token}`, { rating: '1' });
    expect(again.status).toBe(200);
    const repeated = await again.text();
    expect(langOf(repeated)).toBe('mr-IN');
    expect(repeated).toContain('धन्यवाद! तुमचा अभिप्राय पाठवला आहे.');
    app.clock.set(new Date(app.clock.now().getTime() + 11 * 60_000));
    const later = await form(`/review/${token}`, { rating: '1' });
    expect(later.status).toBe(404);
    expect(langOf(await later.text())).toBe('mr-IN');
  });

  it('Hindi: the form and the thank-you page, hi-IN; an unknown link follows ?lang=, else English', async () => {
    const token = await reviewToken('hi');
    const page = await html(`/review/${token}`);
    expect(langOf(page)).toBe('hi-IN');
    for (const words of ['21 नवंबर 2026 को आपकी विज़िट कैसी रही?', 'आपकी रेटिंग', '5 में से 3 सितारे', 'सिर्फ़ नाम के पहले अक्षर (A. S.)', 'मेरी समीक्षा भेजें']) {
      expect(page).toContain(words);
    }
    for (const english of ENGLISH_REVIEW) expect(bodyOf(page), english).not.toContain(english);
    // Too long: the form again with its error, in Hindi (also when the body is far beyond the parser's limit).
    for (const text of ['अ'.repeat(1001), 'अ'.repeat(5000)]) {
      const long = await form(`/review/${token}`, { rating: '4', text });
      expect(long.status).toBe(400);
      const again = await long.text();
      expect(langOf(again)).toBe('hi-IN');
      expect(again).toContain('आपकी समीक्षा अधिकतम 1000 अक्षरों की हो सकती है।');
    }
    // 1000 Devanagari characters are the most, and fit (about 9 KB once form-encoded).
    const full = `बहुत अच्छा अनुभव ${'अ'.repeat(983)}`;
    expect(full).toHaveLength(1000);
    const sent = await form(`/review/${token}`, { rating: '4', text: full });
    expect(sent.status).toBe(200);
    const thanks = await sent.text();
    expect(langOf(thanks)).toBe('hi-IN');
    expect(thanks).toContain('धन्यवाद! आपकी समीक्षा भेज दी गई है।');
    expect((await app.deps.knex('reviews').first('text', 'language')).text).toBe(full);
    expect(langOf(await html(`/review/${token}`, 404))).toBe('hi-IN');

    const unknown = 'B'.repeat(43);
    const hinted = await html(`/review/${unknown}?lang=hi`, 404);
    expect(langOf(hinted)).toBe('hi-IN');
    expect(hinted).toContain('समीक्षा का यह लिंक पहले ही इस्तेमाल हो चुका है या मान्य नहीं है।');
    const plain = await html(`/review/${unknown}`, 404);
    expect(langOf(plain)).toBe('en-IN');
    expect(plain).toContain('This review link has already been used, or it is not valid.');
  });
});
