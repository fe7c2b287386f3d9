import { clinic } from '../constants/clinic';
import { fmt } from '../i18n/types';
import type { AppointmentEmailDetails } from './appointment-status';
import { renderEmail, type RenderedEmail } from './layout';
import { emailWords } from './language';

/** REV-1: after a completed visit, the one request for a review, with the visit's single-use review link. */
export function reviewRequestEmail(a: AppointmentEmailDetails, reviewUrl: string): RenderedEmail {
  const w = emailWords(a.language);
  return renderEmail(
    fmt(w.t.reviewSubject, { clinic: clinic.name }),
    fmt(w.t.dear, { name: `${a.firstName} ${a.lastName}` }),
    [
      { paragraph: fmt(w.t.reviewIntro, { date: w.longDate(a.preferredDate) }) },
      { link: { label: w.t.reviewLabel, url: reviewUrl } },
      { paragraph: w.t.reviewOnce },
    ],
    w.lang,
  );
}
