import { requires } from '../../middleware/capability';
import { createAdminRouter } from '../router';
import { refundCreateSchema } from '../../../shared/schemas/payment';
import type { Deps } from '../../deps';
import { parseBody, parseId } from '../../middleware/validate';
import { refundPayment } from '../../services/billing/advances';

// POST /api/admin/payments/:id/refund  { amount, reason } -> 201 refund (INV-30), with `invoice` (a payment of
//                                      an invoice: the invoice as it now stands) or `advance` (an advance as it
//                                      now stands); 400 past what is left (fields.amount), 409 for a payment
//                                      taken from credit or one refunded in full, 404 for no such payment
export function paymentRoutes(deps: Deps) {
  const router = createAdminRouter(deps, { prefix: '/api/admin/payments' });

  router.post('/:id/refund', requires('invoices.write'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Payment');
    const input = parseBody(refundCreateSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await refundPayment(deps, id, input, ctx.state.user?.id ?? null);
  });

  return router;
}
