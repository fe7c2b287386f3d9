import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, InputNumber, Modal } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { formatDate } from '../../../../../../shared/domain/dates';
import { fromPaise, toPaise } from '../../../../../../shared/domain/money';
import { formatInvoiceAmount } from '../../../../../../shared/invoice/document';
import type { CreditNote } from '../../../../../../shared/schemas/credit-note';
import type { InvoiceDetail } from '../../../../../../shared/schemas/invoice';
import { errorDescription } from '../../../api/errors';
import { useToast } from '../../../components/toasts';
import { usePlatform } from '../../../platform/platform-context';
import { useIssueCreditNote, useSaveCreditNotePdf } from '../api/credit-notes';
import '../credit-notes.css';

// INV-40, INV-43: the invoice's credit notes, each with its PDF; an issued invoice is never edited, a line
// charged in error is reversed by one of these.
export function CreditNotesPanel({ invoice }: { invoice: InvoiceDetail }) {
  const platform = usePlatform();
  const pdf = useSaveCreditNotePdf(platform);
  const toast = useToast();
  const notes = invoice.creditNotes ?? [];
  if (notes.length === 0) return null;
  return (
    <section className="panel credit-notes" aria-labelledby="credit-notes-heading">
      <div className="panel-heading">
        <h2 id="credit-notes-heading">Credit notes</h2>
        <span className="muted">Credited {formatInvoiceAmount(invoice.creditedAmount ?? 0)}</span>
      </div>
      <ul className="credit-note-list" aria-label="Credit notes issued against this invoice">
        {notes.map((note) => (
          <li key={note.id} className="credit-note-row" data-testid="credit-note-row">
            <div>
              <p className="credit-note-title">
                <strong>{note.number}</strong> <span className="muted">{formatDate(note.issueDate)}</span>
              </p>
              <p className="row-meta">
                <span>{note.reason}</span>
                <span>{note.lines.map((l) => l.description).join('; ')}</span>
                {note.createdByName && <span>By {note.createdByName}</span>}
              </p>
            </div>
            <p className="credit-note-amount">− {formatInvoiceAmount(note.totalAmount)}</p>
            <Button
              icon={<FilePdfOutlined aria-hidden="true" />}
              aria-label={`Download credit note ${note.number}`}
              loading={pdf.isPending && pdf.variables?.id === note.id}
              onClick={() => pdf.mutate(note, { onError: (err) => toast.failure('Error downloading the credit note', err) })}
            >
              PDF
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

interface Choice {
  chosen: boolean;
  amount: number | null;
}

/** What is left to credit of each line (its taxable value less what credit notes took). */
const leftOf = (item: InvoiceDetail['items'][number]) => fromPaise(toPaise(item.totalPrice) - toPaise(item.credited ?? 0));

// INV-40 Issue credit note (the owner's): choose the lines and the amounts (the taxable value; GST is
// reversed with it at the line's rate), give a reason, then confirm: a credit note is never changed.
export function IssueCreditNoteDialog({ invoice, open, onClose, onIssued }: { invoice: InvoiceDetail; open: boolean; onClose: () => void; onIssued?: (note: CreditNote) => void }) {
  const issue = useIssueCreditNote();
  const toast = useToast();
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setChoices(Object.fromEntries(invoice.items.map((item) => [item.id, { chosen: false, amount: leftOf(item) }])));
    setReason('');
    setConfirming(false);
    setProblem(null);
  }, [open, invoice]);

  // A problem shown is cleared by the next change: it spoke of what was there before.
  useEffect(() => setProblem(null), [choices, reason]);
  const lines = useMemo(
    () => invoice.items.filter((item) => choices[item.id]?.chosen).map((item) => ({ item, amount: choices[item.id].amount ?? 0 })),
    [choices, invoice.items],
  );
  const gstOf = (rate: number, amount: number) => (invoice.gstRegistered ? 2 * Math.round((toPaise(amount) * rate * 100) / 20_000) : 0);
  const total = fromPaise(lines.reduce((sum, l) => sum + toPaise(l.amount) + gstOf(l.item.taxRate, l.amount), 0));
  const check = (): string | null => {
    if (lines.length === 0) return 'Choose at least one invoice line to credit';
    for (const l of lines) {
      if (!(l.amount > 0)) return `Give an amount for ${l.item.description}`;
      if (toPaise(l.amount) > toPaise(leftOf(l.item))) return `At most ${formatInvoiceAmount(leftOf(l.item))} is left to credit of ${l.item.description}`;
    }
    if (!reason.trim()) return 'Please give a reason for the credit note';
    return null;
  };
  const review = () => {
    const found = check();
    setProblem(found);
    if (!found) setConfirming(true);
  };
  const submit = () =>
    issue.mutate(
      { invoiceId: invoice.id, note: { lines: lines.map((l) => ({ itemId: l.item.id, amount: l.amount })), reason: reason.trim() } },
      {
        onSuccess: (note) => {
          toast.success('Credit note issued', `${note.number}: ${formatInvoiceAmount(note.totalAmount)} credited against ${invoice.invoiceNumber}.`);
          onIssued?.(note);
          onClose();
        },
        onError: (err) => {
          setConfirming(false);
          setProblem(errorDescription(err));
        },
      },
    );

  return (
    <Modal
      open={open}
      title={confirming ? 'Issue this credit note?' : `Issue credit note against ${invoice.invoiceNumber}`}
      onCancel={issue.isPending ? undefined : onClose}
      destroyOnHidden
      width={680}
      footer={
        confirming
          ? [
              <Button key="back" disabled={issue.isPending} onClick={() => setConfirming(false)}>
                Back
              </Button>,
              <Button key="issue" type="primary" danger loading={issue.isPending} onClick={submit}>
                Issue Credit Note
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={onClose}>
                Cancel
              </Button>,
              <Button key="review" type="primary" onClick={review}>
                Review
              </Button>,
            ]
      }
    >
      {confirming ? (
        <div className="credit-note-confirm">
          <p>
            A credit note of <strong>{formatInvoiceAmount(total)}</strong> (GST included) against invoice <strong>{invoice.invoiceNumber}</strong>, numbered
            in the credit note series. It cannot be changed or withdrawn once issued.
          </p>
          <ul>
            {lines.map((l) => (
              <li key={l.item.id}>
                {l.item.description}: {formatInvoiceAmount(l.amount)}
                {invoice.gstRegistered && l.item.taxRate > 0 ? ` + GST ${l.item.taxRate}%` : ''}
              </li>
            ))}
          </ul>
          <p>Reason: {reason.trim()}</p>
          <p className="muted">Work billed on a line credited in full can then be invalidated on the chart, or billed again. Money already paid is given back separately, as a refund.</p>
        </div>
      ) : (
        <form
          id="credit-note-form"
          className="credit-note-form"
          onSubmit={(e) => {
            e.preventDefault();
            review();
          }}
          noValidate
        >
          <p className="muted">An issued invoice is never edited: a credit note reverses what a line charged, with its GST. Choose the lines and the amounts to credit.</p>
          <table className="credit-note-lines">
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Left to credit</th>
                <th scope="col">Amount to credit (₹, before GST)</th>
              </tr>
            </thead>
            <tbody>
              {invoice.items.map((item) => {
                const left = leftOf(item);
                const choice = choices[item.id] ?? { chosen: false, amount: left };
                const id = `credit-line-${item.id}`;
                return (
                  <tr key={item.id}>
                    <td>
                      <Checkbox
                        id={id}
                        checked={choice.chosen}
                        disabled={left <= 0}
                        onChange={(e) => setChoices((c) => ({ ...c, [item.id]: { ...choice, chosen: e.target.checked } }))}
                      >
                        {item.description}
                      </Checkbox>
                    </td>
                    <td>{left > 0 ? formatInvoiceAmount(left) : 'Credited'}</td>
                    <td>
                      <InputNumber
                        aria-label={`Amount to credit of ${item.description}`}
                        min={0.01}
                        max={left}
                        step={0.01}
                        value={choice.amount}
                        disabled={!choice.chosen}
                        onChange={(value) => setChoices((c) => ({ ...c, [item.id]: { ...choice, amount: value } }))}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <label htmlFor="credit-note-reason" className="field-label">
            Reason <span aria-hidden="true">*</span>
          </label>
          <Input.TextArea id="credit-note-reason" value={reason} maxLength={500} rows={2} placeholder="e.g. Charted on the wrong tooth" onChange={(e) => setReason(e.target.value)} />
          <p className="credit-note-total">
            Credit note total: <strong>{formatInvoiceAmount(total)}</strong>
          </p>
        </form>
      )}
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
    </Modal>
  );
}
