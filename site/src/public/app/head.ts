import { clinic } from '../../../../shared/constants/clinic';
import { languages, localeOf, localizePath, ogLocaleOf, type Lang } from '../../../../shared/i18n/types';

// Every page's title, description, canonical link, Open Graph tags and structured data (SITE-18). Each page
// module builds its own (pages/*.tsx export `head`); the server writes them into the first response, and
// the browser updates title, description and canonical when the visitor moves between pages.

export interface Head {
  title: string;
  description: string;
  /** The page's path without its language (the canonical URL adds the origin and the language's prefix). */
  path: string;
  ogType: 'website' | 'article';
  image: string;
  jsonLd: Record<string, unknown>[];
  noindex: boolean;
}

export const titleSuffix = ` | ${clinic.name}`;
export const DEFAULT_IMAGE = '/images/og-default.jpg';

export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** The head of a page no one found: never indexed. */
export function notFoundHead(title: string, description: string, path: string): Head {
  return { title: `${title}${titleSuffix}`, description, path, ogType: 'website', image: DEFAULT_IMAGE, jsonLd: [], noindex: true };
}

/** An ordinary page's head. */
export function pageHead(path: string, title: string, description: string, jsonLd: Record<string, unknown>[] = []): Head {
  return { title, description, path, ogType: 'website', image: DEFAULT_IMAGE, jsonLd, noindex: false };
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON for a <script> block: '<' is escaped, so no text in the data can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The page in each language (I18N-1): hreflang en-IN, mr-IN, hi-IN, and x-default (the English page). */
export function alternates(origin: string, path: string): { hreflang: string; href: string }[] {
  return [
    ...languages.map((l) => ({ hreflang: localeOf[l], href: absoluteUrl(origin, localizePath(l, path)) })),
    { hreflang: 'x-default', href: absoluteUrl(origin, path) },
  ];
}

/** The tags the server writes into <head>. */
export function headTags(head: Head, origin: string, lang: Lang = 'en'): string {
  const url = absoluteUrl(origin, localizePath(lang, head.path));
  const image = absoluteUrl(origin, head.image);
  const lines = [
    `<title>${escapeAttr(head.title)}</title>`,
    `<meta name="description" content="${escapeAttr(head.description)}" />`,
    `<link rel="canonical" href="${escapeAttr(url)}" />`,
    ...alternates(origin, head.path).map((a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${escapeAttr(a.href)}" />`),
    head.noindex ? '<meta name="robots" content="noindex" />' : '',
    `<meta property="og:type" content="${head.ogType}" />`,
    `<meta property="og:site_name" content="${escapeAttr(clinic.name)}" />`,
    `<meta property="og:locale" content="${ogLocaleOf[lang]}" />`,
    ...languages.filter((l) => l !== lang).map((l) => `<meta property="og:locale:alternate" content="${ogLocaleOf[l]}" />`),
    `<meta property="og:title" content="${escapeAttr(head.title)}" />`,
    `<meta property="og:description" content="${escapeAttr(head.description)}" />`,
    `<meta property="og:url" content="${escapeAttr(url)}" />`,
    `<meta property="og:image" content="${escapeAttr(image)}" />`,
    '<meta name="twitter:card" content="summary_large_image" />',
    ...head.jsonLd.map((j) => `<script type="application/ld+json">${scriptJson(j)}</script>`),
  ];
  return lines.filter(Boolean).join('\n    ');
}

/** In the browser, after a navigation: the tags a visitor or a share sheet sees. */
export function applyHead(head: Head, origin: string, lang: Lang = 'en'): void {
  document.title = head.title;
  const set = (selector: string, attr: string, value: string) => document.querySelector(selector)?.setAttribute(attr, value);
  const url = absoluteUrl(origin, localizePath(lang, head.path));
  for (const a of alternates(origin, head.path)) set(`link[rel="alternate"][hreflang="${a.hreflang}"]`, 'href', a.href);
  set('meta[name="description"]', 'content', head.description);
  set('link[rel="canonical"]', 'href', url);
  set('meta[property="og:title"]', 'content', head.title);
  set('meta[property="og:description"]', 'content', head.description);
  set('meta[property="og:url"]', 'content', url);
}
