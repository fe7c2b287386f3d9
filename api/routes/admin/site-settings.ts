import { requires } from '../../middleware/capability';
import { createAdminRouter } from '../router';
import { siteSettingValueSchemaFor } from '../../../shared/schemas/site-setting';
import type { Deps } from '../../deps';
import { parseBody } from '../../middleware/validate';
import { parseSettingKey, readSiteSetting, writeSiteSetting } from '../../services/content/site-settings';

// GET /api/admin/site-settings/:key  { key, value } (value null when unset); unknown key 404
// PUT /api/admin/site-settings/:key  { value } -> { key, value }; each key checks its value (400 with the
//   message under `fields.value`):
//   doctor_image  an image address (http(s) URL or a path on this site), required
//   gstin         15 characters: state code, PAN, entity, Z, check character (shared/domain/gstin.ts);
//                 upper-cased, spaces dropped; '' or null clears it (not registered: Bill of Supply, no GST)
//   upi_id        a UPI ID (VPA) name@handle; '' or null clears it (no QR code on invoices)
//   session_max_hours  whole hours 1-168 a session lasts after sign-in (AUTH-15); '' or null clears it (12)
//   invoice.defaultTaxPercentage  0-100 in steps of 0.01, the Create Invoice dialog's default tax percentage
//                 (INV-39); '' or null clears it (18)
// Keys: shared/schemas/site-setting.ts siteSettingKeys (others 404 "Setting not found").
// A change drops the public setting cache (in the service), so the About page shows the new photo at once.
export function siteSettingRoutes(deps: Deps) {
  const router = createAdminRouter(deps, { prefix: '/api/admin/site-settings' });

  router.get('/:key', requires('settings.read'), async (ctx) => {
    ctx.body = await readSiteSetting(deps.knex, parseSettingKey(ctx.params.key));
  });

  router.put('/:key', requires('settings.write'), async (ctx) => {
    const key = parseSettingKey(ctx.params.key);
    const { value } = parseBody(siteSettingValueSchemaFor(key), ctx.request.body);
    const saved = await writeSiteSetting(deps, key, value);
    deps.logger.info('setting_updated', { key });
    ctx.body = saved;
  });

  return router;
}
