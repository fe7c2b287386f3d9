import { containsPattern } from '../../db/list-query';
import type { Knex } from 'knex';
import { clinic } from '../../../shared/constants/clinic';
import type { InvoiceStatus } from '../../../shared/constants/booking';
import { invoiceKinds, type InvoiceKind, type PaymentMode } from '../../../shared/constants/invoice';
import { clinicToday, financialYearOf } from '../../../shared/domain/clinic-time';
import { formatInvoiceNumber } from '../../../shared/domain/invoice-number';
import { invoiceBalance, invoiceStatus } from '../../../shared/domain/invoice-status';
import { computeInvoiceTotals, totalsAgree } from '../../../shared/domain/invoice-totals';
import { decimalString, fromPaise, toPaise } from '../../../shared/domain/money';
import { invoiceEmail } from '../../../shared/emails/invoice';
import { isLang } from '../../../shared/i18n/types';
import { buildInvoiceDocument, type InvoiceDocument } from '../../../shared/invoice/document';
import { receiptNumber } from '../../../shared/invoice/receipt';
import {
  type Invoice,
  type InvoiceBillTo as BillTo,
  type InvoiceCreate,
  type InvoiceDetail,
  type InvoiceItem,
  type InvoicePayment,
  NOT_REGISTERED_MESSAGE,
  invoiceTotalsMismatch,
} from '../../../shared/schemas/invoice';
import type { Deps } from '../../deps';
import { badRequest, conflict, notFound } from '../../errors';
import { noEmailMessage, patientName } from '../../../shared/schemas/patient';
import { audit } from '../../platform/audit';
import { enqueueEmail } from '../../platform/mail/outbox';
import { settingValue } from '../content/site-settings';
import { refuseMerged } from '../patients/patients';
import { creditedByLine, readCreditNotes } from './credit-notes';

// Invoices (INV-1 to INV-27, PAT-4). The list is one query with a join; creation is one
// transaction that checks the patient, recomputes every figure per GST rate (shared/domain/invoice-totals.ts),
// takes the next gap-free number of the financial year and writes the invoice with its items. A numbered
// invoice is never erased: DELETE cancels it. Payments are in ./payments.ts.

export const TOTALS_MISMATCH_MESSAGE = 'Invoice totals do not match its items';
export const PATIENT_REQUIRED_MESSAGE = 'Please select a patient';
export const ALREADY_PAID_MESSAGE = 'This invoice is already paid';
export const ALREADY_CANCELLED_MESSAGE = 'This invoice is already cancelled';
export const CANCELLED_MESSAGE = 'This invoice is cancelled';
export const CANCELLED_SEND_MESSAGE = 'A cancelled invoice cannot be sent';
export const DUE_BEFORE_ISSUE_MESSAGE = 'Due date cannot be before the invoice date';
export const TOO_LARGE_MESSAGE = 'Amount is too large';
export const APPOINTMENT_MESSAGE = 'Please select a valid appointment';
export const HAS_CREDIT_NOTES_MESSAGE = 'This invoice has credit notes: credit what is left of it with a credit note instead of cancelling it';
export const OTHER_PATIENT_VISIT_MESSAGE = "This visit is another patient's appointment";

// numeric(12, 2) holds up to 9,999,999,999.99.
const MAX_STORED_PAISE = 999_999_999_999;

// The invoice as the API answers it is defined once, in shared/schemas/invoice.ts; these are its names here.
export type { InvoicePatient, TaxSummaryLine } from '../../../shared/schemas/invoice';
export type InvoiceItemJson = InvoiceItem;
export type PaymentJson = InvoicePayment;
/** One invoice: `billTo`, `items`, `taxSummary`, `payments` and `upiId` come with a single invoice, not in the list. */
export type InvoiceJson = Invoice & Partial<Pick<InvoiceDetail, 'billTo' | 'items' | 'taxSummary' | 'payments' | 'upiId' | 'creditNotes'>>;

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
  'i.kind',
  'i.issueDate',
  'i.dueDate',
  'i.subtotal',
  'i.taxPercentage',
  'i.taxAmount',
  'i.totalAmount',
  'i.amountPaid',
  'i.paidOn',
  'i.cancelledAt',
  'i.gstRegistered',
  'i.supplierGstin',
  'i.notes',
  'i.appointmentId',
  'i.createdAt',
  'i.creditedAmount',
  'p.id as patientRowId',
  'p.firstName as patientFirstName',
  'p.lastName as patientLastName',
  'p.email as patientEmail',
  'p.fileNumber as patientFileNumber',
  'p.phone as patientPhone',
];

function baseQuery(db: Knex) {
  // PAT-19: the address the Email action would use, so the list offers it only when there is one.
  return db('invoices as i').leftJoin('patients as p', 'p.id', 'i.patientId').select(db.raw(`coalesce(nullif(p.email, ''), nullif(i.bill_to->>'email', '')) as "emailTo"`));
}

const iso = (value: unknown) => new Date(value as string | Date).toISOString();

function toJson(row: Row, now: Date): InvoiceJson {
  const patient =
    row.patientRowId == null
      ? null
      : {
          id: Number(row.patientRowId),
          firstName: String(row.patientFirstName),
          lastName: String(row.patientLastName),
          fileNumber: String(row.patientFileNumber),
          // PAT-11: a patient may have no email.
          email: row.patientEmail == null ? null : String(row.patientEmail),
          phone: String(row.patientPhone),
        };
  const dueDate = (row.dueDate as string | null) ?? null;
  const kind = String(row.kind) as InvoiceKind;
  const cancelled = row.status === 'cancelled';
  const totalAmount = row.totalAmount as string;
  const amountPaid = row.amountPaid as string;
  // INV-42: what credit notes took off the invoice is no longer owed.
  const credited = toPaise((row.creditedAmount as string | undefined) ?? 0);
  const owed = decimalString(toPaise(totalAmount) - credited);
  return {
    id: Number(row.id),
    invoiceNumber: String(row.invoiceNumber),
    patientId: row.patientId == null ? null : Number(row.patientId),
    patient,
    emailTo: row.emailTo == null ? null : String(row.emailTo),
    status: invoiceStatus({ cancelled, totalAmount: owed, amountPaid, dueDate }, now),
    kind,
    title: invoiceKinds[kind],
    issueDate: String(row.issueDate),
    dueDate,
    subtotal: Number(row.subtotal),
    taxPercentage: Number(row.taxPercentage),
    taxAmount: Number(row.taxAmount),
    totalAmount: Number(totalAmount),
    amountPaid: Number(amountPaid),
    balance: cancelled ? 0 : invoiceBalance(owed, amountPaid),
    creditedAmount: fromPaise(credited),
    paidOn: (row.paidOn as string | null) ?? null,
    cancelledAt: row.cancelledAt == null ? null : iso(row.cancelledAt),
    gstRegistered: Boolean(row.gstRegistered),
    supplierGstin: (row.supplierGstin as string | null) ?? null,
    notes: (row.notes as string | null) ?? null,
    appointmentId: row.appointmentId == null ? null : Number(row.appointmentId),
    createdAt: iso(row.createdAt),
  };
}

/** INV-2 search and API-7 filters, on the joined query. `today` is the clinic's date (CLINIC-3). */
export function applyFilters(query: Knex.QueryBuilder, filter: InvoiceListQuery, today: string): Knex.QueryBuilder {
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
  // The statuses as shared/domain/invoice-status.ts reads them: paid and cancelled are stored; an unpaid
  // invoice past its due date is overdue, else partially-paid when something was paid, else pending.
  const notDue = (w: Knex.QueryBuilder) => w.whereNull('i.dueDate').orWhere('i.dueDate', '>=', today);
  switch (filter.status) {
    case 'paid':
    case 'cancelled':
      query.where('i.status', filter.status);
      break;
    case 'overdue':
      query.where('i.status', 'pending').where('i.dueDate', '<', today);
      break;
    case 'partially-paid':
      query.where('i.status', 'pending').where('i.amountPaid', '>', 0).where(notDue);
      break;
    case 'pending':
      query.where('i.status', 'pending').where('i.amountPaid', 0).where(notDue);
      break;
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

export function paymentJson(row: Row, invoiceNumber: string, ordinal: number): PaymentJson {
  return {
    id: Number(row.id),
    invoiceId: Number(row.invoiceId),
    amount: Number(row.amount),
    paidOn: String(row.paidOn),
    mode: String(row.mode) as PaymentMode,
    reference: (row.reference as string | null) ?? null,
    receiptNumber: receiptNumber(invoiceNumber, ordinal),
    createdAt: iso(row.createdAt),
    kind: row.kind === 'credit' ? 'credit' : 'payment',
    refunded: Number(row.refunded ?? 0),
  };
}

/** An invoice's payments in the order they were recorded (which numbers their receipts). */
export async function readPayments(db: Knex, invoiceId: number, invoiceNumber: string): Promise<PaymentJson[]> {
  const rows: Row[] = await db('invoice_payments')
    .where({ invoiceId })
    .orderBy('id')
    .select('id', 'invoiceId', 'amount', 'paidOn', 'mode', 'reference', 'createdAt', 'kind', 'refunded');
  return rows.map((row, i) => paymentJson(row, invoiceNumber, i + 1));
}

/** The clinical item an invoice line bills, from the invoice's billed_clinical_items rows. */
function billedItemOf(rows: Row[], invoiceItemId: number): number | null {
  const row = rows.find((b) => Number(b.invoiceItemId) === invoiceItemId);
  return row ? Number(row.clinicalItemId) : null;
}

/** One invoice with its items (in position order), bill-to, GST summary and payments, or null. */
export async function readInvoice(db: Knex, id: number, now: Date): Promise<InvoiceJson | null> {
  const row: Row | undefined = await baseQuery(db)
    .select([...LIST_COLUMNS, 'i.billTo'])
    .where('i.id', id)
    .first();
  if (!row) return null;
  const items: Row[] = await db('invoice_items')
    .where({ invoiceId: id })
    .orderBy('position')
    .select('id', 'position', 'description', 'sacCode', 'quantity', 'unitPrice', 'totalPrice', 'taxRate');
  const invoice = toJson(row, now);
  const payments = await readPayments(db, id, invoice.invoiceNumber);
  const upiId = await settingValue(db, 'upi_id');
  // INV-40, INV-41: the invoice's credit notes, what each line has had credited, and the clinical item a line bills.
  const creditNotes = await readCreditNotes(db, { invoiceId: id });
  const credited = await creditedByLine(db, id);
  const billedRows: Row[] = await db('billedClinicalItems').where({ invoiceId: id }).select('clinicalItemId', 'invoiceItemId');
  const billTo = (typeof row.billTo === 'string' ? JSON.parse(row.billTo) : row.billTo) as BillTo;
  const itemJson = items.map((item) => ({
    id: Number(item.id),
    position: Number(item.position),
    description: String(item.description),
    sacCode: (item.sacCode as string | null) ?? null,
    quantity: Number(item.quantity),
    unitPrice: Number(item.unitPrice),
    totalPrice: Number(item.totalPrice),
    taxRate: Number(item.taxRate),
    credited: fromPaise(credited.get(Number(item.id)) ?? 0),
    clinicalItemId: billedItemOf(billedRows, Number(item.id)),
  }));
  const totals = computeInvoiceTotals(itemJson, invoice.taxPercentage, { registered: invoice.gstRegistered });
  return {
    ...invoice,
    billTo,
    items: itemJson,
    taxSummary: totals.rates.map((line) => ({
      rate: line.rate,
      taxableValue: line.taxable,
      cgst: line.cgst,
      sgst: line.sgst,
      totalTax: line.tax,
    })),
    payments,
    upiId,
    creditNotes,
  };
}

export async function getInvoice(deps: Deps, id: number): Promise<InvoiceJson> {
  const invoice = await readInvoice(deps.knex, id, deps.now());
  if (!invoice) throw notFound('Invoice');
  return invoice;
}

/**
 * POST /api/admin/invoices. Figures are recomputed from the items per GST rate, with no GST at all while
 * the clinic has no GSTIN (INV-19); a payload that disagrees by more than a paisa is refused before anything
 * is written (INV-8). The number comes from invoice_counters: the upsert locks the financial year's row
 * until commit, so concurrent creations queue for it and get consecutive, unique numbers; a creation that
 * fails later rolls the counter back with everything else (no gaps). Cancelling never gives a number back.
 */
export async function createInvoice(deps: Deps, typed: InvoiceCreate): Promise<InvoiceJson> {
  const now = deps.now();
  const issueDate = clinicToday(now);
  if (typed.dueDate && typed.dueDate < issueDate) {
    throw badRequest(DUE_BEFORE_ISSUE_MESSAGE, { dueDate: DUE_BEFORE_ISSUE_MESSAGE });
  }
  return deps.knex.transaction((trx) => insertInvoice(deps, trx, typed));
}

/**
 * createInvoice's work inside the caller's transaction: billing from a treatment plan (PLAN-12) writes the
 * invoice and marks its items billed in one transaction.
 */
export async function insertInvoice(deps: Deps, trx: Knex.Transaction, typed: InvoiceCreate): Promise<InvoiceJson> {
  const now = deps.now();
  const issueDate = clinicToday(now);
  const financialYear = financialYearOf(issueDate);
  {
    // The registration as it stands when the invoice is issued; the invoice keeps it (Rule 46).
    const gstin = await settingValue(trx, 'gstin');
    const registered = gstin !== null;
    // INV-38: an item with no rate of its own (one typed by hand included) takes the invoice's taxPercentage.
    const input: InvoiceCreate = typed;
    let totals;
    try {
      totals = computeInvoiceTotals(input.items, input.taxPercentage, { registered });
    } catch {
      throw badRequest(TOO_LARGE_MESSAGE, { totalAmount: TOO_LARGE_MESSAGE });
    }
    if (totals.paise.totalAmount > MAX_STORED_PAISE) throw badRequest(TOO_LARGE_MESSAGE, { totalAmount: TOO_LARGE_MESSAGE });
    const mismatch = invoiceTotalsMismatch(input, { registered });
    if (mismatch || !totalsAgree(input, totals)) {
      const message = !registered && mismatch?.field === 'taxAmount' ? NOT_REGISTERED_MESSAGE : TOTALS_MISMATCH_MESSAGE;
      throw badRequest(message, mismatch ? { [mismatch.field]: mismatch.message } : undefined);
    }

    // `for key share`: the patient cannot be deleted under us before the invoice references it.
    const patient = await trx('patients')
      .where({ id: input.patientId })
      .forKeyShare()
      .first('id', 'firstName', 'lastName', 'email', 'phone', 'address', 'mergedIntoId');
    if (!patient) throw badRequest(PATIENT_REQUIRED_MESSAGE, { patientId: PATIENT_REQUIRED_MESSAGE });
    // PAT-13: a merged record takes no new invoice; the 409 names the record it went into.
    await refuseMerged(trx, patient);
    if (input.appointmentId !== null) {
      // DESK-15: the visit must exist and, when it is linked to a patient, be that patient's. A visit billed
      // before is not refused (the screen warns): a second invoice for one visit can be right.
      const visit = await trx('appointments').where({ id: input.appointmentId }).forKeyShare().first('id', 'patientId');
      if (!visit) throw badRequest(APPOINTMENT_MESSAGE, { appointmentId: APPOINTMENT_MESSAGE });
      if (visit.patientId != null && Number(visit.patientId) !== patient.id) {
        throw badRequest(OTHER_PATIENT_VISIT_MESSAGE, { appointmentId: OTHER_PATIENT_VISIT_MESSAGE });
      }
    }

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
    // An invoice of nothing (free items only) has nothing to pay: it is paid as issued.
    const settled = totals.paise.totalAmount === 0;
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
        kind: totals.kind,
        gstRegistered: registered,
        supplierGstin: gstin,
        status: settled ? 'paid' : 'pending',
        paidOn: settled ? issueDate : null,
        notes: input.notes,
        appointmentId: input.appointmentId,
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
        taxRate: decimalString(toPaise(totals.items[i].taxRate)),
      })),
    );
    const created = await readInvoice(trx, id, now);
    if (!created) throw new Error('The invoice just created could not be read back');
    await audit(trx, {
      action: 'create',
      entity: 'invoice',
      entityId: id,
      changes: {
        invoiceNumber: { old: null, new: created.invoiceNumber },
        patientId: { old: null, new: patient.id },
        ...(input.appointmentId !== null ? { appointmentId: { old: null, new: input.appointmentId } } : {}),
        totalAmount: { old: null, new: created.totalAmount },
        status: { old: null, new: created.status },
      },
    });
    deps.logger.info('invoice_created', { id, invoiceNumber: created.invoiceNumber, kind: created.kind });
    return created;
  }
}

/**
 * DELETE /:id (INV-12): cancels the invoice. It keeps its number (the series stays gap-free, CGST Rule 46),
 * its items and payments; it reads cancelled, prints CANCELLED, and leaves revenue and the pending count.
 * An invoice email still waiting in the outbox is withdrawn: the patient should not receive it.
 */
export async function cancelInvoice(deps: Deps, id: number): Promise<void> {
  await deps.knex.transaction(async (trx) => {
    const before = await trx('invoices').where({ id }).forUpdate().first('status');
    // INV-45: an invoice with credit notes is not cancelled (the notes already reversed part of it in their
    // month's figures): what is left of it is credited instead.
    if (before && before.status !== 'cancelled' && (await trx('creditNotes').where({ invoiceId: id }).first('id'))) throw conflict(HAS_CREDIT_NOTES_MESSAGE);
    // `returning`: PGlite's driver answers a raw result instead of a count when nothing was updated.
    const cancelled = await trx('invoices')
      .where({ id })
      .whereNot('status', 'cancelled')
      .update({ status: 'cancelled', cancelledAt: deps.now(), updatedAt: deps.now() })
      .returning(['id', 'invoiceNumber']);
    if (cancelled.length === 0) {
      const exists = await trx('invoices').where({ id }).first('id');
      throw exists ? conflict(ALREADY_CANCELLED_MESSAGE) : notFound('Invoice');
    }
    await audit(trx, { action: 'cancel', entity: 'invoice', entityId: id, changes: { status: { old: before?.status ?? null, new: 'cancelled' } } });
    await trx('email_outbox')
      .whereNull('sentAt')
      .whereRaw('attachments @> ?::jsonb', [JSON.stringify([{ type: 'invoice-pdf', invoiceId: id }])])
      .delete();
  });
  deps.logger.info('invoice_cancelled', { id });
}

/** The document both renderings draw (INV-17), or null when the invoice does not exist. */
export async function loadInvoiceDocument(db: Knex, id: number, now: Date): Promise<InvoiceDocument | null> {
  const invoice = await readInvoice(db, id, now);
  return invoice ? invoiceDocument(invoice) : null;
}

export function invoiceDocument(invoice: InvoiceJson): InvoiceDocument {
  if (!invoice.items || !invoice.billTo) throw new Error('An invoice document needs the items and the bill-to');
  return buildInvoiceDocument({ ...invoice, billTo: invoice.billTo, items: invoice.items }, clinic);
}

/**
 * POST /:id/send: queues the invoice email to the patient (their current address, else the one billed)
 * with the PDF attached. The PDF is made by the outbox worker at send time (api/services/mail-attachments.ts).
 */
export async function sendInvoice(deps: Deps, id: number): Promise<void> {
  const invoice = await getInvoice(deps, id);
  if (invoice.status === 'cancelled') throw conflict(CANCELLED_SEND_MESSAGE);
  const to = invoice.emailTo;
  // PAT-19: an email staff ask for, to nobody, is a bad request that names who has no address.
  if (!to) throw badRequest(noEmailMessage(invoice.billTo?.name || (invoice.patient ? patientName(invoice.patient) : 'This patient'), 'invoice'));
  // I18N-3: in the language of the patient's latest booking with this address (English without one).
  const latest = await deps
    .knex('appointments')
    .whereRaw('lower(email) = lower(?)', [to])
    .orderBy('createdAt', 'desc')
    .first<{ language: string } | undefined>('language');
  const email = invoiceEmail(invoiceDocument(invoice), isLang(latest?.language) ? latest.language : 'en');
  await deps.knex.transaction(async (trx) => {
    await enqueueEmail(trx, { kind: 'invoice', to, ...email, attachments: [{ type: 'invoice-pdf', invoiceId: id }] });
    await audit(trx, { action: 'send', entity: 'invoice', entityId: id, changes: { sentTo: { old: null, new: to } } });
  });
  deps.nudgeOutbox();
  deps.logger.info('invoice_email_queued', { id });
}
