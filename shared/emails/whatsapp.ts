import { clinic } from '../constants/clinic';
import { emailWords } from './language';
import { emailCatalogues } from '../i18n/email-words';
import { fmt, type Lang } from '../i18n/types';
import { isValidDateString } from '../domain/clinic-time';

// APPT-15: WhatsApp has no sending API here; the admin offers one-click wa.me links with the text
// already written, in the clinic's voice. Indian numbers get country code 91. I18N-3: the text speaks the
// booking's language, with the emails' words, treatment names and dates (shared/i18n/email-*.ts).

export type WhatsAppMessageKind = 'confirmation' | 'reminder' | 'follow-up';

export const whatsAppKindLabels: Record<WhatsAppMessageKind, string> = {
  confirmation: 'Confirmation',
  reminder: 'Reminder',
  'follow-up': 'Follow-up',
};

/**
 * The wa.me number for a phone as patients write it: digits only, a 10-digit Indian mobile gets 91 in
 * front, a leading 0 (trunk prefix) is dropped, 91XXXXXXXXXX and +91 are kept. Null when it cannot be an
 * Indian mobile number (fewer than 10 digits).
 */
export function whatsAppNumber(phone: string): string | null {
  let digits = phone.replace(/\D/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  if (digits.length === 10) return `91${digits}`;
  if (digits.length === 12 && digits.startsWith('91')) return digits;
  return null;
}

export interface WhatsAppAppointment {
  firstName: string;
  treatment: string;
  preferredDate: string;
  preferredTime: string;
}

function hello(firstName: string, lang: Lang): string {
  const words = emailCatalogues[lang].whatsapp;
  const name = firstName.trim();
  return name ? fmt(words.hello, { name }) : words.helloNoName;
}

/** The date in the language's Indian form, as the emails write it; a value that is no date stays as it is. */
function dateIn(lang: Lang, value: string): string {
  return isValidDateString(value) ? emailWords(lang).longDate(value) : value;
}

/** The prefilled text of each kind, in the booking's language, signed by the clinic. */
export function whatsAppText(kind: WhatsAppMessageKind, a: WhatsAppAppointment, lang: Lang = 'en'): string {
  const w = emailWords(lang);
  const words = emailCatalogues[lang].whatsapp;
  const template = kind === 'confirmation' ? words.confirmation : kind === 'reminder' ? words.reminder : words.followUp;
  const body = fmt(template, { treatment: w.treatment(a.treatment), clinic: clinic.name, date: dateIn(lang, a.preferredDate), time: w.time(a.preferredTime) });
  return `${hello(a.firstName, lang)} ${body}\n— ${clinic.name}, ${clinic.phone}`;
}

/** A plain greeting for a patient without an appointment in view (staff write the rest), in their language. */
export function whatsAppGreeting(firstName: string, lang: Lang = 'en'): string {
  return `${hello(firstName, lang)} ${fmt(emailCatalogues[lang].whatsapp.greeting, { clinic: clinic.name })} `;
}

/** PAT-6: the check-up reminder for a patient due for recall, in the language of their last visit. */
export function whatsAppRecallText(firstName: string, lastVisit: string, lang: Lang = 'en'): string {
  const words = emailCatalogues[lang].whatsapp;
  return `${hello(firstName, lang)} ${fmt(words.recall, { clinic: clinic.name, date: dateIn(lang, lastVisit), phone: clinic.phone })}`;
}

/** https://wa.me/91XXXXXXXXXX?text=..., or null when the phone is not a usable number. */
export function whatsAppLink(phone: string, text: string): string | null {
  const number = whatsAppNumber(phone);
  if (!number) return null;
  return `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
}

/** The kind that fits an appointment's status: confirmed/pending before, follow-up after the visit. */
export function suggestedWhatsAppKind(status: string): WhatsAppMessageKind {
  const s = status.toLowerCase();
  if (s === 'completed') return 'follow-up';
  if (s === 'confirmed') return 'reminder';
  return 'confirmation';
}
