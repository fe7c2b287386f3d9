import type { Knex } from 'knex';
import { siteSettingKeySchema, type SiteSetting as SiteSettingRecord, type SiteSettingKey } from '../../shared/schemas/site-setting';
import { notFound } from '../errors';
import { SiteSetting } from '../models/site-setting';

// The admin's site settings (SPEC 2 "Site Settings"): one known key today, doctor_image, whose value is
// the doctor photo's address (an http(s) URL or a path on this site such as /media/<id>.jpg).

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

export async function writeSiteSetting(
  knex: Knex,
  key: SiteSettingKey,
  value: string,
  now: Date,
): Promise<{ key: SiteSettingKey; value: string }> {
  await knex('site_settings').insert({ key, value, updatedAt: now }).onConflict('key').merge(['value', 'updatedAt']);
  return { key, value } satisfies SiteSettingRecord;
}
