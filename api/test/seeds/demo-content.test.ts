import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicMonthRange, financialYearOf, isSunday } from '../../../shared/domain/clinic-time';
import { formatInvoiceNumber } from '../../../shared/domain/invoice-number';
import { computeInvoiceTotals } from '../../../shared/domain/invoice-totals';
import { slugify } from '../../../shared/domain/slug';
import type { Database } from '../../db/knex';
import { DEMO_COUNTS, DEMO_GSTIN, DEMO_UPI_ID, seedDemoContent } from '../../db/seeds/demo-content';
import { isValidGstin } from '../../../shared/domain/gstin';
import { isValidUpiId } from '../../../shared/domain/upi';
import { createTestDatabase } from '../support/test-db';

// A Monday, 10:30 at the clinic.
const NOW = new Date('2026-11-23T05:00:00Z');
const TODAY = '2026-11-23';
const daysFrom = (date: string, from = TODAY) => Math.round((Date.parse(date) - Date.parse(from)) / 86_400_000);

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemoContent(db.knex, NOW);
});
afterAll(() => db?.close());

const count = async (table: string, where: Record<string, unknown> = {}) =>
  Number(((await db.knex(table).where(where).count('* as n').first()) as { n: number }).n);

it('adds the documented amount of each kind of content', async () => {
  expect(await count('blog_posts', { isPublished: true })).toBe(DEMO_COUNTS.publishedPosts);
  expect(await count('blog_posts', { isPublished: false })).toBe(DEMO_COUNTS.draftPosts);
  expect(await count('gallery_images', { isActive: true })).toBe(DEMO_COUNTS.activeImages);
  expect(await count('gallery_images', { isActive: false })).toBe(DEMO_COUNTS.hiddenImages);
  expect(await count('patients')).toBe(DEMO_COUNTS.patients + DEMO_COUNTS.visitorPatients);
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

it('stores invoice totals that equal their items at their rates, numbered without gaps', async () => {
  const invoices = await db.knex('invoices').orderBy('id');
  for (const inv of invoices) {
    const items = await db.knex('invoice_items').where({ invoiceId: inv.id }).orderBy('position');
    const totals = computeInvoiceTotals(
      items.map((i) => ({ quantity: i.quantity, unitPrice: i.unitPrice, taxRate: i.taxRate })),
      inv.taxPercentage,
      { registered: inv.gstRegistered },
    );
    expect(Number(inv.totalAmount)).toBe(totals.totalAmount);
    expect(Number(inv.subtotal)).toBe(totals.subtotal);
    expect(Number(inv.taxAmount)).toBe(totals.taxAmount);
    expect(inv.kind).toBe(totals.kind);
    const paid = await db.knex('invoice_payments').where({ invoiceId: inv.id }).sum('amount as s').first();
    expect(Number(paid?.s ?? 0)).toBe(Number(inv.amountPaid));
  }
  const counters = await db.knex('invoice_counters');
  for (const c of counters) {
    const seqs = invoices.filter((i) => i.financialYear === c.financialYear).map((i) => i.sequence).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: c.lastSequence }, (_, k) => k + 1));
  }
  expect(new Set(invoices.map((i) => i.status))).toEqual(new Set(['paid', 'pending', 'cancelled']));
  expect(new Set(invoices.map((i) => i.kind))).toEqual(new Set(['tax-invoice', 'bill-of-supply', 'invoice-cum-bill-of-supply']));
  expect(invoices.some((i) => i.status === 'pending' && i.dueDate < '2026-11-23')).toBe(true);
});

it('registers the demo clinic with a valid made-up GSTIN and UPI ID, which every demo invoice carries', async () => {
  const settings = Object.fromEntries((await db.knex('site_settings').select('key', 'value')).map((r) => [r.key, r.value]));
  expect(settings).toMatchObject({ gstin: DEMO_GSTIN, upi_id: DEMO_UPI_ID });
  expect(isValidGstin(DEMO_GSTIN)).toBe(true);
  expect(isValidUpiId(DEMO_UPI_ID)).toBe(true);
  const invoices = await db.knex('invoices');
  expect(invoices.every((i) => i.gstRegistered && i.supplierGstin === DEMO_GSTIN)).toBe(true);
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

it('spreads appointments from 30 days back to 21 ahead, with a status that fits the date', async () => {
  const rows = await db.knex('appointments');
  const offsets = rows.map((r) => daysFrom(r.preferredDate));
  expect(Math.min(...offsets)).toBeGreaterThanOrEqual(-30);
  expect(Math.max(...offsets)).toBeLessThanOrEqual(21);
  const today = rows.filter((r) => r.preferredDate === TODAY);
  expect(today.length).toBeGreaterThanOrEqual(2);
  expect(today.length).toBeLessThanOrEqual(3);
  for (const r of rows) {
    if (r.preferredDate < TODAY) expect(['completed', 'cancelled']).toContain(r.status);
    if (r.preferredDate > TODAY) expect(['pending', 'confirmed']).toContain(r.status);
  }
  // BOOK-17: every one belongs to a patient and carries that patient's details, phones in normal form (PAT-9):
  // half to patients on file, half (visitors' bookings) to a patient each booking made (counted above).
  expect(rows.filter((r) => r.patientId === null)).toEqual([]);
  const patients = new Map((await db.knex('patients')).map((p) => [p.id, p]));
  for (const p of patients.values()) expect(p.phone).toMatch(/^\+91\d{10}$/);
  for (const r of rows) {
    const p = patients.get(r.patientId);
    expect([r.firstName, r.lastName, r.email, r.phone]).toEqual([p.firstName, p.lastName, p.email, p.phone]);
  }
  expect(rows.filter((r) => r.notes).length).toBeGreaterThan(0);
});

it('issues invoices within 90 days, numbered in date order, in every state the screens show', async () => {
  const invoices = await db.knex('invoices').orderBy(['financialYear', 'sequence']);
  for (const [k, inv] of invoices.entries()) {
    expect(daysFrom(inv.issueDate)).toBeGreaterThanOrEqual(-90);
    expect(daysFrom(inv.issueDate)).toBeLessThanOrEqual(0);
    expect(inv.financialYear).toBe(financialYearOf(inv.issueDate));
    expect(inv.invoiceNumber).toBe(formatInvoiceNumber(inv.financialYear, inv.sequence));
    const previous = invoices[k - 1];
    if (previous?.financialYear === inv.financialYear) expect(inv.issueDate >= previous.issueDate).toBe(true);
    const billTo = typeof inv.billTo === 'string' ? JSON.parse(inv.billTo) : inv.billTo;
    const patient = await db.knex('patients').where({ id: inv.patientId }).first();
    expect(billTo).toEqual({ name: `${patient.firstName} ${patient.lastName}`, email: patient.email, phone: patient.phone, address: patient.address });
    const items = await db.knex('invoice_items').where({ invoiceId: inv.id });
    expect(items.length).toBeGreaterThanOrEqual(1);
    expect(items.length).toBeLessThanOrEqual(3);
    for (const item of items) expect(Number(item.totalPrice)).toBe(item.quantity * Number(item.unitPrice));
    expect(Number(inv.taxPercentage) === 18).toBe(items.some((item) => item.sacCode === '999722'));
    for (const item of items) expect(Number(item.taxRate)).toBe(item.sacCode === '999722' ? 18 : 0);
  }
  const month = clinicMonthRange(NOW);
  const paid = invoices.filter((i) => i.status === 'paid');
  expect(paid).toHaveLength(4);
  expect(paid.every((i) => i.paidOn && i.paidOn >= i.issueDate && i.paidOn <= TODAY)).toBe(true);
  expect(paid.filter((i) => i.paidOn >= month.start && i.paidOn < month.end).length).toBeGreaterThanOrEqual(2);
  const pending = invoices.filter((i) => i.status === 'pending');
  expect(pending.filter((i) => i.dueDate > TODAY)).toHaveLength(3);
  expect(pending.filter((i) => i.dueDate < TODAY)).toHaveLength(2);
  const partly = pending.filter((i) => Number(i.amountPaid) > 0);
  expect(partly).toHaveLength(1);
  expect(Number(partly[0].amountPaid)).toBeLessThan(Number(partly[0].totalAmount));
  const cancelled = invoices.filter((i) => i.status === 'cancelled');
  expect(cancelled).toHaveLength(1);
  expect(cancelled[0].cancelledAt).not.toBeNull();
  const payments = await db.knex('invoice_payments');
  expect(payments.every((p) => p.paidOn >= '2026-08-25' && p.paidOn <= TODAY)).toBe(true);
  expect(new Set(payments.map((p) => p.mode)).size).toBeGreaterThanOrEqual(3);
  const [counter] = await db.knex('invoice_counters');
  expect(counter).toEqual({ financialYear: '2026-27', lastSequence: DEMO_COUNTS.invoices });
});

it('publishes four posts from the last 60 days with images, and keeps two drafts', async () => {
  const posts = await db.knex('blog_posts');
  for (const post of posts) {
    expect(post.slug).toBe(slugify(post.title));
    expect(post.author).toBe('Dr. Ananya Deshpande');
    expect(post.content).not.toMatch(/<script|\son\w+=|javascript:/i);
    if (post.isPublished) {
      const age = (NOW.getTime() - new Date(post.publishedAt).getTime()) / 86_400_000;
      expect(age).toBeGreaterThan(0);
      expect(age).toBeLessThanOrEqual(60);
      expect(post.imageUrl).toMatch(/^\/images\/blog\/[a-z0-9-]+\.webp$/);
    } else {
      expect(post.publishedAt).toBeNull();
    }
  }
});

it('orders the gallery by its own sort order, not by insertion', async () => {
  const images = await db.knex('gallery_images').orderBy('id');
  const orders = images.map((g) => g.sortOrder);
  expect([...orders].sort((a, b) => a - b)).toEqual(Array.from({ length: images.length }, (_, k) => k));
  expect(orders).not.toEqual([...orders].sort((a, b) => a - b));
  expect(new Set(images.map((g) => g.category))).toEqual(new Set(['clinic', 'equipment', 'team', 'treatments', 'before-after']));
});

describe('seeded early in April', () => {
  let april: Database;
  beforeAll(async () => {
    april = await createTestDatabase();
    await seedDemoContent(april.knex, new Date('2026-04-10T10:00:00Z'));
  });
  afterAll(() => april?.close());

  it('numbers each financial year from 0001 and records both counters', async () => {
    const invoices = await april.knex('invoices').orderBy('issueDate');
    const byYear = new Map<string, string[]>();
    for (const inv of invoices) byYear.set(inv.financialYear, [...(byYear.get(inv.financialYear) ?? []), inv.invoiceNumber]);
    expect([...byYear.keys()]).toEqual(['2025-26', '2026-27']);
    for (const [year, numbers] of byYear) {
      expect(numbers).toEqual(numbers.map((_, k) => formatInvoiceNumber(year, k + 1)));
    }
    const counters = await april.knex('invoice_counters').orderBy('financialYear');
    expect(counters).toEqual([...byYear].map(([financialYear, numbers]) => ({ financialYear, lastSequence: numbers.length })));
  });
});
