import { MANAGE_TOKEN, manageOutcomes, type ManageOutcome } from '../../../../shared/schemas/manage-appointment';

// The public routes of SITE-1, matched the same way on the server and in the browser.

export type Route =
  | { name: 'home' }
  | { name: 'about' }
  | { name: 'treatments' }
  | { name: 'treatment'; slug: string }
  | { name: 'blogs' }
  | { name: 'post'; slug: string }
  | { name: 'gallery' }
  | { name: 'contact' }
  /** BOOK-14: the personal link's page; `done` is the outcome of a form post on it (BOOK-15). */
  | { name: 'manage'; token: string; done: ManageOutcome | null; confirmCancel?: true }
  | { name: 'not-found' };

/** The six header links; each label is its key in the catalogue's `nav`. */
export const navLinks = [
  { to: '/', key: 'home' },
  { to: '/about', key: 'about' },
  { to: '/treatments', key: 'treatments' },
  { to: '/gallery', key: 'gallery' },
  { to: '/blogs', key: 'blogs' },
  { to: '/contact', key: 'contact' },
] as const;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function matchRoute(pathname: string): Route {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  switch (p) {
    case '/':
      return { name: 'home' };
    case '/about':
      return { name: 'about' };
    case '/treatments':
      return { name: 'treatments' };
    case '/blogs':
      return { name: 'blogs' };
    case '/gallery':
      return { name: 'gallery' };
    case '/contact':
      return { name: 'contact' };
  }
  const parts = p.split('/');
  if (parts[1] === 'appointment' && MANAGE_TOKEN.test(parts[2] ?? '')) {
    if (parts.length === 3) return { name: 'manage', token: parts[2], done: null };
    // UI-10: GET .../cancel asks to confirm; the same address's POST cancels.
    if (parts.length === 4 && parts[3] === 'cancel') return { name: 'manage', token: parts[2], done: null, confirmCancel: true };
    const done = manageOutcomes.find((o) => o === parts[3]);
    if (parts.length === 4 && done) return { name: 'manage', token: parts[2], done };
  }
  // UI-11, SITE-30: any other address under /appointment/ is a personal link copied wrong (a full stop after
  // it, a token cut off by the mail reader, a stray segment): the "expired or not valid" page, not the
  // generic 404. Its token "x" opens nothing (the API answers a malformed one 404), so the page says so.
  if (parts[1] === 'appointment') return { name: 'manage', token: 'x', done: null };
  if (parts.length === 3 && SLUG.test(parts[2])) {
    if (parts[1] === 'treatments') return { name: 'treatment', slug: parts[2] };
    if (parts[1] === 'blogs') return { name: 'post', slug: parts[2] };
  }
  return { name: 'not-found' };
}

/** The header link that is "current" for a path: Home only on /, the others for their whole section. */
export function isCurrentLink(to: string, pathname: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}
