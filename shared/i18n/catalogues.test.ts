import { describe, expect, it } from 'vitest';
import { treatments } from '../constants/treatments';
import { bookingTreatmentCodes } from '../constants/booking';
import { emailCatalogues } from './email-words';
import { catalogues } from './index';
import { languages, treatmentSlugs } from './types';

// I18N-2: every key exists in every language, no text is empty, and each translation keeps the
// placeholders of the English text ({name}, {days}...), so nothing reads '{days}' on screen.

function leaves(value: unknown, path = ''): [string, unknown][] {
  if (value !== null && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
  }
  return [[path, value]];
}

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
// The emails' words are a catalogue section of their own (server only, not shipped to the browser).
const withEmails = (lang: (typeof languages)[number]) => ({ ...catalogues[lang], email: emailCatalogues[lang].email });
const english = new Map(leaves(withEmails('en')));

describe('the catalogues', () => {
  it('cover the 20 treatments and every booking treatment code', () => {
    expect([...treatmentSlugs].sort()).toEqual(treatments.map((t) => t.slug).sort());
    for (const lang of languages) {
      expect(Object.keys(catalogues[lang].treatments).sort()).toEqual([...treatmentSlugs].sort());
      expect(Object.keys(catalogues[lang].booking.treatments).sort()).toEqual([...bookingTreatmentCodes].sort());
    }
  });

  for (const lang of languages) {
    it(`${lang}: has every English key, no other, and no empty text`, () => {
      const own = new Map(leaves(withEmails(lang)));
      expect([...own.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, value] of own) {
        expect(typeof value, key).toBe('string');
        expect((value as string).trim(), key).not.toBe('');
      }
    });

    it(`${lang}: keeps each text's placeholders`, () => {
      for (const [key, value] of leaves(withEmails(lang))) {
        expect(placeholders(value as string), key).toEqual(placeholders(english.get(key) as string));
      }
    });
  }

  it('Marathi and Hindi are written in Devanagari (the body texts, not only the keys)', () => {
    for (const lang of ['mr', 'hi'] as const) {
      const texts = leaves(catalogues[lang].treatments).map(([, v]) => v as string);
      for (const t of texts) expect(t).toMatch(/[\u0900-\u097F]/);
      expect(catalogues[lang].booking.firstName).toMatch(/[\u0900-\u097F]/);
    }
  });

  // The WhatsApp texts (APPT-15) live beside the emails' words, outside the public site's catalogues.
  const whatsAppEnglish = new Map(leaves(emailCatalogues.en.whatsapp));
  for (const lang of languages) {
    it(`${lang}: has every WhatsApp text, no other, none empty, with the English placeholders`, () => {
      const own = new Map(leaves(emailCatalogues[lang].whatsapp));
      expect([...own.keys()].sort()).toEqual([...whatsAppEnglish.keys()].sort());
      for (const [key, value] of own) {
        expect(typeof value, key).toBe('string');
        expect((value as string).trim(), key).not.toBe('');
        expect(placeholders(value as string), key).toEqual(placeholders(whatsAppEnglish.get(key) as string));
        if (lang !== 'en') expect(value, key).toMatch(/[\u0900-\u097F]/);
      }
    });
  }
});
