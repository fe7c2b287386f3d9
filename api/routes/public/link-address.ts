import { DEFAULT_LANG, isLang, type Lang } from '../../../shared/i18n/types';

// SITE-30: a personal link's address copied wrong still speaks its address's language: /mr/... Marathi,
// /hi/... Hindi, any other English.

/** Whether a path's first segment is a language's prefix (not the default language's, which has none). */
export function isLangPrefix(segment: string): boolean {
  return isLang(segment) && segment !== DEFAULT_LANG;
}

/** The language of an address by its prefix. */
export function addressLanguage(path: string): Lang {
  const first = path.split('/')[1] ?? '';
  return isLangPrefix(first) ? (first as Lang) : DEFAULT_LANG;
}
