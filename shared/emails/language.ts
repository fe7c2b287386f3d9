import { timeSlotLabel, isBookingTreatmentCode } from '../constants/booking';
import { formatDate, formatSentenceDate } from '../domain/dates';
import { emailCatalogues } from '../i18n/email-words';
import type { EmailWords as EmailTexts } from '../i18n/email-en';
import type { Lang } from '../i18n/types';

// I18N-3: the patient's emails in the language they booked in. English reads exactly as before (en-GB
// dates); Marathi and Hindi take their words from the catalogues and their dates from Intl (mr-IN, hi-IN).

export interface EmailWords {
  lang: Lang;
  t: EmailTexts;
  /** '22 November 2026' / '२२ नोव्हेंबर, २०२६' / '22 नवंबर 2026'. */
  longDate: (value: string | Date) => string;
  /** '22/11/2026' in English (follow-ups, invoices); the long form in Marathi and Hindi. */
  shortDate: (value: string | Date) => string;
  time: (slot: string) => string;
  treatment: (code: string) => string;
}

export function emailWords(lang: Lang = 'en'): EmailWords {
  const c = emailCatalogues[lang] ?? emailCatalogues.en;
  const english = lang === 'en';
  return {
    lang,
    t: c.email,
    longDate: (v) => formatSentenceDate(v, lang),
    shortDate: english ? formatDate : (v) => formatSentenceDate(v, lang),
    time: timeSlotLabel,
    treatment: (code) => (isBookingTreatmentCode(code) ? c.treatments[code] : code),
  };
}
