import { timeSlotLabel, treatmentLabel } from '../constants/booking';
import { clinic } from '../constants/clinic';
import { formatLongUsDate, isValidDateString } from './clinic-time';

// APPT-15: WhatsApp has no sending API here; the admin offers one-click wa.me links with the text
// already written, in the clinic's voice. Indian numbers get country code 91.

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

function when(a: WhatsAppAppointment): string {
  const date = isValidDateString(a.preferredDate) ? formatLongUsDate(a.preferredDate) : a.preferredDate;
  return `${date} at ${timeSlotLabel(a.preferredTime)}`;
}

/** The prefilled text of each kind, signed by the clinic. */
export function whatsAppText(kind: WhatsAppMessageKind, a: WhatsAppAppointment): string {
  const hello = `Hello ${a.firstName.trim() || 'there'},`;
  const sign = `${clinic.name}, ${clinic.phone}`;
  switch (kind) {
    case 'confirmation':
      return `${hello} your appointment for ${treatmentLabel(a.treatment)} at ${clinic.name} is confirmed for ${when(a)}. Please arrive 10 minutes early. Reply here if you need to change it.\n— ${sign}`;
    case 'reminder':
      return `${hello} a friendly reminder of your appointment for ${treatmentLabel(a.treatment)} on ${when(a)}. We look forward to seeing you. Reply here if you cannot come.\n— ${sign}`;
    case 'follow-up':
      return `${hello} thank you for visiting ${clinic.name}. How are you feeling after your ${treatmentLabel(a.treatment)}? If you have any pain or questions, reply here or call us. It is time to book your follow-up visit whenever suits you.\n— ${sign}`;
  }
}

/** A plain greeting for a patient without an appointment in view. */
export function whatsAppGreeting(firstName: string): string {
  return `Hello ${firstName.trim() || 'there'}, this is ${clinic.name}. `;
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
