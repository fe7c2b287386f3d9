import { DollarOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Modal, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { computeInvoiceTotals } from '../../../../../../shared/domain/invoice-totals';
import { formatAmount } from '../../../components/amount';
import { useToast } from '../../../components/toasts';
import { useCan } from '../../../session/use-can';
import { useBillableItems, useInvoiceFromCompleted } from '../api/plans';

// PLAN-12: "Bill completed work": the completed, unbilled items at their accepted prices and discounts,
// with the invoice's figures as INV-20 computes them; Create invoice bills the ticked ones, each once.
// PLAN-22: completed work outside any plan (`21 crown done`) is offered too, at the price list's price.
export function BillCompletedButton({ patientId }: { patientId: number }) {
  const can = useCan('invoices.write');
  const [open, setOpen] = useState(false);
  if (!can) return null;
  return (
    <>
      <Button icon={<DollarOutlined aria-hidden="true" />} onClick={() => setOpen(true)}>
        Bill completed work
      </Button>
      {open && <BillDialog patientId={patientId} onClose={() => setOpen(false)} />}
    </>
  );
}

function BillDialog({ patientId, onClose }: { patientId: number; onClose: () => void }) {
  const items = useBillableItems(patientId, true);
  const bill = useInvoiceFromCompleted(patientId);
  const toast = useToast();
  const [ticked, setTicked] = useState<number[]>([]);
  useEffect(() => {
    if (items.data) setTicked(items.data.map((i) => i.itemId));
  }, [items.data]);
  const chosen = (items.data ?? []).filter((i) => ticked.includes(i.itemId));
  const totals = computeInvoiceTotals(chosen.map((i) => ({ quantity: 1, unitPrice: i.unitPrice, taxRate: i.taxRate })), 18);
  return (
    <Modal
      open
      title="Bill completed work"
      okText="Create invoice"
      okButtonProps={{ disabled: chosen.length === 0 }}
      confirmLoading={bill.isPending}
      onCancel={onClose}
      onOk={() =>
        bill.mutate(
          chosen.map((i) => i.itemId),
          {
            onSuccess: (invoice) => {
              toast.success('Invoice created', `${invoice.invoiceNumber} for ${formatAmount(invoice.totalAmount)}.`);
              onClose();
            },
            onError: (err) => toast.failure('Error creating the invoice', err),
          },
        )
      }
      width={640}
    >
      {items.isPending ? (
        <Skeleton active />
      ) : items.isError ? (
        <Alert type="error" message="Unable to load the completed work." />
      ) : items.data.length === 0 ? (
        <p className="muted">Nothing is left to bill: no completed work that is not billed yet.</p>
      ) : (
        <>
          <ul className="bill-items">
            {items.data.map((i) => (
              <li key={i.itemId}>
                <Checkbox checked={ticked.includes(i.itemId)} onChange={(e) => setTicked((t) => (e.target.checked ? [...t, i.itemId] : t.filter((x) => x !== i.itemId)))}>
                  {i.description}
                  {i.planId === null && <span className="muted small"> · not in a plan, list price</span>}
                </Checkbox>
                <span className="num">
                  {i.discount > 0 && <span className="muted small">{formatAmount(i.listPrice)} less {formatAmount(i.discount)} = </span>}
                  {formatAmount(i.unitPrice)}
                  {i.taxRate > 0 ? ` + ${i.taxRate}% GST` : ''}
                </span>
              </li>
            ))}
          </ul>
          <p className="bill-total" aria-live="polite">
            Invoice total <strong>{formatAmount(totals.totalAmount)}</strong>
            {totals.taxAmount > 0 && <span className="muted small"> (GST {formatAmount(totals.taxAmount)})</span>}
          </p>
        </>
      )}
    </Modal>
  );
}
