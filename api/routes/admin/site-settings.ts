import { requires } from '../../middleware/capability';
import { createAdminRouter } from '../router';
import { siteSettingValueSchema } from '../../../shared/schemas/site-setting';
import type { Deps } from '../../deps';
import { parseBody } from '../../middleware/validate';
import { parseSettingKey, readSiteSetting, writeSiteSetting } from '../../services/site-settings';

// GET /api/admin/site-settings/:key  { key, value } (value null when unset); unknown key 404
// PUT /api/admin/site-settings/:key  { value } -> { key, value }; doctor_image must be an image address
// A change drops the public setting cache, so the About page shows the new photo at once.
export function siteSettingRoutes(deps: Deps) {
  const router = createAdminRouter(deps, { prefix: '/api/admin/site-settings' });

  router.get('/:key', requires('settings.read'), async (ctx) => {
    ctx.body = await readSiteSetting(deps.knex, parseSettingKey(ctx.params.key));
  });

  router.put('/:key', requires('settings.write'), async (ctx) => {
    const key = parseSettingKey(ctx.params.key);
    const { value } = parseBody(siteSettingValueSchema, ctx.request.body);
    const saved = await writeSiteSetting(deps.knex, key, value, deps.now());
    deps.cache.invalidate('setting');
    deps.logger.info('setting_updated', { key });
    ctx.body = saved;
  });

  return router;
}
