/** An invoice as GET /api/admin/invoices answers it (SPEC 3, D14: status already reads overdue when due). */
export interface Invoice {
  id: number;
  invoiceNumber: string;
  patientId: number | null;
  patient: { id: number; firstName: string; lastName: string; email?: string; phone?: string } | null;
  status: string;
  /** yyyy-MM-dd */
  issueDate: string;
  dueDate: string | null;
  subtotal: number | string;
  taxPercentage: number | string;
  taxAmount: number | string;
  totalAmount: number | string;
  paidOn: string | null;
  notes: string | null;
  createdAt?: string;
}

export interface InvoiceItemJson {
  id?: number;
  description: string;
  sacCode: string | null;
  quantity: number;
  unitPrice: number | string;
  totalPrice: number | string;
}

/** GET /api/admin/invoices/:id: the invoice with its items and the recipient as billed. */
export interface InvoiceDetail extends Invoice {
  billTo: { name: string; email?: string | null; phone?: string | null; address?: string | null };
  items: InvoiceItemJson[];
}

export function invoicePatientName(invoice: Pick<Invoice, 'patient'>): string {
  return invoice.patient ? `${invoice.patient.firstName} ${invoice.patient.lastName}`.trim() : 'Unknown Patient';
}
