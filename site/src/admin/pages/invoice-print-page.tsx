import { ArrowLeftOutlined, DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useMemo, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useInvoice } from '../features/invoices/api/get-invoice';
import { invoiceHtml } from '../features/invoices/api/invoice-html';
import { useSaveInvoicePdf } from '../features/invoices/api/save-invoice-pdf';
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

// The printable invoice: the shared layout (D16) in a frame, printed by the browser's own dialog.
export function InvoicePrintPage() {
  const { id } = useParams();
  const invoiceId = Number(id);
  const invoice = useInvoice(invoiceId);
  const platform = usePlatform();
  const pdf = useSaveInvoicePdf(platform);
  const toast = useToast();
  const frame = useRef<HTMLIFrameElement>(null);
  usePageTitle(invoice.data ? `Invoice ${invoice.data.invoiceNumber}` : 'Invoice');
  const html = useMemo(() => (invoice.data ? invoiceHtml(invoice.data) : null), [invoice.data]);

  return (
    <section className="print-view">
      <header className="page-header">
        <div>
          <Link to="/invoices" className="back-link inline">
            <ArrowLeftOutlined aria-hidden="true" /> All invoices
          </Link>
          <h1>{invoice.data ? `Invoice ${invoice.data.invoiceNumber}` : 'Invoice'}</h1>
        </div>
        <div className="page-actions">
          <Button icon={<PrinterOutlined aria-hidden="true" />} type="primary" disabled={!html} onClick={() => printSheet(frame.current)}>
            Print
          </Button>
          <Button
            icon={<DownloadOutlined aria-hidden="true" />}
            disabled={!invoice.data}
            loading={pdf.isPending}
            onClick={() => invoice.data && pdf.mutate(invoice.data, { onError: (err) => toast.failure('Error downloading PDF', err) })}
          >
            Download PDF
          </Button>
        </div>
      </header>
      {invoice.isPending ? (
        <Skeleton active paragraph={{ rows: 12 }} />
      ) : invoice.isError ? (
        <ErrorState text="Unable to load the invoice." />
      ) : (
        <iframe
          ref={frame}
          title={`Invoice ${invoice.data.invoiceNumber}`}
          srcDoc={html ?? ''}
          sandbox="allow-same-origin allow-modals"
          className="invoice-frame"
          onLoad={(e) => fitSheet(e.currentTarget)}
        />
      )}
    </section>
  );
}
