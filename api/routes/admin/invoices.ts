import { requires } from '../../middleware/capability';
import { createAdminRouter } from '../router';
import { parseListQuery } from '../../db/list-query';
import { type InvoiceStatus, invoiceStatuses } from '../../../shared/constants/booking';
import { invoiceCreateSchema } from '../../../shared/schemas/invoice';
import { applyCreditSchema, markPaidSchema, paymentCreateSchema } from '../../../shared/schemas/payment';
import { applyCredit } from '../../services/billing/advances';
import { creditNoteCreateSchema } from '../../../shared/schemas/credit-note';
import { createCreditNote } from '../../services/billing/credit-notes';
import type { Deps } from '../../deps';
import { badRequest } from '../../errors';
import { parseBody, parseId } from '../../middleware/validate';
import { loadPdfRenderer } from '../../services/mail-attachments';
import { cancelInvoice, createInvoice, getInvoice, invoiceDocument, listInvoices, sendInvoice } from '../../services/billing/invoices';
import { markInvoicePaid, receiptDocument, recordPayment } from '../../services/billing/payments';

// Invoices, API-3 and INV-1 to INV-27 (all behind the session, AUTH-2). The shapes are in api/services/billing/invoices.ts
// (InvoiceJson, PaymentJson) and docs/billing.md.
//
// GET    /api/admin/invoices                 array, newest first; ?q=&status=&limit=&offset= (API-7); status is
//                                            all | pending | partially-paid | paid | overdue | cancelled; with
//                                            a limit or offset X-Total-Count gives the full count. Each row has
//                                            kind, title, amountPaid, balance, cancelledAt (no items)
// POST   /api/admin/invoices                 invoiceCreateSchema (INV-5's payload; items may carry taxRate
//                                            0|5|12|18|28 and sacCode) -> 201 invoice. 400 when the figures
//                                            disagree with the server's by more than a paisa (INV-8), or carry
//                                            GST while the clinic has no GSTIN
// GET    /api/admin/invoices/:id             invoice with billTo, items (taxRate), taxSummary (per rate:
//                                            taxableValue, cgst, sgst, totalTax), payments, upiId
// GET    /api/admin/invoices/:id/pdf         application/pdf, attachment invoice-{id}.pdf
// POST   /api/admin/invoices/:id/send        queues the email with the PDF -> { success: true }; 409 when
//                                            cancelled or without an address
// PATCH  /api/admin/invoices/:id/mark-paid   optional { mode, paidOn, reference }: a payment of the balance
//                                            (cash, today by default) -> invoice; 409 when paid or cancelled
// POST   /api/admin/invoices/:id/payments    { amount, paidOn, mode, reference } -> 201 payment with
//                                            `invoice` (the invoice as it now stands); 400 past the balance
//                                            (fields.amount), in the future or before the invoice date
//                                            (fields.paidOn); 409 when paid or cancelled
// GET    /api/admin/invoices/:id/payments/:paymentId/receipt
//                                            application/pdf, attachment receipt-{receipt number}.pdf
// POST   /api/admin/invoices/:id/apply-credit  optional { amount } (INV-29): pays from the patient's unused
//                                            advances, oldest first (default: as much as credit and balance
//                                            allow) -> invoice; 400 past either, 409 no credit, paid or cancelled
// POST   /api/admin/invoices/:id/credit-notes  { lines: [{ itemId | description, amount, clinicalItemId? }],
//                                            reason } (INV-40, owner only) -> 201 credit note { id, number, ... };
//                                            400 past what is left of a line or of the invoice; 409 cancelled
// DELETE /api/admin/invoices/:id             cancels it (INV-12: kept with its number) -> 204; 409 when already
//                                            cancelled

const STATUS_MESSAGE = `status must be one of all, ${invoiceStatuses.join(', ')}`;

/** ?status= is one of the invoice statuses; 'all' or empty means every status. */
function parseStatus(raw: unknown): InvoiceStatus | undefined {
  const value = (Array.isArray(raw) ? raw[0] : raw) as string | undefined;
  if (!value || value === 'all') return undefined;
  if ((invoiceStatuses as readonly string[]).includes(value)) return value as InvoiceStatus;
  throw badRequest(STATUS_MESSAGE, { status: STATUS_MESSAGE });
}

export function invoiceRoutes(deps: Deps) {
  const router = createAdminRouter(deps, { prefix: '/api/admin/invoices' });

  router.get('/', requires('invoices.read'), async (ctx) => {
    const { q, limit, offset } = parseListQuery(ctx.query);
    const { invoices, total } = await listInvoices(deps, { q, limit, offset, status: parseStatus(ctx.query.status) });
    if (total !== null) ctx.set('X-Total-Count', String(total));
    ctx.body = invoices;
  });

  router.post('/', requires('invoices.write'), async (ctx) => {
    const input = parseBody(invoiceCreateSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await createInvoice(deps, input);
  });

  router.get('/:id', requires('invoices.read'), async (ctx) => {
    ctx.body = await getInvoice(deps, parseId(ctx.params.id, 'Invoice'));
  });

  router.get('/:id/pdf', requires('invoices.read'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Invoice');
    const { renderInvoicePdf } = await loadPdfRenderer();
    const pdf = await renderInvoicePdf(invoiceDocument(await getInvoice(deps, id)));
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="invoice-${id}.pdf"`);
    ctx.body = pdf;
  });

  router.post('/:id/send', requires('invoices.write'), async (ctx) => {
    await sendInvoice(deps, parseId(ctx.params.id, 'Invoice'));
    ctx.body = { success: true };
  });

  router.patch('/:id/mark-paid', requires('invoices.write'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Invoice');
    const body = parseBody(markPaidSchema, ctx.request.body);
    ctx.body = await markInvoicePaid(deps, id, body, ctx.state.user?.id ?? null);
  });

  router.post('/:id/payments', requires('invoices.write'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Invoice');
    const input = parseBody(paymentCreateSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await recordPayment(deps, id, input, ctx.state.user?.id ?? null);
  });

  router.post('/:id/apply-credit', requires('invoices.write'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Invoice');
    const input = parseBody(applyCreditSchema, ctx.request.body);
    ctx.body = await applyCredit(deps, id, input, ctx.state.user?.id ?? null);
  });

  router.post('/:id/credit-notes', requires('invoices.credit'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Invoice');
    const input = parseBody(creditNoteCreateSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await createCreditNote(deps, id, ctx.state.user?.id ?? null, input);
  });

  router.get('/:id/payments/:paymentId/receipt', requires('invoices.read'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Invoice');
    const doc = await receiptDocument(deps, id, parseId(ctx.params.paymentId, 'Payment'));
    const { renderReceiptPdf } = await loadPdfRenderer();
    const pdf = await renderReceiptPdf(doc);
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="${doc.fileName}"`);
    ctx.body = pdf;
  });

  router.delete('/:id', requires('invoices.cancel'), async (ctx) => {
    await cancelInvoice(deps, parseId(ctx.params.id, 'Invoice'));
    ctx.status = 204;
  });

  return router;
}
