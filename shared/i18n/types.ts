// The public site's languages (I18N-1): English at today's addresses, Marathi under /mr/, Hindi
// under /hi/. Each has one catalogue in this folder (en.ts, mr.ts, hi.ts) of the same shape.

export const languages = ['en', 'mr', 'hi'] as const;
export type Lang = (typeof languages)[number];
export const DEFAULT_LANG: Lang = 'en';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** The Indian locale of each language: hreflang, Intl dates and numbers. */
export const localeOf: Record<Lang, string> = { en: 'en-IN', mr: 'mr-IN', hi: 'hi-IN' };
export const ogLocaleOf: Record<Lang, string> = { en: 'en_IN', mr: 'mr_IN', hi: 'hi_IN' };
/** Each language's name in itself: what the language switcher shows. */
export const languageNames: Record<Lang, string> = { en: 'English', mr: 'मराठी', hi: 'हिन्दी' };

/** The 20 treatments' slugs (CLINIC-6); a catalogue must translate every one. */
export const treatmentSlugs = [
  'dental-extraction', 'crown', 'dentures', 'veneer', 'bridges-implants', 'teeth-whitening', 'wisdom-teeth',
  'teeth-cleaning', 'dental-restoration', 'braces', 'dental-bonding', 'fluoride', 'invisalign', 'root-canal',
  'dental-fillings', 'sealants', 'fissure-sealants', 'periodontal-disease', 'digital-xray', 'smile-design',
] as const;
export type TreatmentSlug = (typeof treatmentSlugs)[number];

export interface TreatmentText {
  name: string;
  description: string;
  duration: string;
  procedure: readonly [string, string, string];
  about: string;
}

/** A catalogue's shape from the English one: every string becomes `string`, arrays and tuples keep their length. */
export type Widen<T> = T extends string
  ? string
  : T extends (...args: never[]) => unknown
    ? T
    : { readonly [K in keyof T]: Widen<T[K]> };

/** '{n} treatments' with { n: 4 } -> '4 treatments'. A placeholder with no value stays as written. */
export function fmt(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/**
 * A path in a language: ('mr', '/about') -> '/mr/about'; ('mr', '/') -> '/mr' (the site drops trailing
 * slashes: '/mr/' redirects there); ('mr', '/contact#book') -> '/mr/contact#book'. English stays as it is.
 */
export function localizePath(lang: Lang, path: string): string {
  if (lang === 'en' || !path.startsWith('/')) return path;
  if (path === '/' || path.startsWith('/#') || path.startsWith('/?')) return `/${lang}${path.slice(1)}`;
  return `/${lang}${path}`;
}

/** '/mr/about' -> { lang: 'mr', path: '/about' }; '/mr' and '/mr/' -> the Marathi home; '/about' -> English. */
export function splitLangPath(pathname: string): { lang: Lang; path: string } {
  const m = /^\/(mr|hi)(?=\/|$)(.*)$/.exec(pathname);
  if (!m) return { lang: 'en', path: pathname };
  return { lang: m[1] as Lang, path: m[2] === '' ? '/' : m[2] };
}
