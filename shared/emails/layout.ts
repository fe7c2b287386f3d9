import { clinic } from '../constants/clinic';
import { emailCatalogues } from '../i18n/email-words';
import { localeOf, type Lang } from '../i18n/types';

// Emails are rendered here, in shared/, so the server sends exactly what the admin's preview shows.

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A block of the email: a paragraph, or a list of label/value rows. */
export type EmailBlock =
  | { paragraph: string }
  | { rows: [label: string, value: string][] }
  | { heading: string }
  /** A button-like link (the personal manage link, BOOK-12); the text version prints the address. */
  | { link: { label: string; url: string } };

/** `lang`: the patient's language (I18N-3); the clinic's own emails are English. */
export function renderEmail(subject: string, greeting: string, blocks: EmailBlock[], lang: Lang = 'en'): RenderedEmail {
  const words = emailCatalogues[lang].email;
  const contact: [string, string][] = [
    [words.phone, clinic.phone],
    [words.email, clinic.email],
    [words.address, clinic.addressText],
  ];
  const all: EmailBlock[] = [...blocks, { heading: clinic.name }, { rows: contact }];

  const text = [
    greeting,
    '',
    ...all.flatMap((b) => {
      if ('paragraph' in b) return [b.paragraph, ''];
      if ('heading' in b) return [b.heading, ''];
      if ('link' in b) return [`${b.link.label}: ${b.link.url}`, ''];
      return [...b.rows.map(([l, v]) => `${l}: ${v}`), ''];
    }),
  ].join('\n');

  const htmlBlocks = all
    .map((b) => {
      if ('paragraph' in b) return `<p style="margin:0 0 16px">${escapeHtml(b.paragraph)}</p>`;
      if ('link' in b)
        return (
          `<p style="margin:0 0 16px"><a href="${escapeHtml(b.link.url)}" style="display:inline-block;padding:10px 16px;` +
          `background:#0f766e;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(b.link.label)}</a></p>`
        );
      if ('heading' in b) return `<h2 style="margin:24px 0 8px;font-size:16px;color:#0f766e">${escapeHtml(b.heading)}</h2>`;
      const rows = b.rows
        .map(
          ([l, v]) =>
            `<tr><td style="padding:4px 12px 4px 0;color:#475569;vertical-align:top">${escapeHtml(l)}</td>` +
            `<td style="padding:4px 0;white-space:pre-line">${escapeHtml(v)}</td></tr>`,
        )
        .join('');
      return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows}</table>`;
    })
    .join('\n');

  const html = `<!doctype html><html lang="${lang === 'en' ? 'en' : localeOf[lang]}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a;font-size:15px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff">
<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
${htmlBlocks}
</div></body></html>`;
  return { subject, html, text };
}
