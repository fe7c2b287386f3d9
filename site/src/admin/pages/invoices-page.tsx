import { CheckOutlined, DeleteOutlined, DownloadOutlined, MailOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import { memo, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatEnGbDate } from '../../../../shared/domain/clinic-time';
import { useDeleteInvoice } from '../features/invoices/api/delete-invoice';
import { useInvoices } from '../features/invoices/api/get-invoices';
import { useMarkInvoicePaid } from '../features/invoices/api/mark-invoice-paid';
import { useSaveInvoicePdf } from '../features/invoices/api/save-invoice-pdf';
import { useSendInvoice } from '../features/invoices/api/send-invoice';
import { invoicePatientName, type Invoice } from '../../../../shared/schemas/invoice';
import { InvoiceFormDialog } from '../features/invoices/components/invoice-form-dialog';
import { countText } from '../api/paged-list';
import { usePlatform } from '../platform/platform-context';
import { formatAmount } from '../components/amount';
import { ConfirmDialog } from '../components/confirm-dialog';
import { EmptyState, ErrorState, ListSkeleton } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { RouterButtonLink } from '../components/router-button-link';
import { SearchField } from '../components/search-field';
import { InvoiceStatusBadge } from '../components/status-badge';
import { useToast } from '../components/use-toast';
import { plural, useListState } from '../hooks/use-list-state';
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
          <p className="row-title">{inv.invoiceNumber}</p>
          <InvoiceStatusBadge status={inv.status} />
        </div>
        <p className="row-meta">
          <span className={inv.patient ? '' : 'unknown-patient'}>{invoicePatientName(inv)}</span>
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
            aria-label={`Mark ${inv.invoiceNumber} as paid`}
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
  const toast = useToast();
  const { search, setSearch, q, page, setPage, typing } = useListState();
  const [status, setStatus] = useState('all');
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Invoice | null>(null);
  const [params, setParams] = useSearchParams();
  const list = useInvoices({ q, page, pageSize: INVOICES_PAGE_SIZE, filters: { status: status === 'all' ? undefined : status } });
  const remove = useDeleteInvoice();

  useEffect(() => {
    if (params.get('new') === '1') {
      setFormOpen(true);
      setParams({}, { replace: true });
    }
  }, [params, setParams]);

  const rows = list.data?.rows ?? [];
  const count = countText(list.data);
  const filtered = Boolean(q) || status !== 'all';

  return (
    <>
      <PageHeader
        title="Invoices"
        description="GST invoices and bills of supply: create, send and record payments."
        actions={
          <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setFormOpen(true)}>
            Create Invoice
          </Button>
        }
      />
      <div className="toolbar">
        <SearchField id="invoice-search" label="Search invoices" placeholder="Search by invoice number or patient name..." value={search} onChange={setSearch} />
        <div className="toolbar-filter">
          <label htmlFor="invoice-status" className="visually-hidden">
            Filter by status
          </label>
          <Select
            id="invoice-status"
            value={status}
            options={statusOptions}
            onChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
            style={{ minWidth: 140 }}
          />
        </div>
      </div>

      {list.isPending ? (
        <ListSkeleton count={5} label="Loading invoices" />
      ) : list.isError ? (
        <ErrorState text="Unable to load invoices." />
      ) : rows.length === 0 && page === 1 ? (
        <EmptyState text={filtered ? 'No invoices found matching your search.' : 'No invoices created yet.'} />
      ) : (
        <>
          <p className="count-line" aria-live="polite">
            {plural(count ?? '0', 'invoice', 'invoices')} found
          </p>
          <ul className="row-list" aria-label="Invoices" aria-busy={list.isFetching || typing}>
            {rows.map((inv) => (
              <InvoiceRow key={inv.id} invoice={inv} onDelete={setDeleting} />
            ))}
          </ul>
          <Pager page={list.data} onChange={setPage} label="Invoice pages" />
        </>
      )}

      <InvoiceFormDialog open={formOpen} onClose={() => setFormOpen(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete invoice?"
        confirmLabel="Delete Invoice"
        cancelLabel="Cancel"
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success('Invoice deleted', `Invoice ${deleting.invoiceNumber} has been deleted.`);
              setDeleting(null);
            },
            onError: (err) => toast.failure('Error deleting invoice', err),
          })
        }
      >
        {deleting && (
          <p>
            Delete invoice <strong>{deleting.invoiceNumber}</strong> for {invoicePatientName(deleting)} ({formatAmount(deleting.totalAmount)})? This
            action cannot be undone.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
