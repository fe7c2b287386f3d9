import { CheckOutlined, DeleteOutlined, DownloadOutlined, MailOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { memo } from 'react';
import { formatEnGbDate } from '../../../../shared/domain/clinic-time';
import { useDeleteInvoice } from '../features/invoices/api/delete-invoice';
import { useInvoices } from '../features/invoices/api/get-invoices';
import { useMarkInvoicePaid } from '../features/invoices/api/mark-invoice-paid';
import { useSaveInvoicePdf } from '../features/invoices/api/save-invoice-pdf';
import { useSendInvoice } from '../features/invoices/api/send-invoice';
import { invoicePatientName, type Invoice } from '../../../../shared/schemas/invoice';
import { InvoiceFormDialog } from '../features/invoices/components/invoice-form-dialog';
import { ExportButton } from '../features/export/components/export-button';
import { usePlatform } from '../platform/platform-context';
import { formatAmount } from '../components/amount';
import { ConfirmDialog, useConfirmAction } from '../components/confirm-dialog';
import { FilterSelect, ListScreen } from '../components/list-screen';
import { RouterButtonLink } from '../components/router-button-link';
import { InvoiceStatusBadge } from '../components/status-badge';
import { useToast } from '../components/toasts';
import { useItemDialog } from '../hooks/use-item-dialog';
import { filterValue, useListState } from '../hooks/use-list-state';
import { usePageTitle } from '../hooks/use-page-title';

export const INVOICES_PAGE_SIZE = 20;

const statusOptions = [
  { value: 'all', label: 'All Status' },
  { value: 'pending', label: 'Pending' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'paid', label: 'Paid' },
];

// One invoice with its actions; memoised, so typing in the search box does not re-render the rows.
const InvoiceRow = memo(function InvoiceRow({ invoice: inv, onDelete }: { invoice: Invoice; onDelete: (inv: Invoice) => void }) {
  const toast = useToast();
  const platform = usePlatform();
  const pdf = useSaveInvoicePdf(platform);
  const send = useSendInvoice();
  const markPaid = useMarkInvoicePaid();
  const paid = inv.status.toLowerCase() === 'paid';
  return (
    <li className="list-row invoice-row">
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
          <span>Issued {formatEnGbDate(inv.issueDate)}</span>
          {inv.dueDate && <span>Due {formatEnGbDate(inv.dueDate)}</span>}
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
        {!paid && (
          <Button
            icon={<CheckOutlined aria-hidden="true" />}
            // Named by its words (WCAG 2.5.3), which stay in the name on a phone; the invoice is its description.
            aria-describedby={`invoice-${inv.id}-number invoice-${inv.id}-patient`}
            loading={markPaid.isPending}
            onClick={() =>
              markPaid.mutate(inv.id, {
                onSuccess: () => toast.success('Invoice marked as paid', `Invoice ${inv.invoiceNumber} is now paid.`),
                onError: (err) => toast.failure('Error updating invoice', err),
              })
            }
          >
            <span className="label-wide">Mark Paid</span>
          </Button>
        )}
        <Button danger icon={<DeleteOutlined aria-hidden="true" />} aria-label={`Delete ${inv.invoiceNumber}`} onClick={() => onDelete(inv)}>
          <span className="label-wide">Delete</span>
        </Button>
      </div>
    </li>
  );
});

// SPEC 2 Invoices: search (number or patient), Create Invoice, rows with number, patient (or Unknown
// Patient), total, issue and due dates, status badge and actions: PDF, email, mark paid (not when paid),
// delete; plus a printable view in the shared invoice layout.
export function InvoicesPage() {
  usePageTitle('Invoices');
  const state = useListState({ status: 'all' });
  const { status } = state.filters;
  const list = useInvoices({ q: state.q, page: state.page, pageSize: INVOICES_PAGE_SIZE, filters: { status: filterValue(status) } });
  const form = useItemDialog<null>({ newParam: true });
  const remove = useConfirmAction({
    mutation: useDeleteInvoice(),
    variables: (inv: Invoice) => inv.id,
    success: (inv) => ['Invoice deleted', `Invoice ${inv.invoiceNumber} has been deleted.`],
    failure: 'Error deleting invoice',
  });
  const deleting = remove.item;

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
      items={{ layout: 'rows', label: 'Invoices', item: (inv) => <InvoiceRow key={inv.id} invoice={inv} onDelete={remove.ask} /> }}
    >
      <InvoiceFormDialog open={form.open} onClose={form.close} />
      <ConfirmDialog {...remove.dialogProps} title="Delete invoice?" confirmLabel="Delete Invoice" cancelLabel="Cancel">
        {deleting && (
          <p>
            Delete invoice <strong>{deleting.invoiceNumber}</strong> for {invoicePatientName(deleting)} ({formatAmount(deleting.totalAmount)})? This
            action cannot be undone.
          </p>
        )}
      </ConfirmDialog>
    </ListScreen>
  );
}
