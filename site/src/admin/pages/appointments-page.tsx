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
import { Button, Segmented, Select } from 'antd';
import { memo, useCallback, useState } from 'react';
import { timeSlotLabel, treatmentLabel, type AppointmentStatus } from '../../../../shared/constants/booking';
import { clinicToday, formatLongUsDate, isValidDateString } from '../../../../shared/domain/clinic-time';
import { useCancelAppointment } from '../features/appointments/api/cancel-appointment';
import { useDeleteAppointment } from '../features/appointments/api/delete-appointment';
import { useAppointments } from '../features/appointments/api/get-appointments';
import type { Appointment } from '../../../../shared/schemas/appointment';
import { useUpdateAppointmentStatus } from '../features/appointments/api/update-appointment-status';
import { FollowUpDialog } from '../features/appointments/components/follow-up-dialog';
import { countText } from '../api/paged-list';
import { ConfirmDialog } from '../components/confirm-dialog';
import { EmptyState, ErrorState, ListSkeleton } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { SearchField } from '../components/search-field';
import { AppointmentStatusBadge } from '../components/status-badge';
import { useToast } from '../components/use-toast';
import { plural, useListState } from '../hooks/use-list-state';
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

// Memoised: typing in the search box re-renders the page, not the rows already on screen.
const AppointmentRow = memo(function AppointmentRow({
  appointment: a,
  onStatus,
  onCancel,
  onDelete,
  onFollowUp,
  busy,
}: {
  appointment: Appointment;
  onStatus: (a: Appointment, status: AppointmentStatus) => void;
  onCancel: (a: Appointment) => void;
  onDelete: (a: Appointment) => void;
  onFollowUp: (a: Appointment) => void;
  busy: boolean;
}) {
  const status = a.status.toLowerCase();
  const name = fullName(a);
  return (
    <li className="list-row appointment-row">
      <div className="row-main">
        <div className="row-title-line">
          <p className="row-title">{name}</p>
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
          <Button type="primary" icon={<CheckCircleOutlined aria-hidden="true" />} disabled={busy} onClick={() => onStatus(a, 'completed')} aria-label={`Mark ${name}'s appointment completed`}>
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

// SPEC 2 Appointments with SPEC 4's transitions. The list pages through the server (D10); by default it
// starts today (Upcoming) so the receptionist sees what is next, and "All dates" goes back to the first.
export function AppointmentsPage() {
  usePageTitle('Appointments');
  const toast = useToast();
  const { search, setSearch, q, page, setPage, typing } = useListState();
  const [status, setStatus] = useState('all');
  const [scope, setScope] = useState<Scope>('upcoming');
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const [deleting, setDeleting] = useState<Appointment | null>(null);
  const [followUp, setFollowUp] = useState<Appointment | null>(null);

  const list = useAppointments({
    q,
    page,
    pageSize: APPOINTMENTS_PAGE_SIZE,
    filters: { status: status === 'all' ? undefined : status, from: scope === 'upcoming' ? clinicToday() : undefined },
  });
  const updateStatus = useUpdateAppointmentStatus();
  const cancel = useCancelAppointment();
  const remove = useDeleteAppointment();

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

  const rows = list.data?.rows ?? [];
  const groups = groupByDate(rows);
  const filtered = Boolean(q) || status !== 'all';
  const emptyText = filtered
    ? 'No appointments found matching your criteria.'
    : scope === 'upcoming'
      ? 'No upcoming appointments. Choose "All dates" to see earlier ones.'
      : 'No appointments booked yet.';
  const count = countText(list.data);

  return (
    <>
      <PageHeader title="Appointments" description="Approve, complete or cancel bookings and send follow-ups." />
      <div className="toolbar">
        <SearchField
          id="appointment-search"
          label="Search appointments"
          placeholder="Search by name, email, phone or treatment..."
          value={search}
          onChange={setSearch}
        />
        <div className="toolbar-filter">
          <label htmlFor="appointment-status" className="visually-hidden">
            Filter by status
          </label>
          <Select
            id="appointment-status"
            value={status}
            options={statusOptions}
            onChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
            style={{ minWidth: 150 }}
          />
        </div>
        <Segmented<Scope>
          aria-label="Which dates"
          value={scope}
          onChange={(value) => {
            setScope(value);
            setPage(1);
          }}
          options={[
            { value: 'upcoming', label: 'Upcoming' },
            { value: 'all', label: 'All dates' },
          ]}
        />
      </div>

      {list.isPending ? (
        <ListSkeleton count={3} label="Loading appointments" />
      ) : list.isError ? (
        <ErrorState text="Unable to load appointments." />
      ) : rows.length === 0 && page === 1 ? (
        <EmptyState text={emptyText} />
      ) : (
        <>
          <p className="count-line" aria-live="polite">
            {plural(count ?? '0', 'appointment', 'appointments')} found
          </p>
          <div aria-busy={list.isFetching || typing}>
            {groups.map((group, index) => {
              const continues = index === groups.length - 1 && list.data?.hasMore;
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
                      <AppointmentRow
                        key={a.id}
                        appointment={a}
                        busy={updateStatus.isPending && updateStatus.variables?.id === a.id}
                        onStatus={onStatus}
                        onCancel={setCancelling}
                        onDelete={setDeleting}
                        onFollowUp={setFollowUp}
                      />
                    ))}
                  </ul>
                </section>
              );
            })}
          </div>
          <Pager page={list.data} onChange={setPage} label="Appointment pages" />
        </>
      )}

      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel appointment?"
        confirmLabel="Cancel Appointment"
        cancelLabel="Keep Appointment"
        pending={cancel.isPending}
        onCancel={() => setCancelling(null)}
        onConfirm={() =>
          cancelling &&
          cancel.mutate(cancelling.id, {
            onSuccess: () => {
              toast.success('Appointment cancelled', 'The appointment has been cancelled and a notification sent to patient.');
              setCancelling(null);
            },
            onError: (err) => toast.failure('Error cancelling appointment', err),
          })
        }
      >
        {cancelling && (
          <p>
            Cancel <strong>{fullName(cancelling)}</strong>&apos;s appointment on {when(cancelling)}? The patient will be notified by
            email.
          </p>
        )}
      </ConfirmDialog>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete appointment permanently?"
        confirmLabel="Delete Permanently"
        cancelLabel="Cancel"
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success('Appointment deleted', 'The appointment has been permanently deleted.');
              setDeleting(null);
            },
            onError: (err) => toast.failure('Error deleting appointment', err),
          })
        }
      >
        {deleting && (
          <p>
            <strong>{fullName(deleting)}</strong>&apos;s appointment on {when(deleting)} will be permanently deleted. This cannot be undone,
            and the patient will not be notified.
          </p>
        )}
      </ConfirmDialog>

      <FollowUpDialog appointment={followUp} onClose={() => setFollowUp(null)} />
    </>
  );
}
