import { containsPattern } from '../middleware/list-query';
import type { Knex } from 'knex';
import { clinic } from '../../shared/constants/clinic';
import type { InvoiceStatus } from '../../shared/constants/booking';
import { clinicToday, financialYearOf } from '../../shared/domain/clinic-time';
import { formatInvoiceNumber } from '../../shared/domain/invoice-number';
import { effectiveInvoiceStatus } from '../../shared/domain/invoice-status';
import { computeInvoiceTotals, totalsAgree } from '../../shared/domain/invoice-totals';
import { decimalString, toPaise } from '../../shared/domain/money';
import { invoiceEmail } from '../../shared/emails/invoice';
import { buildInvoiceDocument, type InvoiceDocument } from '../../shared/invoice/document';
import {
  type Invoice,
  type InvoiceBillTo as BillTo,
  type InvoiceCreate,
  type InvoiceDetail,
  invoiceTotalsMismatch,
} from '../../shared/schemas/invoice';
import type { Deps } from '../deps';
import { badRequest, conflict, notFound } from '../errors';
import { enqueueEmail } from './outbox';

// Invoices (SPEC 2, 5, 7; D14, D16, D19). The list is one query with a join; creation is one transaction
// that checks the patient, recomputes every figure, takes the next gap-free number of the financial year
// and writes the invoice with its items.

export const TOTALS_MISMATCH_MESSAGE = 'Invoice totals do not match its items';
export const PATIENT_REQUIRED_MESSAGE = 'Please select a patient';
export const NO_EMAIL_MESSAGE = 'This invoice has no email address';
export const ALREADY_PAID_MESSAGE = 'This invoice is already paid';
export const DUE_BEFORE_ISSUE_MESSAGE = 'Due date cannot be before the invoice date';

/** One invoice as the API answers it (shared/schemas/invoice.ts): `items` and `billTo` come with a single invoice. */
export type InvoiceJson = Invoice & Partial<Pick<InvoiceDetail, 'billTo' | 'items'>>;

export interface InvoiceListQuery {
  q?: string | null;
  status?: InvoiceStatus;
  limit?: number | null;
  offset?: number;
}

type Row = Record<string, unknown>;

const LIST_COLUMNS = [
  'i.id',
  'i.invoiceNumber',
  'i.patientId',
  'i.status',
  'i.issueDate',
  'i.dueDate',
  'i.subtotal',
  'i.taxPercentage',
  'i.taxAmount',
  'i.totalAmount',
  'i.paidOn',
  'i.notes',
  'i.createdAt',
  'p.id as patientRowId',
  'p.firstName as patientFirstName',
  'p.lastName as patientLastName',
  'p.email as patientEmail',
  'p.phone as patientPhone',
];

function baseQuery(db: Knex) {
  return db('invoices as i').leftJoin('patients as p', 'p.id', 'i.patientId');
}

function toJson(row: Row, now: Date): InvoiceJson {
  const patient =
    row.patientRowId == null
      ? null
      : {
          id: Number(row.patientRowId),
          firstName: String(row.patientFirstName),
          lastName: String(row.patientLastName),
          email: String(row.patientEmail),
          phone: String(row.patientPhone),
        };
  const dueDate = (row.dueDate as string | null) ?? null;
  return {
    id: Number(row.id),
    invoiceNumber: String(row.invoiceNumber),
    patientId: row.patientId == null ? null : Number(row.patientId),
    patient,
    status: effectiveInvoiceStatus(String(row.status), dueDate, now),
    issueDate: String(row.issueDate),
    dueDate,
    subtotal: Number(row.subtotal),
    taxPercentage: Number(row.taxPercentage),
    taxAmount: Number(row.taxAmount),
    totalAmount: Number(row.totalAmount),
    paidOn: (row.paidOn as string | null) ?? null,
    notes: (row.notes as string | null) ?? null,
    createdAt: new Date(row.createdAt as string | Date).toISOString(),
  };
}

/** SPEC 2 search and D10 filters, on the joined query. `today` is the clinic's date (D11). */
function applyFilters(query: Knex.QueryBuilder, filter: InvoiceListQuery, today: string): Knex.QueryBuilder {
  const q = filter.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    // Two index-friendly branches instead of an OR across the join: the numbers that match, and the invoices
    // of the patients whose name matches (patients_full_name_trgm serves that one where pg_trgm exists).
    query.whereRaw(
      `i.id in (
        select id from invoices where invoice_number ilike ?
        union all
        select iv.id from invoices iv join patients pt on pt.id = iv.patient_id
        where (pt.first_name || ' ' || pt.last_name) ilike ?)`,
      [pattern, pattern],
    );
  }
  if (filter.status === 'paid') query.where('i.status', 'paid');
  if (filter.status === 'overdue') query.whereNot('i.status', 'paid').where('i.dueDate', '<', today);
  if (filter.status === 'pending') {
    query.whereNot('i.status', 'paid').where((w) => w.whereNull('i.dueDate').orWhere('i.dueDate', '>=', today));
  }
  return query;
}

/** GET /api/admin/invoices: newest first, each with its patient (or null) and its status as of today. */
export async function listInvoices(
  deps: Deps,
  filter: InvoiceListQuery,
): Promise<{ invoices: InvoiceJson[]; total: number | null }> {
  const now = deps.now();
  const today = clinicToday(now);
  const query = applyFilters(baseQuery(deps.knex).select(LIST_COLUMNS), filter, today).orderBy('i.id', 'desc');
  if (filter.limit) query.limit(filter.limit);
  if (filter.offset) query.offset(filter.offset);
  const paged = Boolean(filter.limit || filter.offset);
  // A page also answers the full count; on a server the two queries run side by side.
  const [rows, counted] = await Promise.all([
    query as Promise<Row[]>,
    paged ? applyFilters(deps.knex('invoices as i'), filter, today).count('* as n').first() : undefined,
  ]);
  const total = paged ? Number(counted?.n ?? 0) : null;
  return { invoices: rows.map((row) => toJson(row, now)), total };
}

/** One invoice with its items (in position order) and its bill-to, or null. */
export async function readInvoice(db: Knex, id: number, now: Date): Promise<InvoiceJson | null> {
  const row: Row | undefined = await baseQuery(db)
    .select([...LIST_COLUMNS, 'i.billTo'])
    .where('i.id', id)
    .first();
  if (!row) return null;
  const items: Row[] = await db('invoice_items')
    .where({ invoiceId: id })
    .orderBy('position')
    .select('id', 'position', 'description', 'sacCode', 'quantity', 'unitPrice', 'totalPrice');
  const billTo = (typeof row.billTo === 'string' ? JSON.parse(row.billTo) : row.billTo) as BillTo;
  return {
    ...toJson(row, now),
    billTo,
    items: items.map((item) => ({
      id: Number(item.id),
      position: Number(item.position),
      description: String(item.description),
      sacCode: (item.sacCode as string | null) ?? null,
      quantity: Number(item.quantity),
      unitPrice: Number(item.unitPrice),
      totalPrice: Number(item.totalPrice),
    })),
  };
}

export async function getInvoice(deps: Deps, id: number): Promise<InvoiceJson> {
  const invoice = await readInvoice(deps.knex, id, deps.now());
  if (!invoice) throw notFound('Invoice');
  return invoice;
}

/**
 * POST /api/admin/invoices. Figures are recomputed from the items; a payload that disagrees by more than
 * a paisa is refused before anything is written (D14). The number comes from invoice_counters: the upsert
 * locks the financial year's row until commit, so concurrent creations queue for it and get consecutive,
 * unique numbers; a creation that fails later rolls the counter back with everything else (no gaps).
 */
export async function createInvoice(deps: Deps, input: InvoiceCreate): Promise<InvoiceJson> {
  const totals = computeInvoiceTotals(input.items, input.taxPercentage);
  const mismatch = invoiceTotalsMismatch(input);
  if (mismatch || !totalsAgree(input, totals)) {
    throw badRequest(TOTALS_MISMATCH_MESSAGE, mismatch ? { [mismatch.field]: mismatch.message } : undefined);
  }

  const now = deps.now();
  const issueDate = clinicToday(now);
  if (input.dueDate && input.dueDate < issueDate) {
    throw badRequest(DUE_BEFORE_ISSUE_MESSAGE, { dueDate: DUE_BEFORE_ISSUE_MESSAGE });
  }
  const financialYear = financialYearOf(issueDate);

  return deps.knex.transaction(async (trx) => {
    // `for key share`: the patient cannot be deleted under us before the invoice references it.
    const patient = await trx('patients')
      .where({ id: input.patientId })
      .forKeyShare()
      .first('id', 'firstName', 'lastName', 'email', 'phone', 'address');
    if (!patient) throw badRequest(PATIENT_REQUIRED_MESSAGE, { patientId: PATIENT_REQUIRED_MESSAGE });

    const counter = await trx.raw(
      `insert into invoice_counters (financial_year, last_sequence) values (?, 1)
       on conflict (financial_year) do update set last_sequence = invoice_counters.last_sequence + 1
       returning last_sequence`,
      [financialYear],
    );
    const sequence = Number(counter.rows[0].last_sequence);

    const billTo: BillTo = {
      name: `${patient.firstName} ${patient.lastName}`,
      email: patient.email ?? null,
      phone: patient.phone ?? null,
      address: patient.address ?? null,
    };
    const [{ id }] = await trx('invoices')
      .insert({
        invoiceNumber: formatInvoiceNumber(financialYear, sequence),
        financialYear,
        sequence,
        patientId: patient.id,
        billTo: JSON.stringify(billTo),
        issueDate,
        dueDate: input.dueDate,
        subtotal: decimalString(totals.paise.subtotal),
        taxPercentage: decimalString(toPaise(input.taxPercentage)),
        taxAmount: decimalString(totals.paise.taxAmount),
        totalAmount: decimalString(totals.paise.totalAmount),
        status: 'pending',
        notes: input.notes,
      })
      .returning('id');
    await trx('invoice_items').insert(
      input.items.map((item, i) => ({
        invoiceId: id,
        position: i + 1,
        description: item.description,
        sacCode: item.sacCode,
        quantity: item.quantity,
        unitPrice: decimalString(toPaise(item.unitPrice)),
        totalPrice: decimalString(totals.paise.items[i]),
      })),
    );
    const created = await readInvoice(trx, id, now);
    if (!created) throw new Error('The invoice just created could not be read back');
    deps.logger.info('invoice_created', { id, invoiceNumber: created.invoiceNumber });
    return created;
  });
}

/** PATCH /:id/mark-paid: records the clinic's today as the date paid (D14); a paid invoice is a 409. */
export async function markInvoicePaid(deps: Deps, id: number): Promise<InvoiceJson> {
  const now = deps.now();
  const updated = await deps
    .knex('invoices')
    .where({ id })
    .whereNot('status', 'paid')
    .update({ status: 'paid', paidOn: clinicToday(now), updatedAt: deps.knex.fn.now() })
    .returning('id');
  if (updated.length === 0) {
    const exists = await deps.knex('invoices').where({ id }).first('id');
    throw exists ? conflict(ALREADY_PAID_MESSAGE) : notFound('Invoice');
  }
  return getInvoice(deps, id);
}

/**
 * DELETE /:id: the items go with it (cascade). An invoice email still waiting in the outbox is withdrawn
 * too: its PDF could no longer be made, and the patient should not receive a deleted invoice.
 */
export async function deleteInvoice(deps: Deps, id: number): Promise<void> {
  await deps.knex.transaction(async (trx) => {
    // `returning`: PGlite's driver answers a raw result instead of a count when nothing was deleted.
    const deleted = await trx('invoices').where({ id }).delete().returning('id');
    if (deleted.length === 0) throw notFound('Invoice');
    await trx('email_outbox')
      .whereNull('sentAt')
      .whereRaw('attachments @> ?::jsonb', [JSON.stringify([{ type: 'invoice-pdf', invoiceId: id }])])
      .delete();
  });
}

/** The document both renderings draw (D16), or null when the invoice does not exist. */
export async function loadInvoiceDocument(db: Knex, id: number, now: Date = new Date()): Promise<InvoiceDocument | null> {
  const invoice = await readInvoice(db, id, now);
  return invoice ? invoiceDocument(invoice) : null;
}

export function invoiceDocument(invoice: InvoiceJson): InvoiceDocument {
  if (!invoice.items || !invoice.billTo) throw new Error('An invoice document needs the items and the bill-to');
  return buildInvoiceDocument({ ...invoice, billTo: invoice.billTo, items: invoice.items }, clinic);
}

/**
 * POST /:id/send: queues the invoice email to the patient (their current address, else the one billed)
 * with the PDF attached. The PDF is made by the outbox worker at send time (api/services/attachments.ts).
 */
export async function sendInvoice(deps: Deps, id: number): Promise<void> {
  const invoice = await getInvoice(deps, id);
  const to = invoice.patient?.email || invoice.billTo?.email;
  if (!to) throw conflict(NO_EMAIL_MESSAGE);
  const email = invoiceEmail(invoiceDocument(invoice));
  await deps.knex.transaction(async (trx) => {
    await enqueueEmail(trx, { kind: 'invoice', to, ...email, attachments: [{ type: 'invoice-pdf', invoiceId: id }] });
  });
  deps.nudgeOutbox();
  deps.logger.info('invoice_email_queued', { id });
}
