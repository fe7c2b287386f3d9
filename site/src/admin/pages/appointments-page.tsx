import {
  CheckCircleOutlined,
  CheckOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  DeleteOutlined,
  MailOutlined,
  MedicineBoxOutlined,
  PhoneOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { Button, Segmented } from 'antd';
import { memo, useCallback, useState } from 'react';
import { timeSlotLabel, treatmentLabel, type AppointmentStatus } from '../../../../shared/constants/booking';
import { clinicToday, formatLongUsDate, isValidDateString } from '../../../../shared/domain/clinic-time';
import { useCancelAppointment } from '../features/appointments/api/cancel-appointment';
import { useDeleteAppointment } from '../features/appointments/api/delete-appointment';
import { useAppointments } from '../features/appointments/api/get-appointments';
import type { Appointment } from '../../../../shared/schemas/appointment';
import { useUpdateAppointmentStatus } from '../features/appointments/api/update-appointment-status';
import { FollowUpDialog } from '../features/appointments/components/follow-up-dialog';
import type { Page } from '../api/paged-list';
import { ConfirmDialog, useConfirmAction } from '../components/confirm-dialog';
import { FilterSelect, ListScreen } from '../components/list-screen';
import { AppointmentStatusBadge } from '../components/status-badge';
import { useToast } from '../components/toasts';
import { filterValue, plural, useListState } from '../hooks/use-list-state';
import { usePageTitle } from '../hooks/use-page-title';

export const APPOINTMENTS_PAGE_SIZE = 30;

const statusOptions = [
  { value: 'all', label: 'All Status' },
  { value: 'pending', label: 'Pending' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
];

type Scope = 'upcoming' | 'all';

function fullName(a: Appointment): string {
  return `${a.firstName} ${a.lastName}`;
}

function when(a: Appointment): string {
  const date = isValidDateString(a.preferredDate) ? formatLongUsDate(a.preferredDate) : a.preferredDate;
  return `${date} at ${timeSlotLabel(a.preferredTime)}`;
}

/** The page's rows by preferred date; the server already sorts them by date and time, ascending. */
function groupByDate(rows: Appointment[]): { date: string; rows: Appointment[] }[] {
  const groups: { date: string; rows: Appointment[] }[] = [];
  for (const row of rows) {
    const last = groups.at(-1);
    if (last && last.date === row.preferredDate) last.rows.push(row);
    else groups.push({ date: row.preferredDate, rows: [row] });
  }
  return groups.sort((a, b) => a.date.localeCompare(b.date));
}

interface RowProps {
  appointment: Appointment;
  onStatus: (a: Appointment, status: AppointmentStatus) => void;
  onCancel: (a: Appointment) => void;
  onDelete: (a: Appointment) => void;
  onFollowUp: (a: Appointment) => void;
  busy: boolean;
}

// Memoised: typing in the search box re-renders the page, not the rows already on screen.
const AppointmentRow = memo(function AppointmentRow({ appointment: a, onStatus, onCancel, onDelete, onFollowUp, busy }: RowProps) {
  const status = a.status.toLowerCase();
  const name = fullName(a);
  return (
    <li className="list-row appointment-row">
      <div className="row-main">
        <div className="row-title-line">
          <p className="row-title" id={`appointment-${a.id}-name`}>
            {name}
          </p>
          <AppointmentStatusBadge status={a.status} />
        </div>
        <p className="row-meta">
          <span>
            <ClockCircleOutlined aria-hidden="true" /> {timeSlotLabel(a.preferredTime)}
          </span>
          <span>
            <MedicineBoxOutlined aria-hidden="true" /> {treatmentLabel(a.treatment)}
          </span>
          <span>
            <PhoneOutlined aria-hidden="true" /> {a.phone}
          </span>
          <span>
            <MailOutlined aria-hidden="true" /> {a.email}
          </span>
        </p>
        {a.notes && <p className="row-notes">Notes: {a.notes}</p>}
      </div>
      <div className="row-actions">
        {status === 'pending' && (
          <Button type="primary" icon={<CheckOutlined aria-hidden="true" />} disabled={busy} onClick={() => onStatus(a, 'confirmed')} aria-label={`Approve ${name}'s appointment`}>
            Approve
          </Button>
        )}
        {status === 'confirmed' && (
          // Named by its words (WCAG 2.5.3); the row's patient is its description.
          <Button
            type="primary"
            icon={<CheckCircleOutlined aria-hidden="true" />}
            disabled={busy}
            onClick={() => onStatus(a, 'completed')}
            aria-describedby={`appointment-${a.id}-name`}
          >
            Mark Completed
          </Button>
        )}
        {status === 'completed' && (
          <Button icon={<SendOutlined aria-hidden="true" />} onClick={() => onFollowUp(a)} aria-label={`Send follow-up to ${name}`}>
            Send Follow-up
          </Button>
        )}
        {(status === 'pending' || status === 'confirmed') && (
          <Button icon={<CloseCircleOutlined aria-hidden="true" />} disabled={busy} onClick={() => onCancel(a)} aria-label={`Cancel ${name}'s appointment`}>
            Cancel
          </Button>
        )}
        <Button danger icon={<DeleteOutlined aria-hidden="true" />} onClick={() => onDelete(a)} aria-label={`Delete ${name}'s appointment`}>
          <span className="label-wide">Delete</span>
        </Button>
      </div>
    </li>
  );
});

/** The page's rows grouped by day, each headed by its long date and count (SPEC 2). */
function AppointmentGroups({ page, rowProps }: { page: Page<Appointment>; rowProps: Omit<RowProps, 'appointment' | 'busy'> & { busyId: number | null } }) {
  const groups = groupByDate(page.rows);
  const { busyId, ...handlers } = rowProps;
  return groups.map((group, index) => {
    const continues = index === groups.length - 1 && page.hasMore;
    return (
      <section key={group.date} className="date-group" aria-labelledby={`day-${group.date}`}>
        <h2 id={`day-${group.date}`} className="date-heading">
          <span>{isValidDateString(group.date) ? formatLongUsDate(group.date) : group.date}</span>
          <span className="badge badge-blue">
            {plural(group.rows.length, 'appointment', 'appointments')}
            {continues ? ' (more on the next page)' : ''}
          </span>
        </h2>
        <ul className="row-list">
          {group.rows.map((a) => (
            <AppointmentRow key={a.id} appointment={a} busy={busyId === a.id} {...handlers} />
          ))}
        </ul>
      </section>
    );
  });
}

// SPEC 2 Appointments with SPEC 4's transitions. The list pages through the server (D10); by default it
// starts today (Upcoming) so the receptionist sees what is next, and "All dates" goes back to the first.
export function AppointmentsPage() {
  usePageTitle('Appointments');
  const toast = useToast();
  const state = useListState<{ status: string; scope: Scope }>({ status: 'all', scope: 'upcoming' });
  const { status, scope } = state.filters;
  const [followUp, setFollowUp] = useState<Appointment | null>(null);

  const list = useAppointments({
    q: state.q,
    page: state.page,
    pageSize: APPOINTMENTS_PAGE_SIZE,
    filters: { status: filterValue(status), from: scope === 'upcoming' ? clinicToday() : undefined },
  });
  const updateStatus = useUpdateAppointmentStatus();
  const cancel = useConfirmAction({
    mutation: useCancelAppointment(),
    variables: (a: Appointment) => a.id,
    success: () => ['Appointment cancelled', 'The appointment has been cancelled and a notification sent to patient.'],
    failure: 'Error cancelling appointment',
  });
  const remove = useConfirmAction({
    mutation: useDeleteAppointment(),
    variables: (a: Appointment) => a.id,
    success: () => ['Appointment deleted', 'The appointment has been permanently deleted.'],
    failure: 'Error deleting appointment',
  });

  const mutateStatus = updateStatus.mutate;
  const onStatus = useCallback(
    (a: Appointment, next: AppointmentStatus) =>
      mutateStatus(
        { id: a.id, status: next },
        {
          onSuccess: () => toast.success('Status updated', `Appointment status changed to ${next}.`),
          onError: (err) => toast.failure('Error updating status', err),
        },
      ),
    [mutateStatus, toast],
  );

  const emptyText =
    state.q || status !== 'all'
      ? 'No appointments found matching your criteria.'
      : scope === 'upcoming'
        ? 'No upcoming appointments. Choose "All dates" to see earlier ones.'
        : 'No appointments booked yet.';
  const busyId = updateStatus.isPending ? (updateStatus.variables?.id ?? null) : null;

  return (
    <ListScreen
      title="Appointments"
      description="Approve, complete or cancel bookings and send follow-ups."
      search={{ id: 'appointment-search', label: 'Search appointments', placeholder: 'Search by name, email, phone or treatment...' }}
      filters={
        <>
          <FilterSelect
            id="appointment-status"
            label="Filter by status"
            value={status}
            options={statusOptions}
            onChange={(value) => state.setFilter('status', value)}
            minWidth={150}
          />
          <Segmented<Scope>
            aria-label="Which dates"
            value={scope}
            onChange={(value) => state.setFilter('scope', value)}
            options={[
              { value: 'upcoming', label: 'Upcoming' },
              { value: 'all', label: 'All dates' },
            ]}
          />
        </>
      }
      state={state}
      list={list}
      loading={{ count: 3, label: 'Loading appointments' }}
      errorText="Unable to load appointments."
      emptyText={emptyText}
      noun={['appointment', 'appointments']}
      pagerLabel="Appointment pages"
      items={{
        render: (page) => (
          <AppointmentGroups
            page={page}
            rowProps={{ busyId, onStatus, onCancel: cancel.ask, onDelete: remove.ask, onFollowUp: setFollowUp }}
          />
        ),
      }}
    >
      <ConfirmDialog {...cancel.dialogProps} title="Cancel appointment?" confirmLabel="Cancel Appointment" cancelLabel="Keep Appointment">
        {cancel.item && (
          <p>
            Cancel <strong>{fullName(cancel.item)}</strong>&apos;s appointment on {when(cancel.item)}? The patient will be notified by
            email.
          </p>
        )}
      </ConfirmDialog>

      <ConfirmDialog {...remove.dialogProps} title="Delete appointment permanently?" confirmLabel="Delete Permanently" cancelLabel="Cancel">
        {remove.item && (
          <p>
            <strong>{fullName(remove.item)}</strong>&apos;s appointment on {when(remove.item)} will be permanently deleted. This cannot be undone,
            and the patient will not be notified.
          </p>
        )}
      </ConfirmDialog>

      <FollowUpDialog appointment={followUp} onClose={() => setFollowUp(null)} />
    </ListScreen>
  );
}
