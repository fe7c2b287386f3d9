import { CheckOutlined, DownloadOutlined, StopOutlined, MailOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { memo } from 'react';
import { formatDate } from '../../../../shared/domain/dates';
import { useInvoices } from '../features/invoices/api/get-invoices';
import { useSaveInvoicePdf } from '../features/invoices/api/save-invoice-pdf';
import { useSendInvoice } from '../features/invoices/api/send-invoice';
import { invoicePatientName, type Invoice } from '../../../../shared/schemas/invoice';
import { MarkPaidDialog, useMarkPaidAction } from '../features/invoices/components/mark-paid-dialog';
import { CancelInvoiceDialog, useCancelInvoiceAction } from '../features/invoices/components/cancel-invoice-dialog';
import { InvoiceFormDialog } from '../features/invoices/components/invoice-form-dialog';
import { useCan } from '../session/use-can';
import { ExportButton } from '../features/export/components/export-button';
import { usePlatform } from '../platform/platform-context';
import { formatAmount } from '../components/amount';
import { FilterSelect, ListScreen } from '../components/list-screen';
import { RouterButtonLink } from '../components/router-button-link';
import { InvoiceStatusBadge } from '../components/status-badge';
import { useToast } from '../components/toasts';
import '../features/invoices/billing.css';
import { useItemDialog } from '../hooks/use-item-dialog';
import { filterValue, useListState } from '../hooks/use-list-state';
import { usePageTitle } from '../hooks/use-page-title';

export const INVOICES_PAGE_SIZE = 20;

const statusOptions = [
  { value: 'all', label: 'All Status' },
  { value: 'pending', label: 'Pending' },
  { value: 'partially-paid', label: 'Partially paid' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'paid', label: 'Paid' },
  { value: 'cancelled', label: 'Cancelled' },
];

// One invoice with its actions; memoised, so typing in the search box does not re-render the rows.
const InvoiceRow = memo(function InvoiceRow({
  invoice: inv,
  onCancel,
  onMarkPaid,
}: {
  invoice: Invoice;
  onCancel: ((inv: Invoice) => void) | null;
  onMarkPaid: (inv: Invoice) => void;
}) {
  const toast = useToast();
  const platform = usePlatform();
  const pdf = useSaveInvoicePdf(platform);
  const send = useSendInvoice();
  const cancelled = inv.status === 'cancelled';
  const paid = inv.status === 'paid';
  return (
    <li className={cancelled ? 'list-row invoice-row is-cancelled' : 'list-row invoice-row'}>
      <div className="row-main">
        <div className="row-title-line">
          <p className="row-title" id={`invoice-${inv.id}-number`}>
            {inv.invoiceNumber}
          </p>
          <InvoiceStatusBadge status={inv.status} />
        </div>
        <p className="row-meta">
          <span className={inv.patient ? '' : 'unknown-patient'} id={`invoice-${inv.id}-patient`}>
            {invoicePatientName(inv)}
          </span>
          <span>Issued {formatDate(inv.issueDate)}</span>
          {inv.dueDate && <span>Due {formatDate(inv.dueDate)}</span>}
          {!cancelled && !paid && inv.amountPaid > 0 && <span>Balance {formatAmount(inv.balance)}</span>}
        </p>
      </div>
      <p className="row-amount">{formatAmount(inv.totalAmount)}</p>
      <div className="row-actions">
        <RouterButtonLink to={`/invoices/${inv.id}/print`} icon={<PrinterOutlined aria-hidden="true" />} aria-label={`View and print ${inv.invoiceNumber}`}>
          <span className="label-wide">View</span>
        </RouterButtonLink>
        <Button
          icon={<DownloadOutlined aria-hidden="true" />}
          aria-label={`Download PDF of ${inv.invoiceNumber}`}
          loading={pdf.isPending}
          onClick={() => pdf.mutate(inv, { onError: (err) => toast.failure('Error downloading PDF', err) })}
        >
          <span className="label-wide">PDF</span>
        </Button>
        {/* PAT-19: Email is offered only when there is an address to send it to. */}
        {!cancelled && inv.emailTo && (
          <Button
            icon={<MailOutlined aria-hidden="true" />}
            aria-label={`Email ${inv.invoiceNumber} to the patient`}
            loading={send.isPending}
            onClick={() =>
              send.mutate(inv.id, {
                onSuccess: () => toast.success('Email sent', `Invoice ${inv.invoiceNumber} has been sent to the patient's email.`),
                onError: (err) => toast.failure('Error sending email', err),
              })
            }
          >
            <span className="label-wide">Email</span>
          </Button>
        )}
        {!paid && !cancelled && (
          <Button
            icon={<CheckOutlined aria-hidden="true" />}
            // Named by its words (WCAG 2.5.3), which stay in the name on a phone; the invoice is its description.
            aria-describedby={`invoice-${inv.id}-number invoice-${inv.id}-patient`}
            onClick={() => onMarkPaid(inv)}
          >
            <span className="label-wide">Mark Paid</span>
          </Button>
        )}
        {onCancel && !cancelled && (
          <Button danger icon={<StopOutlined aria-hidden="true" />} aria-label={`Cancel ${inv.invoiceNumber}`} onClick={() => onCancel(inv)}>
            <span className="label-wide">Cancel</span>
          </Button>
        )}
      </div>
    </li>
  );
});

// INV-2 Invoices: search (number or patient), Create Invoice, status filter (INV-25), rows with number,
// patient (or Unknown Patient), total, issue and due dates, the balance of a part-paid one, status badge
// and actions: view (payments, INV-26), PDF, email and mark paid (not when paid or cancelled), and Cancel
// for the owner (INV-12: the invoice stays with its number); plus the invoice's view in the shared layout.
export function InvoicesPage() {
  usePageTitle('Invoices');
  const state = useListState({ status: 'all' });
  const { status } = state.filters;
  const list = useInvoices({ q: state.q, page: state.page, pageSize: INVOICES_PAGE_SIZE, filters: { status: filterValue(status) } });
  const form = useItemDialog<null>({ newParam: true });
  const cancel = useCancelInvoiceAction();
  const markPaid = useMarkPaidAction();
  const canCancel = useCan('invoices.cancel');

  return (
    <ListScreen
      title="Invoices"
      description="GST invoices and bills of supply: create, send and record payments."
      actions={
        <>
          <ExportButton resource="invoices" filters={{ q: state.q, status: filterValue(status) }} />
          <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={form.openNew}>
            Create Invoice
          </Button>
        </>
      }
      search={{ id: 'invoice-search', label: 'Search invoices', placeholder: 'Search by invoice number or patient name...' }}
      filters={
        <FilterSelect
          id="invoice-status"
          label="Filter by status"
          value={status}
          options={statusOptions}
          onChange={(value) => state.setFilter('status', value)}
          minWidth={140}
        />
      }
      state={state}
      list={list}
      loading={{ count: 5, label: 'Loading invoices' }}
      errorText="Unable to load invoices."
      emptyText={state.q || status !== 'all' ? 'No invoices found matching your search.' : 'No invoices created yet.'}
      noun={['invoice', 'invoices']}
      pagerLabel="Invoice pages"
      items={{ layout: 'rows', label: 'Invoices', item: (inv) => <InvoiceRow key={inv.id} invoice={inv} onCancel={canCancel ? cancel.ask : null} onMarkPaid={markPaid.ask} /> }}
    >
      <InvoiceFormDialog open={form.open} onClose={form.close} />
      <CancelInvoiceDialog action={cancel} />
      <MarkPaidDialog action={markPaid} />
    </ListScreen>
  );
}
