import { Fragment, createContext, createElement, useContext, type ReactNode } from 'react';
import type { Catalogue } from '../../../../shared/i18n/en';
import { fmt, type Lang, type TreatmentSlug } from '../../../../shared/i18n/types';
import type { Treatment } from '../../../../shared/constants/treatments';

// The page's language and its catalogue (I18N-1). The language comes from the address (/mr/..., /hi/...,
// else English) and never changes without a page load: the switcher's links are plain links, so the
// browser only ever holds the current language's strings. The server renders with every catalogue at hand
// (entry-server.tsx); the browser loads the one it needs, as its own chunk, before it hydrates (start.tsx).

export interface I18n {
  lang: Lang;
  t: Catalogue;
}

const I18nContext = createContext<I18n | null>(null);
export const I18nProvider = I18nContext.Provider;

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}

/** The current catalogue. */
export function useT(): Catalogue {
  return useI18n().t;
}

/** Each language's catalogue as its own chunk: a page downloads only the one it shows. */
export const loadCatalogue: Record<Lang, () => Promise<Catalogue>> = {
  en: () => import('../../../../shared/i18n/en').then((m) => m.en),
  mr: () => import('../../../../shared/i18n/mr').then((m) => m.mr),
  hi: () => import('../../../../shared/i18n/hi').then((m) => m.hi),
};

/** A treatment with its words in the page's language (the price, slug and codes stay). */
export function localTreatment(treatment: Treatment, t: Catalogue): Treatment {
  const text = t.treatments[treatment.slug as TreatmentSlug];
  return text ? { ...treatment, ...text, procedure: [...text.procedure] as [string, string, string] } : treatment;
}

export { fmt };

/**
 * fmt with elements for values: fill('by {author}', { author: <span className="user-text">…</span> }), so
 * what a visitor or the staff wrote keeps its own font inside the site's sentence (I18N-4).
 */
export function fill(template: string, values: Record<string, ReactNode>): ReactNode {
  return template
    .split(/(\{\w+\})/)
    .filter((part) => part !== '')
    .map((part, i) => {
      const key = /^\{(\w+)\}$/.exec(part)?.[1];
      return createElement(Fragment, { key: i }, key !== undefined && key in values ? values[key] : part);
    });
}
