import { Link } from 'react-router-dom';
import { formatDate } from '../../../../shared/domain/dates';
import { formatRupeesExact } from '../../../../shared/domain/money';
import { DUES_BUCKETS, type DuesReport } from '../../../../shared/schemas/desk-reports';
import { useDuesReport, useSaveDeskReportCsv } from '../features/reports/api/desk-reports';
import { ReportScreen } from '../features/reports/components/report-screen';
import { usePastDayChoice } from '../features/reports/components/past-day-choice';
import '../features/invoices/billing.css';
import { usePlatform } from '../platform/platform-context';
import { formatPhone } from '../../../../shared/domain/phone';

const money = (n: number) => formatRupeesExact(n);

function Report({ report }: { report: DuesReport }) {
  const t = report.totals;
  return (
    <>
      <dl className="report-cards">
        <div className="panel">
          <dt>Owed</dt>
          <dd data-testid="dues-owed">{money(t.owed)}</dd>
        </div>
        <div className="panel">
          <dt>Over 90 days</dt>
          <dd>{money(t.days90plus)}</dd>
        </div>
        <div className="panel">
          <dt>Unused credit</dt>
          <dd>{money(t.credit)}</dd>
        </div>
        <div className="panel">
          <dt>Net due</dt>
          <dd data-testid="dues-net">{money(t.netDue)}</dd>
        </div>
      </dl>
      <section className="panel report-section" aria-labelledby="dues-heading">
        <h2 id="dues-heading">Who owes what, by age of the debt</h2>
        {report.rows.length === 0 ? (
          <p className="muted">Nobody owes anything, and nobody has unused credit.</p>
        ) : (
          <div className="table-scroll" role="region" aria-labelledby="dues-heading" tabIndex={0}>
            <table className="report-table">
              <thead>
                <tr>
                  <th scope="col" className="text">Patient</th>
                  {DUES_BUCKETS.map((b) => (
                    <th key={b.key} scope="col">
                      {b.label}
                    </th>
                  ))}
                  <th scope="col">Owed</th>
                  <th scope="col">Credit</th>
                  <th scope="col">Net due</th>
                </tr>
              </thead>
              <tbody>
                {report.rows.map((r) => (
                  <tr key={r.patientId ?? `invoice-${r.invoices[0]?.id}`} data-testid="dues-row">
                    <th scope="row" className="text">
                      {r.patientId ? <Link to={`/patients/${r.patientId}`}>{r.name}</Link> : r.name}
                      {r.phone && <span className="dues-invoices">{formatPhone(r.phone)}</span>}
                      {r.invoices.length > 0 && (
                        <span className="dues-invoices">
                          {r.invoices.map((i) => (
                            <Link key={i.id} to={`/invoices/${i.id}/print`} title={`${formatDate(i.issueDate)}, ${i.ageDays} days`}>
                              {i.invoiceNumber}
                            </Link>
                          ))}
                        </span>
                      )}
                    </th>
                    {DUES_BUCKETS.map((b) => (
                      <td key={b.key}>{r[b.key] ? money(r[b.key]) : '—'}</td>
                    ))}
                    <td>{money(r.owed)}</td>
                    <td>{r.credit ? money(r.credit) : '—'}</td>
                    <td className={r.netDue < 0 ? 'negative' : undefined}>{money(r.netDue)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" className="text">Total</th>
                  {DUES_BUCKETS.map((b) => (
                    <td key={b.key}>{money(t[b.key])}</td>
                  ))}
                  <td>{money(t.owed)}</td>
                  <td>{money(t.credit)}</td>
                  <td>{money(t.netDue)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </section>
      <p className="muted small">
        Balances as they stood on {formatDate(report.asOf)}, aged from each invoice&apos;s date; unused credit is money received as advances and not yet
        applied or refunded. A negative net due means the clinic holds the patient&apos;s money.
      </p>
    </>
  );
}

// INV-32, INV-33 Dues (owner): who owes what, by age of the debt, less unused credit, with the CSV.
export function DuesPage() {
  const platform = usePlatform();
  const [asOf, asOfField] = usePastDayChoice('dues-as-of', 'As of');
  return (
    <ReportScreen
      title="Dues"
      description="Unpaid invoice balances per patient, by the age of the debt, less their unused credit."
      csv={useSaveDeskReportCsv(platform)}
      csvFor={{ report: 'dues' as const, date: asOf }}
      report={useDuesReport(asOf)}
      errorText="Unable to load the dues report."
      choices={asOfField}
    >
      {(report) => <Report report={report} />}
    </ReportScreen>
  );
}
