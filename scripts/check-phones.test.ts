import { describe, expect, it } from 'vitest';
import { productSources } from './product-sources';

// PAT-9: a patient's phone is stored as E.164 ("+919822010000") and shown to people only through
// formatPhone ("+91 98220 10000"). This walks what the product shows (the site's screens and pages, the
// emails, the documents, the api's rendered pages) and finds a phone put on screen or paper as stored: a
// `{x.phone}` in JSX, a `${x.phone}` in a text, or a `['Phone', x.phone]` row. The clinic's own number
// (`clinic.phone`) is typed by the clinic in Settings and shown as typed.

const DIRS = ['site/src', 'shared', 'api/services', 'api/render', 'api/routes'];
// JSX text or a template's `${...}` (not a prop `phone={a.phone}` handed to a component, nor a catalogue's
// `t.contact.phone` word), or a [label, value] row.
const SHOWN_RAW = [/(^|[^=])\{\s*(?!t\.)[\w?.]+\.phone\s*\}/, /,\s*[\w?.]+\.phone\s*\]/];

/** Every line that shows a stored phone without formatPhone: `file:line: text`. */
export function rawPhones(files: { file: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const { file, text } of files) {
    text.split('\n').forEach((line, i) => {
      if (/^\s*(\/\/|\*)/.test(line)) return;
      const shown = line.replace(/\bclinic\.phone\b/g, 'CLINIC_PHONE').replace(/formatPhone\([^)]*\)/g, 'FORMATTED');
      if (SHOWN_RAW.some((re) => re.test(shown))) found.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  return found;
}

describe("a patient's phone as people read it (PAT-9)", () => {
  it('is shown only through formatPhone', () => {
    const files = productSources(DIRS);
    expect(files.length).toBeGreaterThan(100);
    expect(rawPhones(files)).toEqual([]);
  });

  it('finds a screen, a label and an email row that show the stored form', () => {
    const probe = [
      { file: 'a.tsx', text: '<span>{a.phone}</span>' },
      { file: 'b.tsx', text: 'label: `${patientName(p)} · ${p.phone}`' },
      { file: 'c.ts', text: "['Phone', a.phone]," },
      { file: 'd.tsx', text: '<span>{formatPhone(a.phone)}</span> <a href={clinic.phoneHref}>{clinic.phone}</a>' },
      { file: 'e.ts', text: 'const link = whatsAppLink(item.phone, text); // a link, not shown' },
      { file: 'f.tsx', text: '<WhatsAppButton phone={a.phone} /> <span>{t.contact.phone}</span>' },
    ];
    expect(rawPhones(probe)).toEqual(['a.tsx:1: <span>{a.phone}</span>', 'b.tsx:1: label: `${patientName(p)} · ${p.phone}`', "c.ts:1: ['Phone', a.phone],"]);
  });
});
