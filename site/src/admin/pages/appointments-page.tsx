import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Segmented } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { clinicToday, isValidDateString } from '../../../../shared/domain/clinic-time';
import { formatWeekdayLongDate } from '../../../../shared/domain/dates';
import { appointmentsQueryOptions, useAppointments } from '../features/appointments/api/get-appointments';
import type { Appointment } from '../../../../shared/schemas/appointment';
import { useBillVisit } from '../features/invoices/components/bill-visit';
import { useAppointmentActions, type AppointmentHandlers } from '../features/appointments/components/appointment-actions';
import { AppointmentRow } from '../features/appointments/components/appointment-row';
import { DayView, WeekView } from '../features/appointments/components/calendar-views';
import { NewAppointmentDialog } from '../features/appointments/components/new-appointment-dialog';
import { ExportButton } from '../features/export/components/export-button';
import type { Page } from '../api/paged-list';
import { FilterSelect, ListScreen } from '../components/list-screen';
import { PageHeader } from '../components/page-header';
import { filterValue, plural, useListState } from '../hooks/use-list-state';
import { useItemDialog } from '../hooks/use-item-dialog';
import { usePageTitle } from '../hooks/use-page-title';
import { clockNow } from '../../lib/clock';

export const APPOINTMENTS_PAGE_SIZE = 30;

const statusOptions = [
  { value: 'all', label: 'All Status' },
  { value: 'pending', label: 'Pending' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'no-show', label: 'No-show' },
];

type Scope = 'upcoming' | 'all';
type View = 'list' | 'day' | 'week';

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

/** The page's rows grouped by day, each headed by its long date and count (APPT-7). */
function AppointmentGroups({ page, handlers }: { page: Page<Appointment>; handlers: AppointmentHandlers }) {
  const groups = groupByDate(page.rows);
  return groups.map((group, index) => {
    const continues = index === groups.length - 1 && page.hasMore;
    return (
      <section key={group.date} className="date-group" aria-labelledby={`day-${group.date}`}>
        <h2 id={`day-${group.date}`} className="date-heading">
          <span>{isValidDateString(group.date) ? formatWeekdayLongDate(group.date) : group.date}</span>
          <span className="badge badge-blue">
            {plural(group.rows.length, 'appointment', 'appointments')}
            {continues ? ' (more on the next page)' : ''}
          </span>
        </h2>
        <ul className="row-list">
          {group.rows.map((a) => (
            <AppointmentRow key={a.id} appointment={a} handlers={handlers} full />
          ))}
        </ul>
      </section>
    );
  });
}

const viewOptions = [
  { value: 'list' as const, label: 'List' },
  { value: 'day' as const, label: 'Day' },
  { value: 'week' as const, label: 'Week' },
];

// APPT-7 Appointments with APPT-3's transitions, and the front desk's Day and Week views (APPT-14). The list
// pages through the server (API-7); by default it starts today (Upcoming) so the receptionist sees what is
// next, and "All dates" goes back to the first.
export function AppointmentsPage() {
  usePageTitle('Appointments');
  // MAIL-12: the clinic's emails link here with ?q= (the patient's name), so the list opens on them.
  const [params] = useSearchParams();
  const state = useListState<{ status: string; scope: Scope; view: View }>({ status: 'all', scope: 'upcoming', view: 'list' }, params.get('q') ?? '');
  const { status, scope, view } = state.filters;
  const billing = useBillVisit();
  const actions = useAppointmentActions({ onBill: billing.onBill });
  const booking = useItemDialog<null>({ newParam: true });
  const from = scope === 'upcoming' ? clinicToday(clockNow()) : undefined;

  const list = useAppointments({
    q: state.q,
    page: state.page,
    pageSize: APPOINTMENTS_PAGE_SIZE,
    filters: { status: filterValue(status), from },
  });

  // APPT-8: with no search or filter, an empty list says "No appointments booked yet." when the clinic has
  // none at all; Upcoming, empty while earlier ones exist, says where they are. One row of all dates tells.
  const upcomingEmpty = scope === 'upcoming' && !state.q && status === 'all' && state.page === 1 && list.data?.rows.length === 0;
  const anyBooked = useQuery({ ...appointmentsQueryOptions({ q: '', page: 1, pageSize: 1 }), enabled: upcomingEmpty });
  const emptyText =
    state.q || status !== 'all'
      ? 'No appointments found matching your criteria.'
      : scope === 'upcoming' && anyBooked.data?.rows.length !== 0
        ? 'No upcoming appointments. Choose "All dates" to see earlier ones.'
        : 'No appointments booked yet.';

  const headerActions = (
    <>
      <Segmented<View> aria-label="View" value={view} onChange={(value) => state.setFilter('view', value)} options={viewOptions} />
      {view === 'list' && <ExportButton resource="appointments" filters={{ q: state.q, status: filterValue(status), from }} />}
      <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={booking.openNew}>
        New Appointment
      </Button>
    </>
  );
  const dialogs = (
    <>
      {actions.dialogs}
      {billing.dialog}
      <NewAppointmentDialog open={booking.open} onClose={booking.close} />
    </>
  );

  if (view !== 'list') {
    return (
      <>
        <PageHeader title="Appointments" description="The clinic's day and week by time slot." actions={headerActions} />
        {view === 'day' ? <DayView handlers={actions.handlers} /> : <WeekView handlers={actions.handlers} />}
        {dialogs}
      </>
    );
  }

  return (
    <ListScreen
      title="Appointments"
      description="Book, approve, complete, move or cancel appointments and send follow-ups."
      actions={headerActions}
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
      items={{ render: (page) => <AppointmentGroups page={page} handlers={actions.handlers} /> }}
    >
      {dialogs}
    </ListScreen>
  );
}
