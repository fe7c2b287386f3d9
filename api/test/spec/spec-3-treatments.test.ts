import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spec } from '../../../scripts/spec-conformance';
import { treatments } from '../../../shared/constants/treatments';
import { startTestApp, type TestApp } from '../support/test-app';

// SPEC 3's treatment catalogue, as the public pages serve it (D20: every public URL answers its full content
// in the first HTML response; unknown paths answer 404). Needs the built site (npm run build:site).

// Written out from SPEC 3, not read from the product: the list is the statement held.
const SLUGS = [
  'dental-extraction', 'crown', 'dentures', 'veneer', 'bridges-implants', 'teeth-whitening', 'wisdom-teeth',
  'teeth-cleaning', 'dental-restoration', 'braces', 'dental-bonding', 'fluoride', 'invisalign', 'root-canal',
  'dental-fillings', 'sealants', 'fissure-sealants', 'periodontal-disease', 'digital-xray', 'smile-design',
];

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('SPEC 3 treatments', () => {
  it(spec('SPEC 3', 'Treatment (built-in catalogue of 20 entries)'), () => {
    expect(treatments).toHaveLength(20);
    expect(treatments.map((t) => t.slug)).toEqual(SLUGS);
    for (const t of treatments) {
      expect(t.procedure, t.slug).toHaveLength(3);
      expect(t.price, t.slug).toMatch(/₹|Rs/);
    }
  });

  it(spec('SPEC 3', 'Slugs: dental-extraction, crown, dentures, veneer, bridges-implants, teeth-whitening, wisdom-teeth, teeth-cleaning, dental-restoration, braces, dental-bonding, fluoride, invisalign, root-canal, dental-fillings, sealants, fissure-sealants, periodontal-disease, digital-xray, smile-design', 'D20'), async () => {
    for (const slug of SLUGS) {
      const res = await app.request(`/treatments/${slug}`);
      expect(res.status, slug).toBe(200);
      const html = await res.text();
      const name = treatments.find((t) => t.slug === slug)!.name.replace(/&/g, '&amp;');
      expect(html, slug).toContain(name);
    }
    for (const unknown of ['implants', 'teeth-cleanings', 'no-such-treatment']) {
      const res = await app.request(`/treatments/${unknown}`);
      expect(res.status, unknown).toBe(404);
      expect(await res.text()).toContain('Treatment Not Found');
    }
  });
});
