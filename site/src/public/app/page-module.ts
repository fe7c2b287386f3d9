import type { ComponentType } from 'react';
import type { Head } from './head';
import type { Route } from './routes';

// What a page module (site/src/public/pages/*.tsx) exports. Kept apart from the loader (pages.ts), which
// imports the pages: a page that took its type from the loader would close an import circle.

export type HeadBuilder = (route: Route, pathname: string, read: (path: string) => unknown, origin: string) => Head;

export interface PageModule {
  Page: ComponentType<{ route: Route }>;
  head: HeadBuilder;
}

export type LazyPageName = Exclude<Route['name'], 'not-found'>;
