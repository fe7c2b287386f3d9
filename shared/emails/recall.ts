import { clinic } from '../constants/clinic';
import { formatEnGbLongDate } from '../domain/clinic-time';
import { renderEmail, type RenderedEmail } from './layout';

/** PAT-6: the check-up reminder to a patient whose last visit was the recall period ago, with a booking link. */
export function recallEmail(p: { firstName: string; lastName: string; lastVisit: string }, bookingUrl: string): RenderedEmail {
  return renderEmail(`Time for your dental check-up – ${clinic.name}`, `Dear ${p.firstName} ${p.lastName},`, [
    { paragraph: `Your last visit to us was on ${formatEnGbLongDate(p.lastVisit)}. A regular check-up keeps small problems small.` },
    { paragraph: 'Book a time that suits you online, or call us:' },
    { link: { label: 'Book my check-up', url: bookingUrl } },
  ]);
}
