import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { plural } from '../../../hooks/use-list-state';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Skeleton } from 'antd';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { isOpenBooking, timeSlotLabel } from '../../../../../../shared/constants/booking';
import { clinicToday } from '../../../../../../shared/domain/clinic-time';
import { formatDate } from '../../../../../../shared/domain/dates';
import type { Appointment } from '../../../../../../shared/schemas/appointment';
import { closedDateSchema, type ClosedDateListItem, type ClosedDatePayload } from '../../../../../../shared/schemas/clinic-settings';
import { ConfirmDialog, useConfirmAction } from '../../../components/confirm-dialog';
import { TextField } from '../../../components/form-fields';
import { applyServerFieldErrors } from '../../../components/server-errors';
import { AppointmentStatusBadge } from '../../../components/status-badge';
import { useToast } from '../../../components/toasts';
import { useCalendar } from '../api/get-calendar';
import { fullName, useAppointmentActions } from './appointment-actions';
import { useAddClosedDate, useClosedDates, useRemoveClosedDate } from '../api/closed-dates';
import { clockNow } from '../../../../lib/clock';
import { formatPhone } from '../../../../../../shared/domain/phone';

// SET-6: closed dates (holidays) with a reason. Adding a date that holds bookings lists them, each with
// Reschedule, so the receptionist can move them; the public form refuses the date with the reason.

const resolver = zodResolver(closedDateSchema);

export function ClosedDatesPanel() {
  const today = clinicToday(clockNow());
  const list = useClosedDates(today);
  const add = useAddClosedDate();
  const toast = useToast();
  const actions = useAppointmentActions();
  const [affected, setAffected] = useState<{ date: string; rows: Appointment[] } | null>(null);
  const form = useForm<ClosedDatePayload>({ resolver, defaultValues: { date: '', reason: '' } });
  const remove = useConfirmAction({
    mutation: useRemoveClosedDate(),
    variables: (d: ClosedDateListItem) => d.date,
    success: (d) => ['Closed date removed', `The clinic is open again on ${formatDate(d.date)}.`],
    failure: 'Error removing closed date',
  });

  const onSubmit = form.handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: (created) => {
        form.reset({ date: '', reason: '' });
        setAffected(created.affected.length ? { date: created.date, rows: created.affected } : null);
        toast.success(
          'Closed date added',
          created.affected.length
            ? `${formatDate(created.date)} is closed. ${plural(created.affected.length, 'booking', 'bookings')} on that day ${created.affected.length === 1 ? 'needs' : 'need'} a new time.`
            : `${formatDate(created.date)} is closed: ${created.reason}.`,
        );
      },
      onError: (err) => {
        applyServerFieldErrors(err, form.setError, ['date', 'reason']);
        toast.failure('Error adding closed date', err);
      },
    }),
  );

  // Read back from the calendar, so an appointment leaves the list once it is rescheduled.
  const day = useCalendar(affected?.date ?? today, affected?.date ?? today, affected !== null);
  const stillThere = affected
    ? (day.data?.days.flatMap((d) => d.slots.flatMap((s) => s.appointments)).filter((a) => isOpenBooking(a.status)) ?? affected.rows)
    : [];

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="form-grid closed-date-form">
        <TextField control={form.control} name="date" id="closed-date" label="Date" required type="date" min={today} />
        <TextField control={form.control} name="reason" id="closed-reason" label="Reason" required placeholder="e.g. Diwali" autoComplete="off" />
        <div className="span-2">
          <Button htmlType="submit" icon={<PlusOutlined aria-hidden="true" />} loading={add.isPending}>
            Add Closed Date
          </Button>
        </div>
      </form>

      {affected && stillThere.length > 0 && (
        <section className="book-anyway settings-section" aria-labelledby="affected-heading">
          <h3 id="affected-heading">
            {plural(stillThere.length, 'booking', 'bookings')} on {formatDate(affected.date)} {stillThere.length === 1 ? 'needs' : 'need'} a new time
          </h3>
          <ul className="closed-list">
            {stillThere.map((a) => (
              <li key={a.id} className="closed-item">
                <div className="row-main">
                  <strong>{fullName(a)}</strong> · {timeSlotLabel(a.preferredTime)} · {formatPhone(a.phone)}
                </div>
                <AppointmentStatusBadge status={a.status} />
                <Button size="small" onClick={() => actions.handlers.onReschedule(a)} aria-label={`Reschedule ${fullName(a)}'s appointment`}>
                  Reschedule
                </Button>
              </li>
            ))}
          </ul>
          <Button size="small" onClick={() => setAffected(null)}>
            Done
          </Button>
        </section>
      )}

      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : list.isError ? (
        <p className="inline-error">Unable to load the closed dates.</p>
      ) : list.data.items.length === 0 ? (
        <p className="muted settings-section">No upcoming closed dates.</p>
      ) : (
        <ul className="closed-list" aria-label="Upcoming closed dates">
          {list.data.items.map((d) => (
            <li key={d.date} className="closed-item">
              <div className="row-main">
                <strong>{formatDate(d.date)}</strong> — {d.reason}
              </div>
              {d.bookings > 0 && <span className="badge badge-amber">{plural(d.bookings, 'booking', 'bookings')} to move</span>}
              <Button danger size="small" icon={<DeleteOutlined aria-hidden="true" />} onClick={() => remove.ask(d)} aria-label={`Remove closed date ${formatDate(d.date)}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog {...remove.dialogProps} title="Open the clinic on this date?" confirmLabel="Remove Closed Date" cancelLabel="Keep Closed">
        {remove.item && (
          <p>
            {formatDate(remove.item.date)} ({remove.item.reason}) will be bookable again on the website.
          </p>
        )}
      </ConfirmDialog>
      {actions.dialogs}
    </>
  );
}
