import { clinic } from '../../../../shared/constants/clinic';
import type { Treatment } from '../../../../shared/constants/treatments';
import { localizePath, type Lang } from '../../../../shared/i18n/types';
import { DEFAULT_IMAGE } from './head';
import type { I18n } from './i18n';
import type { BookingRules } from '../../../../shared/constants/booking';
import { defaultDayHours, openingHoursSpecification, type DayHours } from '../../../../shared/domain/opening-hours';
import { paths } from './data';

/** The weekdays' sessions from the booking rules embedded in the page (every page reads them). */
export function embeddedDayHours(read: (path: string) => unknown): readonly DayHours[] {
  return (read(paths.bookingRules) as BookingRules | undefined)?.dayHours ?? defaultDayHours;
}

// schema.org objects shared by several pages' heads (SITE-18).

/** The clinic as a Dentist and MedicalClinic: the home, about and contact pages. */
/**
 * REV-5: `rating` is given only where the page has real approved reviews (ten or more); without it there is
 * no AggregateRating at all, never a made-up one.
 */
export function clinicJsonLd(
  origin: string,
  { lang, t }: I18n,
  rating?: { value: number; count: number } | null,
  dayHours: readonly DayHours[] = defaultDayHours,
): Record<string, unknown> {
  const en = lang === 'en';
  return {
    '@context': 'https://schema.org',
    '@type': ['Dentist', 'MedicalClinic'],
    '@id': `${origin}/#clinic`,
    name: clinic.name,
    url: `${origin}${localizePath(lang, '/')}`,
    logo: `${origin}/images/logo.svg`,
    image: `${origin}${DEFAULT_IMAGE}`,
    description: en
      ? `${clinic.tagline1}. ${clinic.tagline2}. Family dental clinic in ${clinic.address.locality}, Pune.`
      : `${t.clinic.tagline1}. ${t.clinic.tagline2}. ${t.hero.eyebrow.replace('{locality}', t.clinic.locality)}.`,
    telephone: clinic.phone,
    email: clinic.email,
    priceRange: '₹500 - ₹3,00,000',
    currenciesAccepted: 'INR',
    address: {
      '@type': 'PostalAddress',
      streetAddress: clinic.address.line1,
      addressLocality: `${clinic.address.locality}, ${clinic.address.city}`,
      addressRegion: clinic.address.state,
      postalCode: clinic.address.postalCode,
      addressCountry: clinic.address.country,
    },
    hasMap: clinic.mapLink,
    // SITE-29: the hours of the clinic's settings (SET-8), as the page's embedded booking rules carry them.
    openingHoursSpecification: openingHoursSpecification(dayHours),
    employee: { '@type': 'Person', name: t.clinic.doctorName, jobTitle: t.clinic.doctorRole },
    sameAs: clinic.socialLinks.map((l) => l.href),
    ...(rating
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: rating.value.toFixed(1), bestRating: '5', worstRating: '1', ratingCount: rating.count } }
      : {}),
  };
}

export function publisherJsonLd(origin: string) {
  return { '@type': 'Organization', name: clinic.name, logo: { '@type': 'ImageObject', url: `${origin}/images/logo.svg` } };
}

export function breadcrumbJsonLd(origin: string, items: [string, string][], lang: Lang = 'en') {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map(([name, path], i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name,
      item: `${origin}${localizePath(lang, path)}`,
    })),
  };
}

/** A treatment as a MedicalProcedure (SITE-18): on its own page, and for each treatment the list shows. */
export function medicalProcedureJsonLd(origin: string, t: Treatment, lang: Lang = 'en'): Record<string, unknown> {
  return {
    '@type': 'MedicalProcedure',
    name: t.name,
    description: t.description,
    url: `${origin}${localizePath(lang, `/treatments/${t.slug}`)}`,
    howPerformed: t.procedure.join('. '),
    status: 'https://schema.org/ActiveActionStatus',
    provider: { '@id': `${origin}/#clinic`, '@type': 'Dentist', name: clinic.name },
  };
}
