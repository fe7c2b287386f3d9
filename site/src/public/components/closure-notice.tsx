import type { BookingRules } from '../../../../shared/constants/booking';
import { formatLongUsDate } from '../../../../shared/domain/clinic-time';
import { paths } from '../app/data';
import { useQuery } from '../app/query';

// SITE-13: the clinic's upcoming closures (holidays with their reason) on /contact and in the booking form.
// They come with the page's embedded booking rules (GET /api/appointments/rules), so the server renders
// them and the browser fetches nothing more.

export function useClosedDates(): { date: string; reason: string }[] {
  return useQuery<BookingRules>(paths.bookingRules, { retry: 1 }).data?.closedDates ?? [];
}

export function ClosureNotice({ id }: { id?: string }) {
  const closed = useClosedDates();
  if (closed.length === 0) return null;
  return (
    <div className="closure-notice" id={id}>
      <p className="closure-title">Upcoming closures</p>
      <ul>
        {closed.map((d) => (
          <li key={d.date}>
            <strong>{formatLongUsDate(d.date)}</strong>: {d.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}
