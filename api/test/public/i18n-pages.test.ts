import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinic } from '../../../shared/constants/clinic';
import { startTestApp, type TestApp } from '../support/test-app';

// I18N-1: the raw HTML of the public pages in English, Marathi and Hindi, as a crawler reads it (no
// script runs): <html lang>, the translated title, description and JSON-LD, the hreflang alternates, the
// language switcher, and the 404 page in the address's language with status 404. Needs the built site
// (npm run build:site).

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const origin = () => app.deps.config.publicUrl;

async function page(path: string) {
  const res = await app.request(path);
  const html = await res.text();
  const attr = (re: RegExp) => re.exec(html)?.[1];
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]));
  const alternates = Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]),
  );
  return {
    status: res.status,
    html,
    lang: attr(/<html lang="([^"]+)"/),
    title: attr(/<title>([^<]*)<\/title>/),
    description: attr(/<meta name="description" content="([^"]*)"/),
    canonical: attr(/<link rel="canonical" href="([^"]+)"/),
    jsonLd,
    alternates,
  };
}

const pages = ['/', '/about', '/treatments', '/treatments/root-canal', '/blogs', '/gallery', '/contact'];

describe('every public page in three languages', () => {
  it.each(pages)('%s has hreflang alternates to the same page in each language, and x-default', async (path) => {
    for (const prefix of ['', '/mr', '/hi']) {
      const p = await page(prefix + (path === '/' && prefix ? '' : path));
      expect(p.status, prefix + path).toBe(200);
      const rest = path === '/' ? '' : path;
      expect(p.alternates).toEqual({
        'en-IN': `${origin()}${path}`,
        'mr-IN': `${origin()}/mr${rest}`,
        'hi-IN': `${origin()}/hi${rest}`,
        'x-default': `${origin()}${path}`,
      });
    }
  });

  it('English pages stay as they were: lang en-IN, English title and description', async () => {
    const home = await page('/');
    expect(home.lang).toBe('en-IN');
    expect(home.title).toBe(`${clinic.name} | Family Dentist in Moshi, Pune`);
    expect(home.canonical).toBe(`${origin()}/`);
    // English pages preload no Devanagari font: the switcher's few letters have a font of their own, and
    // the whole font is declared only for what visitors wrote (the browser fetches it if such text shows).
    expect(home.html).not.toContain('rel="preload"');
    expect(home.html).toContain('url(/fonts/noto-sans-devanagari-names.woff2)');
    expect(home.html).toContain('--font-user:"Noto Sans Devanagari"');
  });

  it('the Marathi home: lang, title, description, canonical, JSON-LD, Devanagari font, switcher', async () => {
    const p = await page('/mr');
    expect(p.lang).toBe('mr-IN');
    expect(p.title).toBe(`${clinic.name} | मोशी, पुणे येथील फॅमिली डेंटिस्ट`);
    expect(p.description).toContain('रूट कॅनाल');
    expect(p.canonical).toBe(`${origin()}/mr`);
    expect(p.html).toContain('<meta property="og:locale" content="mr_IN" />');
    const clinicLd = p.jsonLd.find((j) => JSON.stringify(j['@type']).includes('Dentist'));
    expect(clinicLd).toMatchObject({ url: `${origin()}/mr`, employee: { name: 'डॉ. अनन्या देशपांडे' } });
    expect(clinicLd?.description).toContain('प्रत्येक हास्याची हळुवार काळजी');
    // The page itself: Marathi words, links that stay in Marathi, a switcher to the same page.
    expect(p.html).toContain('अपॉइंटमेंट बुक करा');
    expect(p.html).toContain('href="/mr/treatments"');
    expect(p.html).toMatch(/<a href="\/hi" hrefLang="hi-IN" lang="hi-IN"|<a href="\/hi" hreflang="hi-IN" lang="hi-IN"/);
    // Marathi pages preload the Marathi font (the site's words' glyphs), with font-display: swap; the whole
    // font stands behind it and draws what visitors wrote, without a preload.
    expect(p.html).toContain('<link rel="preload" href="/fonts/noto-sans-devanagari-mr.woff2" as="font" type="font/woff2" crossorigin />');
    expect(p.html).not.toContain('<link rel="preload" href="/fonts/noto-sans-devanagari-subset.woff2"');
    expect(p.html).toContain('--font:"Noto Sans Devanagari Site","Noto Sans Devanagari",');
    expect(p.html).toContain('font-display:swap');
  });

  it('the Hindi treatment page: translated name, description, MedicalProcedure and breadcrumb', async () => {
    const p = await page('/hi/treatments/root-canal');
    expect(p.lang).toBe('hi-IN');
    expect(p.title).toBe(`रूट कैनाल ट्रीटमेंट | ${clinic.name}`);
    expect(p.description).toContain('दाम ₹');
    const procedure = p.jsonLd.find((j) => j['@type'] === 'MedicalProcedure');
    expect(procedure).toMatchObject({ name: 'रूट कैनाल ट्रीटमेंट', url: `${origin()}/hi/treatments/root-canal` });
    const crumbs = p.jsonLd.find((j) => j['@type'] === 'BreadcrumbList');
    expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual(['होम', 'इलाज', 'रूट कैनाल ट्रीटमेंट']);
    // Prices stay in rupees with Indian grouping.
    expect(p.html).toContain('₹8,000 - ₹15,000');
  });

  it.each([
    ['/mr/treatments', 'mr-IN', 'दंतोपचार आणि दर'],
    ['/hi/treatments', 'hi-IN', 'दाँतों के इलाज और दाम'],
    ['/mr/contact', 'mr-IN', 'संपर्क आणि अपॉइंटमेंट बुकिंग'],
    ['/hi/about', 'hi-IN', 'डॉ. अनन्या देशपांडे के बारे में'],
    ['/mr/gallery', 'mr-IN', 'फोटो गॅलरी'],
    ['/hi/blogs', 'hi-IN', 'दाँतों की सेहत का ब्लॉग'],
  ])('%s is in its language (%s) from the first response', async (path, lang, title) => {
    const p = await page(path);
    expect(p.status).toBe(200);
    expect(p.lang).toBe(lang);
    expect(p.title).toBe(`${title} | ${clinic.name}`);
    expect(p.description).toMatch(/[\u0900-\u097F]/);
    expect(p.jsonLd.length).toBeGreaterThan(0);
  });

  it('an unknown Marathi address answers the 404 page in Marathi, with status 404 and noindex', async () => {
    const p = await page('/mr/no-such-page');
    expect(p.status).toBe(404);
    expect(p.lang).toBe('mr-IN');
    expect(p.title).toBe(`404 पान सापडले नाही | ${clinic.name}`);
    expect(p.html).toContain('<meta name="robots" content="noindex" />');
    expect(p.html).toContain('मुख्यपृष्ठावर जा');
    expect(p.html).toContain('href="/mr/contact"');
  });

  it('an unknown Hindi treatment is a Hindi 404', async () => {
    const p = await page('/hi/treatments/no-such-treatment');
    expect(p.status).toBe(404);
    expect(p.title).toBe(`इलाज नहीं मिला | ${clinic.name}`);
  });

  it('/mr/ redirects to /mr (one address per page)', async () => {
    const res = await app.request('/mr/', { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/mr');
  });

  it('the sitemap lists every page in every language with its alternates', async () => {
    const xml = await (await app.request('/sitemap.xml')).text();
    for (const path of ['/', '/about', '/treatments/crown']) {
      for (const loc of [path, path === '/' ? '/mr' : `/mr${path}`, path === '/' ? '/hi' : `/hi${path}`]) {
        expect(xml).toContain(`<loc>${origin()}${loc}</loc>`);
      }
    }
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="mr-IN" href="${origin()}/mr/treatments/crown"/>`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${origin()}/treatments/crown"/>`);
  });
});
