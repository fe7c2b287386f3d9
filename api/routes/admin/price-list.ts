import { requires } from '../../middleware/capability';
import { createAdminRouter } from '../router';
import { priceListItemSchema } from '../../../shared/schemas/price-list';
import type { Deps } from '../../deps';
import { badRequest } from '../../errors';
import { hasKey, parseBody, parseId } from '../../middleware/validate';
import { createPriceListItem, deletePriceListItem, listPriceList, updatePriceListItem } from '../../services/billing/price-list';

// The price list: what the invoice form offers as items. An item is
// { id, name, defaultPrice, sacCode (null or 99xxxx), taxRate (0|5|12|18|28), isActive, order }.
//
// GET    /api/admin/price-list?active=true|false&q=  array by order, then id (the form asks active=true)
// POST   /api/admin/price-list         { name, defaultPrice, sacCode?, taxRate?, isActive?, order? } -> 201
//                                      item (taxRate 0, active, order 0 by default); 409 for a name in use
// PUT    /api/admin/price-list/:id     same fields -> item; sacCode, taxRate, isActive and order left out of
//                                      the body keep their stored values
// DELETE /api/admin/price-list/:id     204 (invoices keep the items they copied)
// An item also carries `chart` (CHART-17, CHART-18): null, or { code, names, draw, takesSurfaces, spansTeeth,
// multiSitting }, the command bar's code for it; and `onCharts`: whether items on patients' charts carry it.
// Messages: 'Name is required', 'Price must be positive', 'GST rate must be 0, 5, 12, 18 or 28%',
// 'Please select a valid SAC code', 'Order must be a positive number' (400 with fields).
// Owner only (AUTH-8, INV-27): the screens put this list under Settings.

const ACTIVE_MESSAGE = 'active must be true or false';

function parseActive(raw: unknown): boolean | undefined {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '' || value === 'all') return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw badRequest(ACTIVE_MESSAGE, { active: ACTIVE_MESSAGE });
}

export function priceListRoutes(deps: Deps) {
  const router = createAdminRouter(deps, { prefix: '/api/admin/price-list' });

  router.get('/', requires('invoices.read'), async (ctx) => {
    const q = typeof ctx.query.q === 'string' ? ctx.query.q.slice(0, 100) : null;
    ctx.body = await listPriceList(deps.knex, { q, active: parseActive(ctx.query.active) });
  });

  router.post('/', requires('settings.write'), async (ctx) => {
    const input = parseBody(priceListItemSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await createPriceListItem(deps.knex, input);
  });

  router.put('/:id', requires('settings.write'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Price list item');
    const body = ctx.request.body;
    const input = parseBody(priceListItemSchema, body);
    ctx.body = await updatePriceListItem(deps, id, input, {
      sacCode: hasKey(body, 'sacCode'),
      taxRate: hasKey(body, 'taxRate'),
      isActive: hasKey(body, 'isActive'),
      order: hasKey(body, 'order'),
      chart: hasKey(body, 'chart'),
    });
  });

  router.delete('/:id', requires('settings.write'), async (ctx) => {
    await deletePriceListItem(deps.knex, parseId(ctx.params.id, 'Price list item'));
    ctx.status = 204;
  });

  return router;
}
