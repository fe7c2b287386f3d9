import { requires } from '../../middleware/capability';
import { createAdminRouter } from '../router';
import { parseListQuery } from '../../middleware/list-query';
import { type InvoiceStatus, invoiceStatuses } from '../../../shared/constants/booking';
import { invoiceCreateSchema } from '../../../shared/schemas/invoice';
import type { Deps } from '../../deps';
import { badRequest } from '../../errors';
import { parseBody, parseId } from '../../middleware/validate';
import { renderInvoicePdf } from '../../services/invoice-pdf';
import {
  createInvoice,
  deleteInvoice,
  getInvoice,
  invoiceDocument,
  listInvoices,
  markInvoicePaid,
  sendInvoice,
} from '../../services/invoices';

// SPEC 7 invoices (all behind the session, D6):
// GET    /api/admin/invoices               array, newest first; ?q=&status=&limit=&offset= (D10); with a
//                                          limit or offset the X-Total-Count header gives the full count
// POST   /api/admin/invoices               invoiceCreateSchema -> 201 invoice with items
// GET    /api/admin/invoices/:id           invoice with items and billTo
// GET    /api/admin/invoices/:id/pdf       application/pdf, attachment invoice-{id}.pdf
// POST   /api/admin/invoices/:id/send      queues the email with the PDF -> { success: true }
// PATCH  /api/admin/invoices/:id/mark-paid -> invoice (409 when already paid)
// DELETE /api/admin/invoices/:id           204

const STATUS_MESSAGE = 'status must be one of all, paid, pending, overdue';

/** ?status= is one of SPEC 4's invoice statuses; 'all' or empty means every status. */
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
    ctx.body = await markInvoicePaid(deps, parseId(ctx.params.id, 'Invoice'));
  });

  router.delete('/:id', requires('invoices.cancel'), async (ctx) => {
    await deleteInvoice(deps, parseId(ctx.params.id, 'Invoice'));
    ctx.status = 204;
  });

  return router;
}
