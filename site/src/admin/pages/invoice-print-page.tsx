import { ArrowLeftOutlined, CheckOutlined, DollarOutlined, DownloadOutlined, FileExcelOutlined, PrinterOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useCan } from '../session/use-can';
import { useInvoice } from '../features/invoices/api/get-invoice';
import { invoiceHtml } from '../features/invoices/api/invoice-html';
import { useSaveInvoicePdf } from '../features/invoices/api/save-invoice-pdf';
import { CancelInvoiceDialog, useCancelInvoiceAction } from '../features/invoices/components/cancel-invoice-dialog';
import { MarkPaidDialog, useMarkPaidAction } from '../features/invoices/components/mark-paid-dialog';
import { InvoicePaymentsPanel } from '../features/invoices/components/invoice-payments-panel';
import { CreditNotesPanel, IssueCreditNoteDialog } from '../features/invoices/components/credit-notes-panel';
import { RecordPaymentDialog } from '../features/invoices/components/record-payment-dialog';
import '../features/invoices/billing.css';
import { usePlatform } from '../platform/platform-context';
import { ErrorState } from '../components/list-states';
import { useToast } from '../components/toasts';
import { usePageTitle } from '../hooks/use-page-title';

/** On a narrow screen the A4 sheet (about 830 px with its margins) is shown scaled down. */
function fitSheet(frame: HTMLIFrameElement, print = false) {
  const root = frame.contentDocument?.documentElement;
  if (!root) return;
  const scale = Math.min(1, frame.clientWidth / 830);
  root.style.setProperty('zoom', !print && scale < 1 ? String(scale) : '');
}

/** Prints the sheet at its real size (print() returns once the dialog closes), then fits it again. */
function printSheet(frame: HTMLIFrameElement | null) {
  if (!frame?.contentWindow) return;
  fitSheet(frame, true);
  frame.contentWindow.print();
  fitSheet(frame);
}

// The invoice's view: its payments and balance with Record payment, Mark paid and Cancel invoice (INV-26,
// INV-12), its credit notes and the owner's Issue credit note (INV-40), then the printable invoice: the shared layout (INV-17) in a frame, printed by the browser's own dialog.
export function InvoicePrintPage() {
  const { id } = useParams();
  const invoiceId = Number(id);
  const invoice = useInvoice(invoiceId);
  const platform = usePlatform();
  const pdf = useSaveInvoicePdf(platform);
  const markPaid = useMarkPaidAction();
  const cancel = useCancelInvoiceAction();
  const canCancel = useCan('invoices.cancel');
  const canWrite = useCan('invoices.write');
  const canCredit = useCan('invoices.credit');
  const [paying, setPaying] = useState(false);
  const [crediting, setCrediting] = useState(false);
  const toast = useToast();
  const frame = useRef<HTMLIFrameElement>(null);
  usePageTitle(invoice.data ? `Invoice ${invoice.data.invoiceNumber}` : 'Invoice');
  const html = useMemo(() => (invoice.data ? invoiceHtml(invoice.data) : null), [invoice.data]);
  const inv = invoice.data;
  const open = inv !== undefined && inv.status !== 'cancelled' && inv.status !== 'paid';
  // INV-40: the owner reverses lines with a credit note while something of the invoice is left uncredited.
  const creditable = inv !== undefined && inv.status !== 'cancelled' && (inv.creditedAmount ?? 0) < inv.totalAmount && canCredit;

  return (
    <section className="print-view">
      <header className="page-header">
        <div>
          <Link to="/invoices" className="back-link inline">
            <ArrowLeftOutlined aria-hidden="true" /> All invoices
          </Link>
          <h1>{inv ? `Invoice ${inv.invoiceNumber}` : 'Invoice'}</h1>
        </div>
        <div className="page-actions">
          <Button icon={<PrinterOutlined aria-hidden="true" />} type="primary" disabled={!html} onClick={() => printSheet(frame.current)}>
            Print
          </Button>
          <Button
            icon={<DownloadOutlined aria-hidden="true" />}
            disabled={!inv}
            loading={pdf.isPending}
            onClick={() => inv && pdf.mutate(inv, { onError: (err) => toast.failure('Error downloading PDF', err) })}
          >
            Download PDF
          </Button>
          {open && canWrite && (
            <>
              <Button icon={<DollarOutlined aria-hidden="true" />} onClick={() => setPaying(true)}>
                Record Payment
              </Button>
              <Button
                icon={<CheckOutlined aria-hidden="true" />}
                onClick={() => markPaid.ask(inv)}
              >
                Mark Paid
              </Button>
            </>
          )}
          {creditable && (
            <Button icon={<FileExcelOutlined aria-hidden="true" />} onClick={() => setCrediting(true)}>
              Issue Credit Note
            </Button>
          )}
          {inv && inv.status !== 'cancelled' && canCancel && !(inv.creditNotes?.length) && (
            <Button danger icon={<StopOutlined aria-hidden="true" />} onClick={() => cancel.ask(inv)}>
              Cancel Invoice
            </Button>
          )}
        </div>
      </header>
      {invoice.isPending ? (
        <Skeleton active paragraph={{ rows: 12 }} />
      ) : invoice.isError ? (
        <ErrorState text="Unable to load the invoice." />
      ) : (
        <>
          <InvoicePaymentsPanel invoice={invoice.data} />
          <CreditNotesPanel invoice={invoice.data} />
          <iframe
            ref={frame}
            title={`Invoice ${invoice.data.invoiceNumber}`}
            srcDoc={html ?? ''}
            sandbox="allow-same-origin allow-modals"
            className="invoice-frame"
            onLoad={(e) => fitSheet(e.currentTarget)}
          />
          <RecordPaymentDialog invoice={invoice.data} open={paying} onClose={() => setPaying(false)} />
          <IssueCreditNoteDialog invoice={invoice.data} open={crediting} onClose={() => setCrediting(false)} />
        </>
      )}
      <CancelInvoiceDialog action={cancel} />
      <MarkPaidDialog action={markPaid} />
    </section>
  );
}
