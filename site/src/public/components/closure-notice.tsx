import type { BookingRules } from '../../../../shared/constants/booking';
// UI-6: one style for the closures, as the admin lists write dates.
import { formatDate } from '../../../../shared/domain/dates';
import { paths } from '../app/data';
import { useI18n, useT } from '../app/i18n';
import { useQuery } from '../app/query';

// SITE-13: the clinic's upcoming closures (holidays with their reason) on /contact and in the booking form.
// They come with the page's embedded booking rules (GET /api/appointments/rules), so the server renders
// them and the browser fetches nothing more.

export function useClosedDates(): { date: string; reason: string }[] {
  return useQuery<BookingRules>(paths.bookingRules, { retry: 1 }).data?.closedDates ?? [];
}

export function ClosureNotice({ id }: { id?: string }) {
  const closed = useClosedDates();
  const t = useT();
  const { lang } = useI18n();
  if (closed.length === 0) return null;
  return (
    <div className="closure-notice" id={id}>
      <p className="closure-title">{t.booking.closuresTitle}</p>
      <ul>
        {closed.map((d) => (
          <li key={d.date}>
            <strong>{formatDate(d.date, lang)}</strong>: <span className="user-text">{d.reason}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
