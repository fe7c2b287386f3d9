import { Input } from 'antd';
import { useState } from 'react';
import { clinicToday } from '../../../../shared/domain/clinic-time';
import { formatMonth } from '../../../../shared/domain/dates';
import { formatRupeesExact } from '../../../../shared/domain/money';
import type { CaseAcceptanceRow } from '../../../../shared/schemas/treatment-plan';
import { useCaseAcceptance, useSaveCaseAcceptanceCsv } from '../features/reports/api/case-acceptance';
import { ReportScreen } from '../features/reports/components/report-screen';
import '../features/invoices/billing.css';
import { usePlatform } from '../platform/platform-context';
import { clockNow } from '../../lib/clock';

const money = (n: number) => formatRupeesExact(n);
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month `n` months before `month` (yyyy-MM). */
function monthsBefore(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) - n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

type Figures = Pick<CaseAcceptanceRow, 'proposed' | 'proposedAmount' | 'accepted' | 'acceptedAmount' | 'declined'>;

function add(rows: Figures[]): Figures {
  // Rupees summed in paise, so a total agrees with its rows to the paisa.
  const paise = (key: 'proposedAmount' | 'acceptedAmount') => rows.reduce((n, r) => n + Math.round(r[key] * 100), 0) / 100;
  return {
    proposed: rows.reduce((n, r) => n + r.proposed, 0),
    proposedAmount: paise('proposedAmount'),
    accepted: rows.reduce((n, r) => n + r.accepted, 0),
    acceptedAmount: paise('acceptedAmount'),
    declined: rows.reduce((n, r) => n + r.declined, 0),
  };
}

const rate = (part: number, whole: number) => (whole === 0 ? '–' : `${Math.round((part / whole) * 100)}%`);

function FigureCells({ f }: { f: Figures }) {
  return (
    <>
      <td>{f.proposed}</td>
      <td>{money(f.proposedAmount)}</td>
      <td>{f.accepted}</td>
      <td>{money(f.acceptedAmount)}</td>
      <td>{f.declined}</td>
      <td>{rate(f.accepted, f.proposed)}</td>
    </>
  );
}

function FigureHeads({ first }: { first: string }) {
  return (
    <thead>
      <tr>
        <th scope="col" className="text">
          {first}
        </th>
        <th scope="col">Plans proposed</th>
        <th scope="col">Rupees proposed</th>
        <th scope="col">Plans accepted</th>
        <th scope="col">Rupees accepted</th>
        <th scope="col">Declined</th>
        <th scope="col">Accepted</th>
      </tr>
    </thead>
  );
}

function Report({ rows }: { rows: CaseAcceptanceRow[] }) {
  const total = add(rows);
  const dentists = [...new Map(rows.map((r) => [r.dentistId, r.dentistName ?? 'Unknown dentist'])).entries()];
  const months = [...new Set(rows.map((r) => r.month))];
  return (
    <>
      <dl className="report-cards">
        <div className="panel">
          <dt>Plans proposed</dt>
          <dd data-testid="case-proposed">{total.proposed}</dd>
        </div>
        <div className="panel">
          <dt>Plans accepted</dt>
          <dd data-testid="case-accepted">
            {total.accepted} <span className="report-rate">({rate(total.accepted, total.proposed)})</span>
          </dd>
        </div>
        <div className="panel">
          <dt>Rupees proposed</dt>
          <dd>{money(total.proposedAmount)}</dd>
        </div>
        <div className="panel">
          <dt>Rupees accepted</dt>
          <dd data-testid="case-accepted-amount">
            {money(total.acceptedAmount)} <span className="report-rate">({rate(total.acceptedAmount, total.proposedAmount)})</span>
          </dd>
        </div>
      </dl>

      <section className="panel report-section" aria-labelledby="case-dentist-heading">
        <h2 id="case-dentist-heading">By dentist</h2>
        {rows.length === 0 ? (
          <p className="muted">No plan was made in these months.</p>
        ) : (
          <div className="table-scroll" role="region" aria-labelledby="case-dentist-heading" tabIndex={0}>
            <table className="report-table">
              <FigureHeads first="Dentist" />
              <tbody>
                {dentists.map(([id, name]) => (
                  <tr key={id} data-testid="case-dentist">
                    <th scope="row" className="text">
                      {name}
                    </th>
                    <FigureCells f={add(rows.filter((r) => r.dentistId === id))} />
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" className="text">
                    Total
                  </th>
                  <FigureCells f={total} />
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </section>

      {rows.length > 0 && (
        <section className="panel report-section" aria-labelledby="case-month-heading">
          <h2 id="case-month-heading">By month</h2>
          <div className="table-scroll" role="region" aria-labelledby="case-month-heading" tabIndex={0}>
            <table className="report-table">
              <FigureHeads first="Month and dentist" />
              {months.map((month) => {
                const own = rows.filter((r) => r.month === month);
                return (
                  <tbody key={month}>
                    <tr className="report-group">
                      <th scope="rowgroup" className="text">
                        {formatMonth(month)}
                      </th>
                      <FigureCells f={add(own)} />
                    </tr>
                    {own.length > 1 &&
                      own.map((r) => (
                        <tr key={r.dentistId}>
                          <th scope="row" className="text report-indent">
                            {r.dentistName ?? 'Unknown dentist'}
                          </th>
                          <FigureCells f={r} />
                        </tr>
                      ))}
                  </tbody>
                );
              })}
            </table>
          </div>
        </section>
      )}
      <p className="muted small">
        Plans by the month they were made (the clinic&apos;s calendar) and their dentist. Rupees proposed: each plan at its first version&apos;s dearest option.
        Rupees accepted: the option the patient signed, at its latest signed version.
      </p>
    </>
  );
}

// PLAN-14, PLAN-17: the owner's case acceptance: plans and rupees proposed against accepted, by dentist and by
// month, with the CSV.
export function CaseAcceptancePage() {
  const platform = usePlatform();
  const thisMonth = clinicToday(clockNow()).slice(0, 7);
  const [from, setFrom] = useState(() => monthsBefore(thisMonth, 5));
  const [to, setTo] = useState(thisMonth);
  return (
    <ReportScreen
      title="Case acceptance"
      description="Treatment plans proposed and accepted: by dentist and by month."
      csv={useSaveCaseAcceptanceCsv(platform)}
      csvFor={{ from, to }}
      report={useCaseAcceptance(from, to)}
      errorText="Unable to load the case-acceptance report."
      choices={
        <div className="toolbar report-toolbar case-months">
          <span className="case-month">
            <label htmlFor="case-from" className="field-label">
              From
            </label>
            <Input id="case-from" type="month" value={from} max={to} onChange={(e) => MONTH.test(e.target.value) && e.target.value <= to && setFrom(e.target.value)} style={{ maxWidth: 180 }} />
          </span>
          <span className="case-month">
            <label htmlFor="case-to" className="field-label">
              To
            </label>
            <Input id="case-to" type="month" value={to} min={from} max={thisMonth} onChange={(e) => MONTH.test(e.target.value) && e.target.value >= from && setTo(e.target.value)} style={{ maxWidth: 180 }} />
          </span>
        </div>
      }
    >
      {(report) => <Report rows={report} />}
    </ReportScreen>
  );
}
