import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spec } from '../../../scripts/spec-conformance';
import { clinic } from '../../../shared/constants/clinic';
import { treatments } from '../../../shared/constants/treatments';
import { startTestApp, type TestApp } from '../support/test-app';

// The public pages as the first HTML response answers them, no script run (readable with JavaScript off):
// their content, titles, descriptions, canonical links and structured data, and the 404 page. Needs the built
// site (npm run build:site), as the other page tests do.

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp();
  cookie = await app.signIn();
});
afterAll(() => app?.close());

async function page(path: string) {
  const res = await app.request(path);
  const html = await res.text();
  const attr = (re: RegExp) => re.exec(html)?.[1];
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);
  const types = jsonLd.flatMap((b) => [b['@type']].flat() as string[]);
  const text = html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
  return {
    status: res.status,
    html,
    text,
    title: attr(/<title>([^<]*)<\/title>/),
    description: attr(/<meta name="description" content="([^"]*)"/),
    canonical: attr(/<link rel="canonical" href="([^"]+)"/),
    types,
  };
}

const origin = () => app.deps.config.publicUrl;

describe('head tags', () => {
  it(spec('SPEC 2', 'Every page sets its own title, description, canonical link and structured data', 'D20'), async () => {
    const expected: Record<string, string[]> = {
      '/': ['Dentist', 'MedicalClinic'],
      '/about': ['Dentist', 'MedicalClinic'],
      '/contact': ['Dentist', 'MedicalClinic'],
      '/treatments/braces': [],
      '/treatments': [],
      '/blogs': [],
      '/gallery': [],
    };
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const [path, types] of Object.entries(expected)) {
      const p = await page(path);
      expect(p.status, path).toBe(200);
      expect(p.title, path).toBeTruthy();
      expect(p.description, path).toBeTruthy();
      titles.add(p.title!);
      descriptions.add(p.description!);
      expect(p.canonical, path).toBe(`${origin()}${path === '/' ? '/' : path}`.replace(/\/$/, path === '/' ? '/' : ''));
      expect(p.types.length, path).toBeGreaterThan(0);
      for (const t of types) expect(p.types, path).toContain(t);
    }
    expect(titles.size).toBe(Object.keys(expected).length);
    expect(descriptions.size).toBe(Object.keys(expected).length);
    // A treatment is a procedure or a service.
    expect((await page('/treatments/braces')).types.some((t) => t === 'MedicalProcedure' || t === 'Service')).toBe(true);
  });

  it(spec('SPEC 2', 'Any other path: a 404 page titled "404 Page Not Found"', 'D20'), async () => {
    for (const path of ['/no-such-page', '/treatments/no-such-treatment/extra', '/blogsx']) {
      const p = await page(path);
      expect(p.status, path).toBe(404);
      expect(p.title, path).toMatch(/^404 Page Not Found/);
      expect(p.html).toMatch(/<h1[^>]*>404 Page Not Found<\/h1>/);
    }
  });
});

describe('first response content', () => {
  it(spec('SPEC 1', 'a 4.9/5 rating from 1000+ patients, 5+ years of experience'), async () => {
    const p = await page('/');
    expect(p.text).toContain('4.9/5 from 1000+ patients');
    expect(p.text).toContain('5+ years of experience');
    expect(p.description).toContain('Rated 4.9/5 by 1000+ patients');
    // The clinic's own claim is never marked up as an AggregateRating (REV-5).
    expect(p.html).not.toContain('AggregateRating');
  });

  it(spec('SPEC 2', 'five service circles (Implants, Invisible Aligners, Teeth Whitening, Root Canal, Braces)'), async () => {
    const p = await page('/');
    for (const slug of ['bridges-implants', 'invisalign', 'teeth-whitening', 'root-canal', 'braces']) expect(p.html).toContain(`href="/treatments/${slug}"`);
    expect(p.text).toMatch(/Implants .*Invisible Aligners .*Teeth Whitening .*Root Canal .*Braces/);
  });

  it(spec('SPEC 2', "The header says '21+ Treatments Available'"), async () => {
    const p = await page('/treatments');
    expect(p.text).toContain('21+ Treatments Available');
    for (const t of treatments) expect(p.text).toContain(t.name);
  });

  it(spec('SPEC 2', 'Breadcrumb Home / Treatments / name'), async () => {
    const p = await page('/treatments/root-canal');
    expect(p.html).toMatch(/<nav[^>]*aria-label="Breadcrumb"/);
    expect(p.text).toMatch(/Home Treatments Root Canal Treatment/);
    expect(p.types).toContain('BreadcrumbList');
  });

  it(spec('SPEC 2', "An unknown slug shows 'Treatment Not Found' with a link to all treatments"), async () => {
    const p = await page('/treatments/no-such-treatment');
    expect(p.status).toBe(404);
    expect(p.text).toContain('Treatment Not Found');
    expect(p.html).toContain('href="/treatments"');
  });

  it(spec('SPEC 2', '/blogs: published posts only'), async () => {
    const make = async (title: string, isPublished: boolean) =>
      (await app.request('/api/admin/blog-posts', { method: 'POST', json: { title, excerpt: 'E', content: '<p>C</p>', isPublished }, cookie })).json();
    await make('A published spec post', true);
    await make('A draft spec post', false);
    const p = await page('/blogs');
    expect(p.text).toContain('A published spec post');
    expect(p.text).not.toContain('A draft spec post');
    expect((await page('/blogs/a-draft-spec-post')).status).toBe(404);
    const post = await page('/blogs/a-published-spec-post');
    expect(post.status).toBe(200);
    expect(post.types).toContain('BlogPosting');
  });

  it(spec('SPEC 2', 'Footer: logo, tagline (Gentle Care for Every Smile / From Little Ones to Loved Ones)'), async () => {
    const p = await page('/gallery');
    expect(p.text).toContain('Gentle Care for Every Smile From Little Ones to Loved Ones');
    expect(p.text).toContain(`© 2025 ${clinic.name}`);
  });

  it(spec('SPEC 2', 'an embedded map (height 400) and an Open in Google Maps link'), async () => {
    const p = await page('/contact');
    expect(p.text).toContain('Open in Google Maps');
    expect(p.html).toContain(`href="${clinic.mapLink.replace(/&/g, '&amp;')}"`);
  });
});
