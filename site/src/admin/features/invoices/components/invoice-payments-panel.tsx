import { FilePdfOutlined, RollbackOutlined, WalletOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { fromPaise, toPaise } from '../../../../../../shared/domain/money';
import { useCan } from '../../../session/use-can';
import { useApplyCredit, usePatientCredit } from '../api/credit';
import { RefundDialog, type Refundable } from './refund-dialog';
import '../credit.css';
import { paymentModeLabel } from '../../../../../../shared/constants/invoice';
import { formatDate } from '../../../../../../shared/domain/dates';
import { formatInvoiceAmount } from '../../../../../../shared/invoice/document';
import type { InvoiceDetail } from '../../../../../../shared/schemas/invoice';
import { InvoiceStatusBadge } from '../../../components/status-badge';
import { useToast } from '../../../components/toasts';
import { usePlatform } from '../../../platform/platform-context';
import { useSaveReceipt } from '../api/save-receipt';

// INV-26: where an invoice stands: its kind, status, total, what was paid and the balance; then each
// payment (receipt number, date, mode, reference, amount) with its receipt PDF. A cancelled invoice says
// so first (INV-12).
export function InvoicePaymentsPanel({ invoice }: { invoice: InvoiceDetail }) {
  const platform = usePlatform();
  const receipt = useSaveReceipt(platform);
  const toast = useToast();
  const cancelled = invoice.status === 'cancelled';
  const canWrite = useCan('invoices.write');
  // INV-29: the patient's unused credit, offered while something is left to pay.
  const owes = !cancelled && invoice.balance > 0;
  const credit = usePatientCredit(canWrite && owes && invoice.patientId ? invoice.patientId : null);
  const applyCredit = useApplyCredit();
  const available = credit.data?.credit ?? 0;
  const [refunding, setRefunding] = useState<Refundable | null>(null);
  const apply = () =>
    applyCredit.mutate(
      { invoiceId: invoice.id, amount: null },
      {
        onSuccess: (answer) => toast.success('Credit applied', `Balance now ${formatInvoiceAmount(answer.balance)}.`),
        onError: (err) => toast.failure('Error applying credit', err),
      },
    );
  return (
    <section className="panel invoice-summary" aria-labelledby="invoice-summary-heading">
      <div className="panel-heading">
        <h2 id="invoice-summary-heading">Payments</h2>
        <InvoiceStatusBadge status={invoice.status} />
      </div>
      {cancelled && (
        <p className="cancelled-note" role="note">
          <strong>CANCELLED</strong>
          {invoice.cancelledAt ? ` on ${formatDate(invoice.cancelledAt.slice(0, 10))}` : ''}. The invoice keeps its number{' '}
          {invoice.invoiceNumber}; it no longer counts as pending or as revenue.
        </p>
      )}
      <dl className="invoice-figures">
        <div>
          <dt>Document</dt>
          <dd data-testid="invoice-view-kind">{invoice.title}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{formatInvoiceAmount(invoice.totalAmount)}</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd data-testid="invoice-view-paid">{formatInvoiceAmount(invoice.amountPaid)}</dd>
        </div>
        <div>
          <dt>Balance</dt>
          <dd data-testid="invoice-view-balance">{cancelled ? '—' : formatInvoiceAmount(invoice.balance)}</dd>
        </div>
      </dl>
      {owes && available > 0 && (
        <div className="credit-apply" role="note">
          <p>
            The patient has <strong>{formatInvoiceAmount(available)}</strong> of unused credit (advances).
          </p>
          <Button icon={<WalletOutlined aria-hidden="true" />} loading={applyCredit.isPending} onClick={apply}>
            Apply {formatInvoiceAmount(Math.min(available, invoice.balance))} of credit
          </Button>
        </div>
      )}
      {invoice.payments.length === 0 ? (
        <p className="muted">No payments recorded yet.</p>
      ) : (
        <ul className="payment-list" aria-label="Payments received">
          {invoice.payments.map((p) => (
            <li key={p.id} className="payment-row" data-testid="payment-row">
              <div>
                <p className="payment-amount">{formatInvoiceAmount(p.amount)}</p>
                <p className="row-meta">
                  <span>{formatDate(p.paidOn)}</span>
                  <span>{paymentModeLabel(p.mode)}</span>
                  {p.reference && <span>Ref. {p.reference}</span>}
                  <span>Receipt {p.receiptNumber}</span>
                  {p.kind === 'credit' && <span>From credit</span>}
                  {p.refunded > 0 && <span className="payment-refunded">Refunded {formatInvoiceAmount(p.refunded)}</span>}
                </p>
              </div>
              <div className="payment-actions">
                {canWrite && p.kind === 'payment' && p.amount > p.refunded && (
                  <Button
                    icon={<RollbackOutlined aria-hidden="true" />}
                    aria-label={`Refund receipt ${p.receiptNumber}`}
                    onClick={() =>
                      setRefunding({ paymentId: p.id, label: `Receipt ${p.receiptNumber}`, mode: p.mode, left: fromPaise(toPaise(p.amount) - toPaise(p.refunded)) })
                    }
                  >
                    Refund
                  </Button>
                )}
                <Button
                  icon={<FilePdfOutlined aria-hidden="true" />}
                  aria-label={`Download receipt ${p.receiptNumber}`}
                  loading={receipt.isPending && receipt.variables?.id === p.id}
                  onClick={() => receipt.mutate(p, { onError: (err) => toast.failure('Error downloading receipt', err) })}
                >
                  Receipt
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <RefundDialog item={refunding} onClose={() => setRefunding(null)} />
    </section>
  );
}
