import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { clinic } from '../../shared/constants/clinic';
import { escapeHtml } from '../../shared/emails/layout';
import { DEVANAGARI_UNICODE_RANGE } from '../../shared/i18n/devanagari';
import { localeOf, localizePath, type Lang } from '../../shared/i18n/types';
import { DEVANAGARI_FONT } from './renderer';

// SEC-8: the personal-link pages the server answers by itself (the review form REV-2/REV-3, its thank-you and
// "used or not valid" pages) are React components rendered here to static HTML: no JavaScript at all, one
// shell (this file), one stylesheet, the private pages' headers from api/middleware/private-pages.ts (every
// address under TOKEN_PATH_PREFIXES), their forms read by readPersonalForm (api/middleware/body.ts). The
// manage page (BOOK-14) is the public site's server-rendered React page (api/render/renderer.ts), because
// it shares the site's chrome, catalogue and booking rules; both render React on the server, escape every
// value (React does), and work with scripts off.

const CSS = `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Devanagari",sans-serif;color:#1f2a37;background:#f5f8fa;line-height:1.5}
main{max-width:36rem;margin:0 auto;padding:1.5rem 1rem 3rem}header{background:#0b6e77;color:#fff;padding:1rem}header a{color:#fff;font-weight:600;text-decoration:none}
h1{font-size:1.6rem;margin:.5rem 0 1rem}.card{background:#fff;border-radius:12px;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}
fieldset{border:0;padding:0;margin:0 0 1rem}legend,label.l{font-weight:600;display:block;margin-bottom:.4rem}
.stars{display:flex;flex-direction:row-reverse;justify-content:flex-end;gap:.25rem}.stars input{position:absolute;opacity:0;width:1px;height:1px}
.stars label{font-size:2.2rem;line-height:1;color:#c5ced6;cursor:pointer;padding:.1rem}.stars input:checked~label,.stars label:hover,.stars label:hover~label{color:#f5a623}
.stars input:focus-visible+label{outline:3px solid #0b6e77;outline-offset:2px}
textarea{width:100%;box-sizing:border-box;min-height:8rem;font:inherit;padding:.6rem;border:1px solid #9aa8b4;border-radius:8px}
.hint{color:#52606d;font-size:.9rem;margin:.25rem 0 1rem}.radio{display:block;margin:.3rem 0;min-height:44px;display:flex;align-items:center;gap:.5rem}
button{background:#0b6e77;color:#fff;border:0;border-radius:8px;font:inherit;font-weight:600;padding:.8rem 1.4rem;min-height:44px;cursor:pointer;margin-top:.5rem}
.error{background:#fdecea;color:#8a1c13;border-radius:8px;padding:.75rem 1rem;margin-bottom:1rem}.ok{background:#e6f4ea;color:#1e5631;border-radius:8px;padding:.75rem 1rem}
.error p{margin:0}.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}`;

// I18N-4: Marathi and Hindi pages use the site's self-hosted Devanagari font, and name it first, as the site
// does (api/render/renderer.ts): behind system-ui, Chromium on Linux drew the bold heading and a legend as
// empty boxes (the system font it found claimed the letters). Its unicode-range keeps Latin text in the
// system font. Declared for its one weight, so headings and labels get a synthesised bold.
const DEVANAGARI =
  `@font-face{font-family:"Noto Sans Devanagari";src:url(${DEVANAGARI_FONT}) format("woff2");font-display:swap;` +
  `unicode-range:${DEVANAGARI_UNICODE_RANGE}}` +
  `body{font-family:"Noto Sans Devanagari",system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}`;

/**
 * React writes a form's action before its method and an input's checked before its value, as `checked=""`.
 * The pages keep the attribute order and bare boolean attributes they had as hand-written HTML (what the
 * review tests and the browser tests read): `<form method="post" action="...">`, `value="4" checked`.
 */
function asWritten(html: string): string {
  return html
    .replace(/<form action="([^"]*)" method="post">/g, '<form method="post" action="$1">')
    .replace(/ checked="" value="([^"]*)"/g, ' value="$1" checked')
    .replace(/ (checked|required)=""/g, ' $1');
}

/** A whole personal page: the shell (head, the clinic's header) around the page's React body, in `lang`. */
export function renderPersonalPage(lang: Lang, title: string, body: ReactElement): string {
  const font = lang === 'en' ? '' : DEVANAGARI;
  return (
    `<!doctype html><html lang="${localeOf[lang]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex,nofollow"><title>${escapeHtml(title)} – ${escapeHtml(clinic.name)}</title><style>${CSS}${font}</style></head>` +
    `<body><header><a href="${localizePath(lang, '/')}">${escapeHtml(clinic.name)}</a></header><main>${asWritten(renderToStaticMarkup(body))}</main></body></html>`
  );
}
