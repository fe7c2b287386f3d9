import { clinic } from '../constants/clinic';
import { fmt, type Lang } from '../i18n/types';
import { renderEmail, type RenderedEmail } from './layout';
import { emailWords } from './language';

/**
 * PAT-6: the check-up reminder to a patient whose last visit was the recall period ago, with a booking link,
 * in the language of that visit's booking (I18N-3; English reads as before).
 */
export function recallEmail(
  p: { firstName: string; lastName: string; lastVisit: string; language?: Lang },
  bookingUrl: string,
): RenderedEmail {
  const w = emailWords(p.language);
  return renderEmail(
    fmt(w.t.recallSubject, { clinic: clinic.name }),
    fmt(w.t.dear, { name: `${p.firstName} ${p.lastName}` }),
    [{ paragraph: fmt(w.t.recallIntro, { date: w.longDate(p.lastVisit) }) }, { paragraph: w.t.recallBook }, { link: { label: w.t.recallLabel, url: bookingUrl } }],
    w.lang,
  );
}
