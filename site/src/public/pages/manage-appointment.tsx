import type { ReactNode } from 'react';
import { isBookingTreatmentCode, timeSlotLabel } from '../../../../shared/constants/booking';
import { clinic } from '../../../../shared/constants/clinic';
import { formatSentenceDate } from '../../../../shared/domain/dates';
import type { Catalogue } from '../../../../shared/i18n/en';
import { localizePath, type Lang } from '../../../../shared/i18n/types';
import { CANCEL_CUTOFF_HOURS, isLiveManageData, managePath, type ManageOutcome, type ManagePageData } from '../../../../shared/schemas/manage-appointment';
import { usePublicData } from '../app/data';
import { notFoundHead } from '../app/head';
import { fill, fmt, useI18n } from '../app/i18n';
import type { PageModule } from '../app/page-module';
import type { Route } from '../app/routes';
import { PageHeader } from '../components/ui';

// BOOK-14/15: the visitor's personal page. Server-rendered and complete without JavaScript: Cancel and
// Ask for another time are plain form posts (api/routes/public/manage-appointment.ts) that come back here
// with their outcome in the path. It shows this appointment and nothing about any other. I18N-7: it speaks
// the language the visit was booked in (the server renderer and the browser take the page's language from
// its data: manageLanguage in shared/schemas/manage-appointment.ts), with dates in that language's Indian form, as the emails write them.

type ManageWords = Catalogue['manage'];

const STATUS_KEY: Record<string, keyof ManageWords['statuses']> = {
  pending: 'pending',
  confirmed: 'confirmed',
  completed: 'completed',
  cancelled: 'cancelled',
  'no-show': 'noShow',
};

const OUTCOME: Record<ManageOutcome, { key: keyof ManageWords['outcomes']; ok: boolean }> = {
  cancelled: { key: 'cancelled', ok: true },
  requested: { key: 'requested', ok: true },
  'too-late': { key: 'tooLate', ok: false },
  'slot-taken': { key: 'slotTaken', ok: false },
  invalid: { key: 'invalid', ok: false },
  'already-requested': { key: 'alreadyRequested', ok: false },
  'too-many': { key: 'tooMany', ok: false },
};

/** '26 November 2026' in English (as the emails); '२६ नोव्हेंबर, २०२६' and '26 नवंबर 2026' in Marathi and Hindi. */
export function longDateIn(lang: Lang, date: string): string {
  return formatSentenceDate(date, lang);
}

/** A sentence with a link in place of its {phone}. */
function withPhoneLink(template: string, values: Record<string, string | number>): ReactNode {
  const [before, after = ''] = template.split('{phone}');
  return (
    <>
      {fmt(before, values)}
      <a href={clinic.phoneHref}>{clinic.phone}</a>
      {fmt(after, values)}
    </>
  );
}

/** UI-11: an expired or unknown link: said plainly, in the booking's language, with the way to call or book. */
function ExpiredLink() {
  const { lang, t } = useI18n();
  const m = t.manage;
  return (
    <>
      <PageHeader eyebrow={m.eyebrow} title={m.expiredTitle} />
      <div className="container narrow manage">
        <section className="manage-card" aria-label={m.expiredTitle}>
          <p>{withPhoneLink(m.expiredText, {})}</p>
          <p>
            <a href={localizePath(lang, '/contact#book')} className="button button-primary">
              {m.expiredBook}
            </a>
          </p>
        </section>
      </div>
    </>
  );
}

function ManageAppointment({ token, done, confirmCancel }: { token: string; done: ManageOutcome | null; confirmCancel: boolean }) {
  const { lang, t } = useI18n();
  const m = t.manage;
  const { data, status } = usePublicData<ManagePageData>(managePath(token));
  if (status === 'pending') return <div className="container narrow manage" aria-busy="true" />;
  if (!isLiveManageData(data)) return <ExpiredLink />;
  const outcome = done ? OUTCOME[done] : null;
  const action = (what: string) => `/appointment/${token}/${what}`;
  const date = (d: string) => longDateIn(lang, d);
  const when = (d: string, time: string) => `${date(d)}, ${timeSlotLabel(time)}`;
  const treatment = isBookingTreatmentCode(data.treatment) ? t.booking.treatments[data.treatment] : data.treatment;
  const statusKey = STATUS_KEY[data.status];
  const hours = { hours: CANCEL_CUTOFF_HOURS };
  return (
    <>
      <PageHeader eyebrow={m.eyebrow} title={fill(m.greeting, { name: <span className="user-text">{data.firstName}</span> })} />
      <div className="container narrow manage">
        {outcome && (
          <p className={`manage-notice ${outcome.ok ? 'is-ok' : 'is-error'}`} role={outcome.ok ? 'status' : 'alert'}>
            {m.outcomes[outcome.key].includes('{phone}') ? withPhoneLink(m.outcomes[outcome.key], hours) : fmt(m.outcomes[outcome.key], hours)}
          </p>
        )}
        <section className="manage-card" aria-labelledby="manage-details">
          <h2 id="manage-details">{m.detailsTitle}</h2>
          <dl className="manage-details">
            <dt>{m.date}</dt>
            <dd>{date(data.preferredDate)}</dd>
            <dt>{m.time}</dt>
            <dd>{timeSlotLabel(data.preferredTime)}</dd>
            <dt>{m.treatment}</dt>
            <dd>{treatment}</dd>
            <dt>{m.status}</dt>
            <dd>{statusKey ? m.statuses[statusKey] : data.status}</dd>
            {data.requested && (
              <>
                <dt>{m.requestedLabel}</dt>
                <dd>{fmt(m.requestedWaiting, { when: when(data.requested.date, data.requested.time) })}</dd>
              </>
            )}
            <dt>{m.address}</dt>
            <dd>
              {clinic.name}, {clinic.addressText}
              <br />
              <a href={clinic.mapLink} target="_blank" rel="noopener noreferrer">
                {m.openMap}
              </a>
            </dd>
          </dl>
        </section>

        {confirmCancel && data.canCancel && (
          // UI-10: the second step of cancelling: the post that cancels, or back to the page.
          <section className="manage-card manage-confirm" aria-labelledby="manage-confirm">
            <h2 id="manage-confirm">{m.cancelConfirmTitle}</h2>
            <form method="post" action={action('cancel')} className="manage-form">
              <p>{fmt(m.cancelConfirmText, { when: when(data.preferredDate, data.preferredTime) })}</p>
              <div className="manage-confirm-actions">
                <button type="submit" className="button button-danger">
                  {m.cancelConfirmSubmit}
                </button>
                <a href={`/appointment/${token}`} className="button button-outline">
                  {m.cancelKeep}
                </a>
              </div>
            </form>
          </section>
        )}

        {data.canRequest && !(confirmCancel && data.canCancel) && (
          <section className="manage-card" aria-labelledby="manage-request">
            <h2 id="manage-request">{m.requestTitle}</h2>
            {data.requested ? (
              // BOOK-16: one open request at a time (the notice above says it already after a refused post).
              done !== 'already-requested' && <p>{withPhoneLink(m.outcomes.alreadyRequested, {})}</p>
            ) : data.openSlots.length > 0 ? (
              <form method="post" action={action('request')} className="manage-form">
                <label htmlFor="manage-slot">{m.openTimes}</label>
                <select id="manage-slot" name="slot" required defaultValue="">
                  <option value="" disabled>
                    {m.chooseTime}
                  </option>
                  {data.openSlots.map((d) => (
                    <optgroup key={d.date} label={date(d.date)}>
                      {d.times.map((time) => (
                        <option key={time} value={`${d.date}T${time}`}>
                          {when(d.date, time)}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
                <button type="submit" className="button button-primary">
                  {m.requestSubmit}
                </button>
              </form>
            ) : (
              <p>{withPhoneLink(m.noOpenTimes, {})}</p>
            )}
          </section>
        )}

        {data.canRequest && !(confirmCancel && data.canCancel) && (
          <section className="manage-card" aria-labelledby="manage-cancel">
            <h2 id="manage-cancel">{m.cancelTitle}</h2>
            {data.canCancel ? (
              // UI-10: a link to the confirmation step, not the post itself: one tap never cancels.
              <div className="manage-form">
                <p>{fmt(m.cancelHint, hours)}</p>
                <a href={action('cancel')} className="button button-outline">
                  {m.cancelSubmit}
                </a>
              </div>
            ) : (
              <p>{withPhoneLink(m.cancelTooLate, hours)}</p>
            )}
          </section>
        )}
      </div>
    </>
  );
}

function Page({ route }: { route: Route }) {
  if (route.name !== 'manage') return null;
  return <ManageAppointment token={route.token} done={route.done} confirmCancel={route.confirmCancel === true} />;
}

export const manageAppointmentPage: PageModule = {
  Page,
  // BOOK-14: never indexed; the title names nobody.
  head: (_route, pathname, _read, _origin, { t }) => notFoundHead(t.manage.headTitle, fmt(t.manage.headDescription, { name: clinic.name }), pathname),
};
