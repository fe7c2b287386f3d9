import type { ComponentType } from 'react';
import type { Head } from './head';
import type { I18n } from './i18n';
import type { Route } from './routes';

// What a page module (site/src/public/pages/*.tsx) exports. Kept apart from the loader (pages.ts), which
// imports the pages: a page that took its type from the loader would close an import circle.

/** `pathname` is the page's path without its language (`/about` for /mr/about); `i18n` its language and words. */
export type HeadBuilder = (route: Route, pathname: string, read: (path: string) => unknown, origin: string, i18n: I18n) => Head;

export interface PageModule {
  Page: ComponentType<{ route: Route }>;
  head: HeadBuilder;
}

export type LazyPageName = Exclude<Route['name'], 'not-found'>;
