import {
  CalendarOutlined,
  ClockCircleOutlined,
  FileTextOutlined,
  PictureOutlined,
  PlusOutlined,
  RightOutlined,
  TeamOutlined,
  UserAddOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Skeleton } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { timeSlotLabel, treatmentLabel } from '../../../../shared/constants/booking';
import { formatDate } from '../../../../shared/domain/dates';
import { useBillVisit } from '../features/invoices/components/bill-visit';
import { TodayBoard } from '../features/appointments/components/today-board';
import { NewAppointmentDialog } from '../features/appointments/components/new-appointment-dialog';
import { RecallPanel } from '../features/recall/components/recall-panel';
import { UnsignedNotesPanel } from '../features/record/components/unsigned-notes-panel';
import { RemindersPanel } from '../features/reminders/components/reminders-panel';
import { formatRupees } from '../../../../shared/domain/money';
import { useRecentAppointments } from '../features/dashboard/api/get-recent-appointments';
import { useStats } from '../features/dashboard/api/get-stats';
import { ErrorState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { AppointmentStatusBadge } from '../components/status-badge';
import { usePageTitle } from '../hooks/use-page-title';
import { useCan } from '../session/use-can';

// ADMIN-13: the charts' code (visx) is a chunk of its own, fetched only when the owner opens the dashboard.
const DashboardCharts = lazy(() => import('../features/dashboard/components/dashboard-charts').then((m) => ({ default: m.DashboardCharts })));

function StatCard({ label, value, icon, tone, loading }: { label: string; value: ReactNode; icon: ReactNode; tone: string; loading: boolean }) {
  return (
    <div className={`stat-card tone-${tone}`}>
      <div className="stat-icon" aria-hidden="true">
        {icon}
      </div>
      <div>
        <p className="stat-label">{label}</p>
        {loading ? <Skeleton.Input active size="small" /> : <p className="stat-value">{value}</p>}
      </div>
    </div>
  );
}

const quickActions = [
  { to: '/patients?new=1', label: 'Add Patient', icon: <UserAddOutlined /> },
  { to: '/invoices?new=1', label: 'Create Invoice', icon: <PlusOutlined /> },
  { to: '/gallery-admin', label: 'Manage Gallery', icon: <PictureOutlined />, needs: 'content' as const },
];

// ADMIN-9 Dashboard: four stat cards (revenue in rupees without decimals), quick actions, the 5 most recent
// appointments with View All; the front desk's New Appointment dialog and today's schedule (ADMIN-12).
export function DashboardPage() {
  usePageTitle('Dashboard');
  const stats = useStats();
  const recent = useRecentAppointments();
  const s = stats.data;
  const canManageContent = useCan('content');
  const canSeeReports = useCan('reports');
  const dash = stats.isError ? '—' : '';
  const [booking, setBooking] = useState(false);
  const billing = useBillVisit();

  return (
    <>
      <PageHeader title="Dashboard" description="Today at the clinic at a glance." />
      <section className="stat-grid" aria-label="Clinic figures">
        <StatCard label="Total Patients" tone="teal" icon={<TeamOutlined />} loading={stats.isPending} value={s ? s.totalPatients.toLocaleString('en-IN') : dash} />
        <StatCard
          label="Today's Appointments"
          tone="blue"
          icon={<CalendarOutlined />}
          loading={stats.isPending}
          value={s ? s.todayAppointments.toLocaleString('en-IN') : dash}
        />
        <StatCard
          label="Pending Invoices"
          tone="amber"
          icon={<FileTextOutlined />}
          loading={stats.isPending}
          value={s ? s.pendingInvoices.toLocaleString('en-IN') : dash}
        />
        {/* AUTH-16: the owner's figure; the server sends it to the owner only. */}
        {canSeeReports && (
          <StatCard label="Monthly Revenue" tone="green" icon={<WalletOutlined />} loading={stats.isPending} value={s ? formatRupees(s.monthlyRevenue ?? 0) : dash} />
        )}
      </section>
      {stats.isError && <p className="inline-error">Unable to load the clinic figures.</p>}

      {canSeeReports && (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
          <DashboardCharts />
        </Suspense>
      )}
      <TodayBoard onBill={billing.onBill} />
      {billing.dialog}
      <UnsignedNotesPanel />
      <RemindersPanel />
      <RecallPanel />
      <NewAppointmentDialog open={booking} onClose={() => setBooking(false)} />

      <div className="dashboard-columns">
        <section className="panel" aria-labelledby="quick-actions-heading">
          <h2 id="quick-actions-heading">Quick Actions</h2>
          <div className="quick-actions">
            <button type="button" className="quick-action" onClick={() => setBooking(true)}>
              <span aria-hidden="true">
                <CalendarOutlined />
              </span>
              New Appointment
            </button>
            {quickActions.filter((a) => !('needs' in a) || canManageContent).map((a) => (
              <Link key={a.label} to={a.to} className="quick-action">
                <span aria-hidden="true">{a.icon}</span>
                {a.label}
              </Link>
            ))}
          </div>
        </section>

        <section className="panel" aria-labelledby="recent-heading">
          <div className="panel-heading">
            <h2 id="recent-heading">Recent Appointments</h2>
            <Link to="/appointments" className="view-all">
              View All <RightOutlined aria-hidden="true" />
            </Link>
          </div>
          {recent.isPending ? (
            <Skeleton active paragraph={{ rows: 4 }} />
          ) : recent.isError ? (
            <ErrorState text="Unable to load appointments." />
          ) : recent.data.length === 0 ? (
            <p className="muted">No appointments booked yet.</p>
          ) : (
            <ul className="recent-list">
              {/* ADMIN-9: the first five the answer holds, whatever its length. */}
              {recent.data.slice(0, 5).map((a) => (
                <li key={a.id} className="recent-item">
                  <div>
                    <p className="recent-name">
                      {a.firstName} {a.lastName}
                    </p>
                    <p className="muted small">{treatmentLabel(a.treatment)}</p>
                    <p className="muted small">
                      <ClockCircleOutlined aria-hidden="true" /> {formatDate(a.preferredDate)}, {timeSlotLabel(a.preferredTime)}
                    </p>
                  </div>
                  <AppointmentStatusBadge status={a.status} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
