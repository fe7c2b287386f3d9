import { clinic } from '../../../../shared/constants/clinic';

// Every page's title, description, canonical link, Open Graph tags and structured data (D20). Each page
// module builds its own (pages/*.tsx export `head`); the server writes them into the first response, and
// the browser updates title, description and canonical when the visitor moves between pages.

export interface Head {
  title: string;
  description: string;
  /** The path of the canonical URL (the origin comes from the server's configuration). */
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

/** The tags the server writes into <head>. */
export function headTags(head: Head, origin: string): string {
  const url = absoluteUrl(origin, head.path);
  const image = absoluteUrl(origin, head.image);
  const lines = [
    `<title>${escapeAttr(head.title)}</title>`,
    `<meta name="description" content="${escapeAttr(head.description)}" />`,
    `<link rel="canonical" href="${escapeAttr(url)}" />`,
    head.noindex ? '<meta name="robots" content="noindex" />' : '',
    `<meta property="og:type" content="${head.ogType}" />`,
    `<meta property="og:site_name" content="${escapeAttr(clinic.name)}" />`,
    `<meta property="og:locale" content="en_IN" />`,
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
export function applyHead(head: Head, origin: string): void {
  document.title = head.title;
  const set = (selector: string, attr: string, value: string) => document.querySelector(selector)?.setAttribute(attr, value);
  const url = absoluteUrl(origin, head.path);
  set('meta[name="description"]', 'content', head.description);
  set('link[rel="canonical"]', 'href', url);
  set('meta[property="og:title"]', 'content', head.title);
  set('meta[property="og:description"]', 'content', head.description);
  set('meta[property="og:url"]', 'content', url);
}
