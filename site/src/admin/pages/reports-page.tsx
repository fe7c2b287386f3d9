import { Select } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { clinicToday } from '../../../../shared/domain/clinic-time';
import { formatDate, formatMonth } from '../../../../shared/domain/dates';
import type { CancelledInvoiceRow, GstReport } from '../../../../shared/domain/gst-report';
import { formatRupeesExact } from '../../../../shared/domain/money';
import { useGstReport, useSaveGstReportCsv } from '../features/reports/api/gst-report';
import { ReportScreen } from '../features/reports/components/report-screen';
import '../features/invoices/billing.css';
import { usePlatform } from '../platform/platform-context';
import { clockNow } from '../../lib/clock';


/** This month and the 35 before it at the clinic, newest first: yyyy-MM with its name. */
function recentMonths(today: string, count = 36): { value: string; label: string }[] {
  const [y, m] = today.split('-').map(Number);
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    return { value: d.toISOString().slice(0, 7), label: formatMonth(d.toISOString().slice(0, 7)) };
  });
}

const money = (n: number) => formatRupeesExact(n);

function CancelledList({ rows, label }: { rows: CancelledInvoiceRow[]; label: string }) {
  return (
    <ul className="report-cancelled" aria-label={label}>
      {rows.map((row) => (
        <li key={row.id}>
          <Link to={`/invoices/${row.id}/print`}>{row.invoiceNumber}</Link> issued {formatDate(row.issueDate)}
          {row.cancelledOn ? `, cancelled ${formatDate(row.cancelledOn)}` : ''} · {money(row.totalAmount)}
        </li>
      ))}
    </ul>
  );
}

function Report({ report }: { report: GstReport }) {
  const t = report.totals;
  return (
    <>
      <dl className="report-cards">
        <div className="panel">
          <dt>Invoices</dt>
          <dd data-testid="report-invoices">{t.invoices}</dd>
        </div>
        <div className="panel">
          <dt>Invoice value</dt>
          <dd data-testid="report-invoice-value">{money(t.invoiceValue)}</dd>
        </div>
        <div className="panel">
          <dt>Taxable value</dt>
          <dd>{money(t.taxableValue)}</dd>
        </div>
        <div className="panel">
          <dt>GST (CGST + SGST)</dt>
          <dd data-testid="report-total-tax">{money(t.totalTax)}</dd>
        </div>
      </dl>

      <section className="panel report-section" aria-labelledby="report-rates-heading">
        <h2 id="report-rates-heading">Taxable supplies by rate</h2>
        <p className="muted small">GSTR-1 table 7 (B2C, intra-state) and GSTR-3B 3.1(a).</p>
        <div className="table-scroll" role="region" aria-labelledby="report-rates-heading" tabIndex={0}>
          <table className="report-table">
            <thead>
              <tr>
                <th scope="col">GST rate</th>
                <th scope="col">Taxable value</th>
                <th scope="col">CGST</th>
                <th scope="col">SGST</th>
                <th scope="col">Total tax</th>
                <th scope="col">Value</th>
              </tr>
            </thead>
            <tbody>
              {report.rates.map((r) => (
                <tr key={r.rate} data-testid={`report-rate-${r.rate}`}>
                  <th scope="row">{r.rate}%</th>
                  <td>{money(r.taxableValue)}</td>
                  <td>{money(r.cgst)}</td>
                  <td>{money(r.sgst)}</td>
                  <td>{money(r.totalTax)}</td>
                  <td>{money(r.value)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td>{money(t.taxableValue)}</td>
                <td>{money(t.cgst)}</td>
                <td>{money(t.sgst)}</td>
                <td>{money(t.totalTax)}</td>
                <td>{money(t.taxableValue + t.totalTax)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      </section>

      <section className="panel report-section" aria-labelledby="report-untaxed-heading">
        <h2 id="report-untaxed-heading">Supplies without GST</h2>
        <dl className="report-pairs">
          <div>
            <dt>Exempt (health care, SAC 999312)</dt>
            <dd data-testid="report-exempt">{money(report.exemptValue)}</dd>
          </div>
          <div>
            <dt>Nil-rated</dt>
            <dd>{money(report.nilRatedValue)}</dd>
          </div>
          <div>
            <dt>Issued without a GSTIN</dt>
            <dd>{money(report.unregisteredValue)}</dd>
          </div>
        </dl>
        <p className="muted small">Exempt and nil-rated: GSTR-1 table 8 and GSTR-3B 3.1(c). Invoices issued without a GSTIN are in no return.</p>
      </section>

      {report.creditNotes && report.creditNotes.totals.count > 0 && (
        <section className="panel report-section" aria-labelledby="report-credit-notes-heading">
          <h2 id="report-credit-notes-heading">Credit notes this month</h2>
          <p className="muted small">
            Issued this month, whatever the month of their invoice: a reduction in this month&apos;s figures (netted in GSTR-1 table 7 and GSTR-3B 3.1). Net of them:
            taxable value {money(report.net.taxableValue)}, GST {money(report.net.totalTax)}.
          </p>
          <div className="table-scroll" role="region" aria-labelledby="report-credit-notes-heading" tabIndex={0}>
            <table className="report-table">
              <thead>
                <tr>
                  <th scope="col">Credit note</th>
                  <th scope="col">Invoice</th>
                  <th scope="col">Reason</th>
                  <th scope="col">Taxable value</th>
                  <th scope="col">GST</th>
                  <th scope="col">Value</th>
                </tr>
              </thead>
              <tbody>
                {report.creditNotes.notes.map((n) => (
                  <tr key={n.number} data-testid="report-credit-note">
                    <th scope="row">
                      {n.number} <span className="muted">{formatDate(n.issueDate)}</span>
                    </th>
                    <td>{n.invoiceNumber}</td>
                    <td>{n.reason}</td>
                    <td>{money(n.taxableValue)}</td>
                    <td>{money(n.totalTax)}</td>
                    <td>{money(n.value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}

      <section className="panel report-section" aria-labelledby="report-documents-heading">
        <h2 id="report-documents-heading">Documents issued</h2>
        {report.documents.length === 0 ? (
          <p className="muted">No invoices were issued this month.</p>
        ) : (
          <ul className="report-documents">
            {report.documents.map((d) => (
              <li key={d.financialYear} data-testid="report-documents">
                {d.firstNumber} to {d.lastNumber}: {d.total} issued, {d.cancelled} cancelled, {d.net} net
              </li>
            ))}
          </ul>
        )}
        {report.gstins.length > 0 && <p className="muted small">Issued under GSTIN {report.gstins.join(', ')}.</p>}
        <h3>Cancelled invoices</h3>
        {report.cancelled.length === 0 ? <p className="muted">None this month.</p> : <CancelledList rows={report.cancelled} label="Cancelled invoices" />}
        {report.cancelledFromEarlierMonths.length > 0 && (
          <>
            <h3>Earlier months&apos; invoices cancelled this month</h3>
            <p className="muted small">Their months&apos; returns may need a credit note or an amendment.</p>
            <CancelledList rows={report.cancelledFromEarlierMonths} label="Earlier invoices cancelled this month" />
          </>
        )}
      </section>
    </>
  );
}

// INV-24 Reports (owner): the month's GST figures for the accountant, as the server computes them from
// the invoices' own tax lines, with the CSV download.
export function ReportsPage() {
  const platform = usePlatform();
  const today = clinicToday(clockNow());
  const [month, setMonth] = useState(today.slice(0, 7));
  return (
    <ReportScreen
      title="GST Report"
      description="The month's invoices as the GST returns need them: tax by rate, exempt supplies, the number range and cancellations."
      csv={useSaveGstReportCsv(platform)}
      csvFor={month}
      report={useGstReport(month)}
      errorText="Unable to load the GST report."
      choices={
        <div className="toolbar report-toolbar">
          <label htmlFor="report-month" className="field-label">
            Month
          </label>
          <Select id="report-month" value={month} onChange={setMonth} options={recentMonths(today)} style={{ minWidth: 200 }} />
        </div>
      }
    >
      {(report) => <Report report={report} />}
    </ReportScreen>
  );
}
