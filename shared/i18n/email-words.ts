import * as en from './email-en';
import * as hi from './email-hi';
import * as mr from './email-mr';
import type { Lang } from './types';

// The patients' emails' words in each language (I18N-3): all that shared/emails needs of the catalogues,
// and the admin's WhatsApp texts (APPT-15), which the public site never shows (so not in its catalogues).
export const emailCatalogues: Record<
  Lang,
  { email: typeof mr.emailWords; treatments: typeof mr.bookingTreatmentNames; whatsapp: en.WhatsAppWords }
> = {
  en: { email: en.emailWords, treatments: en.bookingTreatmentNames, whatsapp: en.whatsAppWords },
  mr: { email: mr.emailWords, treatments: mr.bookingTreatmentNames, whatsapp: mr.whatsAppWords },
  hi: { email: hi.emailWords, treatments: hi.bookingTreatmentNames, whatsapp: hi.whatsAppWords },
};
