import { formatAmount } from '../../../components/amount';
import type { DraftTotals } from './invoice-figures';

const percent = (rate: number) => `${rate}%`;

// INV-19: what the invoice will be, as the items stand: the document's kind (Tax Invoice, Bill of Supply or
// Invoice-cum-Bill of Supply), the subtotal, CGST and SGST at half of each taxed rate, the total, and the
// tax summary by rate: the shared computation's own figures, so the server answers the same. Amounts read
// as everywhere in the admin (CLINIC-9): ₹5,900, with paise only when there are some.
export function LiveTaxFigures({ totals, kindTitle, registered }: { totals: DraftTotals | null; kindTitle: string | null; registered: boolean }) {
  const taxed = totals?.rates.filter((line) => line.rate > 0) ?? [];
  return (
    <div className="live-tax" aria-live="polite">
      <p className="invoice-kind">
        <span className="muted">Document: </span>
        <strong data-testid="invoice-kind">{kindTitle ?? '—'}</strong>
      </p>
      {!registered && <p className="field-hint">No GSTIN is set in Settings, so no GST is charged: the invoice is a Bill of Supply.</p>}
      <dl className="invoice-totals" aria-label="Invoice totals">
        <div>
          <dt>Subtotal</dt>
          <dd data-testid="invoice-subtotal">{totals ? formatAmount(totals.subtotal) : '—'}</dd>
        </div>
        {taxed.flatMap((line) => [
          <div key={`c${line.rate}`} className="tax-line">
            <dt>CGST {percent(line.rate / 2)}</dt>
            <dd data-testid={`invoice-cgst-${line.rate}`}>{formatAmount(line.cgst)}</dd>
          </div>,
          <div key={`s${line.rate}`} className="tax-line">
            <dt>SGST {percent(line.rate / 2)}</dt>
            <dd data-testid={`invoice-sgst-${line.rate}`}>{formatAmount(line.sgst)}</dd>
          </div>,
        ])}
        <div>
          <dt>Tax (GST)</dt>
          <dd data-testid="invoice-tax">{totals ? formatAmount(totals.taxAmount) : '—'}</dd>
        </div>
        <div className="grand">
          <dt>Total</dt>
          <dd data-testid="invoice-total">{totals ? formatAmount(totals.totalAmount) : '—'}</dd>
        </div>
      </dl>
      {totals && totals.rates.length > 0 && registered && (
        <table className="tax-summary" data-testid="tax-summary">
          <caption>GST summary by rate</caption>
          <thead>
            <tr>
              <th scope="col">Rate</th>
              <th scope="col">Value</th>
              <th scope="col">CGST</th>
              <th scope="col">SGST</th>
            </tr>
          </thead>
          <tbody>
            {totals.rates.map((line) => (
              <tr key={line.rate}>
                <th scope="row">{line.rate > 0 ? percent(line.rate) : 'Exempt / nil'}</th>
                <td>{formatAmount(line.taxable)}</td>
                <td>{formatAmount(line.cgst)}</td>
                <td>{formatAmount(line.sgst)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
