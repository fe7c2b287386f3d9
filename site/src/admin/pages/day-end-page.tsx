import { Link } from 'react-router-dom';
import { paymentModeLabel } from '../../../../shared/constants/invoice';
import { clinicNowTime } from '../../../../shared/domain/clinic-time';
import { formatDate } from '../../../../shared/domain/dates';
import { formatRupeesExact } from '../../../../shared/domain/money';
import type { DayEndReport } from '../../../../shared/schemas/desk-reports';
import { timeSlotLabel } from '../../../../shared/constants/booking';
import { useDayEndReport, useSaveDeskReportCsv } from '../features/reports/api/desk-reports';
import { ReportScreen } from '../features/reports/components/report-screen';
import { usePastDayChoice } from '../features/reports/components/past-day-choice';
import '../features/invoices/billing.css';
import { usePlatform } from '../platform/platform-context';

const money = (n: number) => formatRupeesExact(n);
const at = (iso: string) => timeSlotLabel(clinicNowTime(new Date(iso)));

function Report({ report }: { report: DayEndReport }) {
  const t = report.totals;
  return (
    <>
      <dl className="report-cards">
        <div className="panel">
          <dt>Received</dt>
          <dd data-testid="day-end-received">{money(t.received)}</dd>
        </div>
        <div className="panel">
          <dt>Refunds</dt>
          <dd data-testid="day-end-refunds">{money(t.refunds)}</dd>
        </div>
        <div className="panel">
          <dt>Net</dt>
          <dd data-testid="day-end-net">{money(t.net)}</dd>
        </div>
        <div className="panel">
          <dt>Of which advances</dt>
          <dd>{money(t.advances)}</dd>
        </div>
      </dl>

      <section className="panel report-section" aria-labelledby="day-end-modes-heading">
        <h2 id="day-end-modes-heading">By payment mode</h2>
        <div className="table-scroll" role="region" aria-labelledby="day-end-modes-heading" tabIndex={0}>
          <table className="report-table">
            <thead>
              <tr>
                <th scope="col">Mode</th>
                <th scope="col">Received</th>
                <th scope="col">Refunds</th>
                <th scope="col">Net</th>
              </tr>
            </thead>
            <tbody>
              {report.byMode.map((m) => (
                <tr key={m.mode} data-testid={`day-end-mode-${m.mode}`}>
                  <th scope="row">{paymentModeLabel(m.mode)}</th>
                  <td>{money(m.received)}</td>
                  <td>{money(m.refunds)}</td>
                  <td>{money(m.net)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td>{money(t.received)}</td>
                <td>{money(t.refunds)}</td>
                <td>{money(t.net)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      </section>

      <section className="panel report-section" aria-labelledby="day-end-staff-heading">
        <h2 id="day-end-staff-heading">By staff member</h2>
        {report.byStaff.length === 0 ? (
          <p className="muted">No money was recorded on this day.</p>
        ) : (
          <div className="table-scroll" role="region" aria-labelledby="day-end-staff-heading" tabIndex={0}>
            <table className="report-table">
              <thead>
                <tr>
                  <th scope="col">Recorded by</th>
                  <th scope="col">Payments</th>
                  <th scope="col">Received</th>
                  <th scope="col">Refunds</th>
                  <th scope="col">Net</th>
                </tr>
              </thead>
              <tbody>
                {report.byStaff.map((s) => (
                  <tr key={String(s.staffId)}>
                    <th scope="row">{s.name}</th>
                    <td>{s.count}</td>
                    <td>{money(s.received)}</td>
                    <td>{money(s.refunds)}</td>
                    <td>{money(s.net)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="panel report-section" aria-labelledby="day-end-payments-heading">
        <h2 id="day-end-payments-heading">Money received</h2>
        {report.payments.length === 0 ? (
          <p className="muted">Nothing received on this day.</p>
        ) : (
          <div className="table-scroll" role="region" aria-labelledby="day-end-payments-heading" tabIndex={0}>
            <table className="report-table">
              <thead>
                <tr>
                  <th scope="col">Recorded</th>
                  <th scope="col" className="text">Patient</th>
                  <th scope="col" className="text">For</th>
                  <th scope="col" className="text">Mode</th>
                  <th scope="col" className="text">By</th>
                  <th scope="col">Amount</th>
                </tr>
              </thead>
              <tbody>
                {report.payments.map((p) => (
                  <tr key={p.id} data-testid="day-end-payment">
                    <th scope="row">{at(p.recordedAt)}</th>
                    <td className="text">{p.patientId ? <Link to={`/patients/${p.patientId}`}>{p.patientName}</Link> : p.patientName}</td>
                    <td className="text">
                      {p.invoiceId ? <Link to={`/invoices/${p.invoiceId}/print`}>{p.invoiceNumber}</Link> : 'Advance'}
                      {p.reference ? ` · ${p.reference}` : ''}
                    </td>
                    <td className="text">{paymentModeLabel(p.mode)}</td>
                    <td className="text">{p.recordedBy}</td>
                    <td>{money(p.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="panel report-section" aria-labelledby="day-end-refunds-heading">
        <h2 id="day-end-refunds-heading">Refunds</h2>
        {report.refunds.length === 0 ? (
          <p className="muted">No refunds on this day.</p>
        ) : (
          <div className="table-scroll" role="region" aria-labelledby="day-end-refunds-heading" tabIndex={0}>
            <table className="report-table">
              <thead>
                <tr>
                  <th scope="col">Recorded</th>
                  <th scope="col" className="text">Patient</th>
                  <th scope="col" className="text">Of</th>
                  <th scope="col" className="text">Reason</th>
                  <th scope="col" className="text">By</th>
                  <th scope="col">Amount</th>
                </tr>
              </thead>
              <tbody>
                {report.refunds.map((r) => (
                  <tr key={r.id}>
                    <th scope="row">{at(r.recordedAt)}</th>
                    <td className="text">{r.patientName}</td>
                    <td className="text">
                      {r.invoiceNumber ?? 'Advance'} · {paymentModeLabel(r.mode)}
                    </td>
                    <td className="text">{r.reason}</td>
                    <td className="text">{r.recordedBy}</td>
                    <td className="negative">−{money(r.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <p className="muted small">
        Money received on {formatDate(report.date)} (the clinic&apos;s day): invoice payments and advances by the date received. Credit applied from an
        advance is not counted again.
      </p>
    </>
  );
}

// INV-31, INV-33 Day end (owner): the clinic day's money by mode and by staff, refunds and advances, with the CSV.
export function DayEndPage() {
  const platform = usePlatform();
  const [date, dateField] = usePastDayChoice('day-end-date', 'Day');
  return (
    <ReportScreen
      title="Day end"
      description="The day's collection: by payment mode and staff member, refunds and advances."
      csv={useSaveDeskReportCsv(platform)}
      csvFor={{ report: 'day-end' as const, date }}
      report={useDayEndReport(date)}
      errorText="Unable to load the day-end report."
      choices={dateField}
    >
      {(report) => <Report report={report} />}
    </ReportScreen>
  );
}
