import { timeSlotLabel, treatmentLabel } from '../../../../shared/constants/booking';
import { clinic } from '../../../../shared/constants/clinic';
import { formatEnGbLongDate } from '../../../../shared/domain/clinic-time';
import { CANCEL_CUTOFF_HOURS, managePath, type ManageOutcome, type ManagedAppointment } from '../../../../shared/schemas/manage-appointment';
import { usePublicData } from '../app/data';
import { notFoundHead } from '../app/head';
import type { PageModule } from '../app/page-module';
import type { Route } from '../app/routes';
import { PageHeader } from '../components/ui';
import { NotFoundPage } from './not-found';

// BOOK-14/15: the visitor's personal page. Server-rendered and complete without JavaScript: Cancel and
// Ask for another time are plain form posts (api/routes/public/manage-appointment.ts) that come back here
// with their outcome in the path. It shows this appointment and nothing about any other.

const STATUS: Record<string, string> = {
  pending: 'Requested – the clinic will confirm it soon',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  'no-show': 'Missed',
};

const OUTCOME: Record<ManageOutcome, { text: string; ok: boolean }> = {
  cancelled: { text: 'Your appointment is cancelled. The clinic has been told.', ok: true },
  requested: { text: 'Thank you. The clinic will confirm your new time by phone or email.', ok: true },
  'too-late': { text: `It is less than ${CANCEL_CUTOFF_HOURS} hours to your appointment: please call us to cancel.`, ok: false },
  'slot-taken': { text: 'That time is no longer free. Please choose another.', ok: false },
  invalid: { text: 'This appointment can no longer be changed here. Please call us.', ok: false },
};

const when = (date: string, time: string) => `${formatEnGbLongDate(date)}, ${timeSlotLabel(time)}`;

function ManageAppointment({ token, done }: { token: string; done: ManageOutcome | null }) {
  const { data, status } = usePublicData<ManagedAppointment | null>(managePath(token));
  if (status === 'pending') return <div className="container narrow manage" aria-busy="true" />;
  if (!data) return <NotFoundPage />;
  const outcome = done ? OUTCOME[done] : null;
  const action = (what: string) => `/appointment/${token}/${what}`;
  return (
    <>
      <PageHeader eyebrow="Your appointment" title={`Hello ${data.firstName}`} />
      <div className="container narrow manage">
        {outcome && (
          <p className={`manage-notice ${outcome.ok ? 'is-ok' : 'is-error'}`} role={outcome.ok ? 'status' : 'alert'}>
            {outcome.text}
          </p>
        )}
        <section className="manage-card" aria-labelledby="manage-details">
          <h2 id="manage-details">Appointment details</h2>
          <dl className="manage-details">
            <dt>Date</dt>
            <dd>{formatEnGbLongDate(data.preferredDate)}</dd>
            <dt>Time</dt>
            <dd>{timeSlotLabel(data.preferredTime)}</dd>
            <dt>Treatment</dt>
            <dd>{treatmentLabel(data.treatment)}</dd>
            <dt>Status</dt>
            <dd>{STATUS[data.status] ?? data.status}</dd>
            {data.requested && (
              <>
                <dt>New time asked for</dt>
                <dd>{when(data.requested.date, data.requested.time)} (waiting for the clinic)</dd>
              </>
            )}
            <dt>Address</dt>
            <dd>
              {clinic.name}, {clinic.addressText}
              <br />
              <a href={clinic.mapLink} target="_blank" rel="noopener noreferrer">
                Open in Google Maps
              </a>
            </dd>
          </dl>
        </section>

        {data.canRequest && (
          <section className="manage-card" aria-labelledby="manage-request">
            <h2 id="manage-request">Ask for another time</h2>
            {data.openSlots.length > 0 ? (
              <form method="post" action={action('request')} className="manage-form">
                <label htmlFor="manage-slot">Open times</label>
                <select id="manage-slot" name="slot" required defaultValue="">
                  <option value="" disabled>
                    Choose a date and time
                  </option>
                  {data.openSlots.map((d) => (
                    <optgroup key={d.date} label={formatEnGbLongDate(d.date)}>
                      {d.times.map((t) => (
                        <option key={t} value={`${d.date}T${t}`}>
                          {when(d.date, t)}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
                <button type="submit" className="button button-primary">
                  Ask for this time
                </button>
              </form>
            ) : (
              <p>No open times in the next two weeks. Please call us on {clinic.phone}.</p>
            )}
          </section>
        )}

        {data.canRequest && (
          <section className="manage-card" aria-labelledby="manage-cancel">
            <h2 id="manage-cancel">Cancel the appointment</h2>
            {data.canCancel ? (
              <form method="post" action={action('cancel')} className="manage-form">
                <p>You can cancel up to {CANCEL_CUTOFF_HOURS} hours before your appointment.</p>
                <button type="submit" className="button button-outline">
                  Cancel my appointment
                </button>
              </form>
            ) : (
              <p>
                It is less than {CANCEL_CUTOFF_HOURS} hours to your appointment: please call us on{' '}
                <a href={clinic.phoneHref}>{clinic.phone}</a>.
              </p>
            )}
          </section>
        )}
      </div>
    </>
  );
}

function Page({ route }: { route: Route }) {
  if (route.name !== 'manage') return null;
  return <ManageAppointment token={route.token} done={route.done} />;
}

export const manageAppointmentPage: PageModule = {
  Page,
  // BOOK-14: never indexed; the title names nobody.
  head: (_route, pathname) => notFoundHead('Your appointment', `Your appointment at ${clinic.name}.`, pathname),
};
