import type { Knex } from 'knex';
import { audit } from '../../platform/audit';
import { siteSettingKeySchema, type SiteSetting as SiteSettingRecord, type SiteSettingKey } from '../../../shared/schemas/site-setting';
import { notFound } from '../../errors';
import type { Deps } from '../../deps';
import { SiteSetting } from '../../models/site-setting';
import { publicChange } from '../../platform/public-cache';

// The admin's site settings (SET-1, SET-2, SET-5): doctor_image (the doctor photo's address, an
// http(s) URL or a path on this site such as /media/<id>.jpg), gstin (the clinic's GST registration, SET-5)
// and upi_id (where the invoices' UPI QR codes pay). An empty gstin or upi_id removes the setting. A change
// drops the public setting cache and the pages that show it (the About page's photo) once it commits.

/** A known setting key, else 404 "Setting not found". */
export function parseSettingKey(raw: string | undefined): SiteSettingKey {
  const parsed = siteSettingKeySchema.safeParse(raw);
  if (!parsed.success) throw notFound('Setting');
  return parsed.data;
}

export async function readSiteSetting(knex: Knex, key: SiteSettingKey): Promise<{ key: SiteSettingKey; value: string | null }> {
  const row = await SiteSetting.query(knex).findById(key).select('value');
  return { key, value: row?.value ?? null } satisfies SiteSettingRecord;
}

/** The value of a setting, or null when unset (inside a transaction, pass it). */
export async function settingValue(db: Knex, key: SiteSettingKey): Promise<string | null> {
  const row = await db('site_settings').where({ key }).first('value');
  return (row?.value as string | undefined) || null;
}

export async function writeSiteSetting(
  deps: Pick<Deps, 'knex' | 'cache' | 'now'>,
  key: SiteSettingKey,
  value: string,
): Promise<{ key: SiteSettingKey; value: string | null }> {
  const now = deps.now();
  return publicChange(deps, 'setting', async (trx) => {
    const old = await trx('site_settings').where({ key }).forUpdate().first('value');
    const before = (old?.value as string | undefined) || null;
    const after = value === '' ? null : value;
    if (after === null) await trx('site_settings').where({ key }).delete();
    else await trx('site_settings').insert({ key, value, updatedAt: now }).onConflict('key').merge(['value', 'updatedAt']);
    if (before !== after) await audit(trx, { action: 'update', entity: 'site-setting', entityId: key, changes: { value: { old: before, new: after } } });
    return { key, value: after } satisfies SiteSettingRecord;
  });
}
