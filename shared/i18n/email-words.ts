import * as en from './email-en';
import * as hi from './email-hi';
import * as mr from './email-mr';
import type { Lang } from './types';

// The patients' emails' words in each language (I18N-3): all that shared/emails needs of the catalogues.
export const emailCatalogues: Record<Lang, { email: typeof mr.emailWords; treatments: typeof mr.bookingTreatmentNames }> = {
  en: { email: en.emailWords, treatments: en.bookingTreatmentNames },
  mr: { email: mr.emailWords, treatments: mr.bookingTreatmentNames },
  hi: { email: hi.emailWords, treatments: hi.bookingTreatmentNames },
};
