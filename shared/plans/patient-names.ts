import { BRIDGE_PRICE_ROW, catalogueChartCodes } from '../clinical/vocabulary';
import type { BookingTreatmentCode } from '../constants/booking';
import { treatments } from '../constants/treatments';
import type { Lang } from '../i18n/types';

// PLAN-21: what the patient reads for each chart code (the estimate, the personal link's page, the invoice
// billed from a plan), in their language. The price list's row names are the clinic's catalogue headings
// ("Bridges & Implants"), which name a group of treatments, not the one being done: an implant is a
// "Dental implant" to the patient, a bridge a "Dental bridge". A code without an entry here (one the owner
// added) reads as its price list row's name.

export const patientNames: Record<string, Record<Lang, string>> = {
  extraction: { en: 'Tooth extraction', mr: 'दात काढणे', hi: 'दाँत निकालना' },
  'surgical-extraction': { en: 'Surgical tooth removal', mr: 'शस्त्रक्रियेने दात काढणे', hi: 'सर्जरी से दाँत निकालना' },
  crown: { en: 'Dental crown (cap)', mr: 'दाताचा क्राउन (कॅप)', hi: 'दाँत का क्राउन (कैप)' },
  denture: { en: 'Denture', mr: 'कवळी (डेन्चर)', hi: 'डेन्चर (नकली दाँत)' },
  veneer: { en: 'Veneer', mr: 'व्हीनियर', hi: 'विनियर' },
  implant: { en: 'Dental implant', mr: 'डेंटल इम्प्लांट', hi: 'डेंटल इम्प्लांट' },
  bridge: { en: 'Dental bridge', mr: 'डेंटल ब्रिज', hi: 'डेंटल ब्रिज' },
  whitening: { en: 'Teeth whitening', mr: 'दात पांढरे करणे', hi: 'दाँतों को सफ़ेद करना' },
  scaling: { en: 'Teeth cleaning (scaling)', mr: 'दातांची स्वच्छता (स्केलिंग)', hi: 'दाँतों की सफ़ाई (स्केलिंग)' },
  restoration: { en: 'Filling', mr: 'फिलिंग', hi: 'फिलिंग' },
  braces: { en: 'Braces', mr: 'ब्रेसेस', hi: 'ब्रेसेस' },
  bonding: { en: 'Tooth bonding', mr: 'दातांचे बाँडिंग', hi: 'दाँतों की बॉन्डिंग' },
  fluoride: { en: 'Fluoride treatment', mr: 'फ्लोराइड उपचार', hi: 'फ्लोराइड उपचार' },
  aligners: { en: 'Clear aligners', mr: 'क्लिअर अलाइनर्स', hi: 'क्लियर अलाइनर्स' },
  rct: { en: 'Root canal treatment', mr: 'रूट कॅनाल उपचार', hi: 'रूट कैनाल उपचार' },
  composite: { en: 'Tooth-coloured filling', mr: 'दाताच्या रंगाचे फिलिंग', hi: 'दाँत के रंग की फिलिंग' },
  sealant: { en: 'Sealant', mr: 'सीलंट', hi: 'सीलेंट' },
  'fissure-sealant': { en: 'Fissure sealant', mr: 'फिशर सीलंट', hi: 'फ़िशर सीलेंट' },
  perio: { en: 'Gum treatment', mr: 'हिरड्यांचे उपचार', hi: 'मसूड़ों का उपचार' },
  xray: { en: 'Dental X-ray', mr: 'दाताचा एक्स-रे', hi: 'दाँत का एक्स-रे' },
  'smile-design': { en: 'Smile design', mr: 'स्माइल डिझाइन', hi: 'स्माइल डिज़ाइन' },
};

/** PLAN-21: the name the patient reads for `code`, in `lang`; else `fallback` (the price list row's name). */
export function patientName(code: string, lang: Lang, fallback: string): string {
  return Object.prototype.hasOwnProperty.call(patientNames, code) ? patientNames[code][lang] : fallback;
}

/**
 * PLAN-23: the booking treatment (the diary's "Treatment", shared/constants/booking.ts) of a chart code: the
 * catalogue treatment its price list row was made from (a bridge: the catalogue's bridges and implants);
 * null for a code the catalogue does not sell (one the owner added).
 */
export function bookingTreatmentOf(code: string): BookingTreatmentCode | null {
  for (const [rowName, entry] of Object.entries(catalogueChartCodes)) {
    if (entry.code !== code) continue;
    const catalogueName = rowName === BRIDGE_PRICE_ROW.name ? BRIDGE_PRICE_ROW.catalogueName : rowName;
    return treatments.find((t) => t.name === catalogueName)?.bookingCode ?? null;
  }
  return null;
}

/** PLAN-23: a plan visit's appointment treatment: its first item's that the catalogue sells, else `other`. */
export function visitTreatment(codes: readonly string[]): BookingTreatmentCode {
  for (const code of codes) {
    const found = bookingTreatmentOf(code);
    if (found) return found;
  }
  return 'other';
}
