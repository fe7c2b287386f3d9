import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isSunday } from '../../../shared/domain/clinic-time';
import { computeInvoiceTotals } from '../../../shared/domain/invoice-totals';
import type { Database } from '../../db/knex';
import { DEMO_COUNTS, seedDemoContent } from '../../db/seeds/demo-content';
import { createTestDatabase } from '../support/test-db';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemoContent(db.knex, new Date('2026-11-23T05:00:00Z'));
});
afterAll(() => db?.close());

const count = async (table: string, where: Record<string, unknown> = {}) =>
  Number(((await db.knex(table).where(where).count('* as n').first()) as { n: number }).n);

it('adds the documented amount of each kind of content', async () => {
  expect(await count('blog_posts', { isPublished: true })).toBe(DEMO_COUNTS.publishedPosts);
  expect(await count('blog_posts', { isPublished: false })).toBe(DEMO_COUNTS.draftPosts);
  expect(await count('gallery_images', { isActive: true })).toBe(DEMO_COUNTS.activeImages);
  expect(await count('gallery_images', { isActive: false })).toBe(DEMO_COUNTS.hiddenImages);
  expect(await count('patients')).toBe(DEMO_COUNTS.patients);
  expect(await count('appointments')).toBe(DEMO_COUNTS.appointments);
  expect(await count('invoices')).toBe(DEMO_COUNTS.invoices);
});

it('keeps to the booking rules: no Sundays, no slot over capacity, every status present', async () => {
  const rows = await db.knex('appointments');
  expect(rows.filter((r) => isSunday(r.preferredDate))).toEqual([]);
  const perSlot = new Map<string, number>();
  for (const r of rows.filter((r) => r.status !== 'cancelled')) {
    const key = `${r.preferredDate} ${r.preferredTime}`;
    perSlot.set(key, (perSlot.get(key) ?? 0) + 1);
  }
  expect(Math.max(...perSlot.values())).toBeLessThanOrEqual(2);
  expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['pending', 'confirmed', 'completed', 'cancelled']));
  expect(rows.some((r) => r.preferredDate === '2026-11-23')).toBe(true);
});

it('stores invoice totals that equal their items, numbered without gaps', async () => {
  const invoices = await db.knex('invoices').orderBy('id');
  for (const inv of invoices) {
    const items = await db.knex('invoice_items').where({ invoiceId: inv.id }).orderBy('position');
    const totals = computeInvoiceTotals(items.map((i) => ({ quantity: i.quantity, unitPrice: i.unitPrice })), inv.taxPercentage);
    expect(Number(inv.totalAmount)).toBe(totals.totalAmount);
    expect(Number(inv.subtotal)).toBe(totals.subtotal);
  }
  const counters = await db.knex('invoice_counters');
  for (const c of counters) {
    const seqs = invoices.filter((i) => i.financialYear === c.financialYear).map((i) => i.sequence).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: c.lastSequence }, (_, k) => k + 1));
  }
  expect(new Set(invoices.map((i) => i.status))).toEqual(new Set(['paid', 'pending']));
  expect(invoices.some((i) => i.status === 'pending' && i.dueDate < '2026-11-23')).toBe(true);
});

it('refers only to images the product ships', async () => {
  const publicDir = fileURLToPath(new URL('../../../site/public', import.meta.url));
  const urls = [
    ...(await db.knex('gallery_images').select('imageUrl', 'thumbnailUrl')).flatMap((g) => [g.imageUrl, g.thumbnailUrl]),
    ...(await db.knex('blog_posts').whereNotNull('imageUrl').select('imageUrl')).map((p) => p.imageUrl),
  ];
  const missing = urls.filter((u) => !fs.existsSync(path.join(publicDir, u)));
  expect(missing).toEqual([]);
});
