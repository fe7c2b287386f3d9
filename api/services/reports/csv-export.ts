import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { invoiceStatuses, treatmentLabel, type InvoiceStatus } from '../../../shared/constants/booking';
import { clinicToday } from '../../../shared/domain/clinic-time';
import { invoiceBalance, invoiceStatus } from '../../../shared/domain/invoice-status';
import type { Deps } from '../../deps';
import { badRequest, notFound } from '../../errors';
import { auditExport } from '../../platform/audit';
import { dateQueryParam, parseListQuery } from '../../db/list-query';
import { appointmentFilters, parseAppointmentListQuery } from '../appointments/appointments';
import { applyFilters as invoiceFilters } from '../billing/invoices';
import { patientSearch } from '../patients/patients';

// ADMIN-19: GET /api/admin/export/{patients|appointments|invoices}.csv, with the lists' filters.
// - UTF-8 with a byte-order mark, so Excel opens Marathi and Hindi names correctly; CRLF line ends (RFC 4180).
// - A field holding a comma, a double quote, CR or LF is quoted, its quotes doubled.
// - Free text that starts with = + - @ (or a tab / CR) is prefixed with an apostrophe, so a spreadsheet
//   does not run it as a formula (CSV injection). Phones, emails, dates and amounts are written as they are.
// - Dates are ISO (yyyy-MM-dd, timestamps in UTC ISO 8601), amounts plain numbers (1234.50).
// - Streamed: the rows come from a server-side cursor (DECLARE ... CURSOR, FETCH 1000 at a time) inside a
//   read-only transaction, which works alike on PostgreSQL and on the desktop's PGlite; at most one batch
//   is in memory, and the next is fetched only when the client has taken the last (back-pressure).

export const exportKinds = ['patients', 'appointments', 'invoices'] as const;

/** The lists' filters as the audit trail records them (already checked by plan): search, status and range. */
function exportFilters(params: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of ['q', 'status', 'from', 'to']) {
    const value = String((Array.isArray(params[key]) ? (params[key] as unknown[])[0] : params[key]) ?? '').trim();
    if (value) out[key === 'q' ? 'search' : key] = value.slice(0, 100);
  }
  return out;
}
export type ExportKind = (typeof exportKinds)[number];

const BATCH = 1000;
const BOM = '\uFEFF';

type Row = Record<string, unknown>;
interface Column {
  header: string;
  value: (row: Row) => unknown;
  /** Free text that a spreadsheet could read as a formula. */
  text?: boolean;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field (RFC 4180). */
export function csvField(value: unknown, freeText = false): string {
  if (value === null || value === undefined) return '';
  let s = value instanceof Date ? value.toISOString() : String(value);
  if (freeText && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(values: string[]): string {
  return `${values.join(',')}\r\n`;
}

const col = (header: string, key: string, text = false): Column => ({ header, value: (r) => r[key], text });
const amount = (v: unknown) => (v === null || v === undefined ? '' : String(Number(v)));

interface ExportPlan {
  query: Knex.QueryBuilder;
  columns: Column[];
}

function invoiceStatusParam(raw: unknown): InvoiceStatus | undefined {
  const value = String(raw ?? '').trim();
  if (!value || value === 'all') return undefined;
  if ((invoiceStatuses as readonly string[]).includes(value)) return value as InvoiceStatus;
  throw badRequest('Please select a valid status', { status: 'Please select a valid status' });
}

function plan(deps: Deps, trx: Knex, kind: ExportKind, params: Record<string, unknown>): ExportPlan {
  if (kind === 'patients') {
    const { q } = parseListQuery(params);
    const from = dateQueryParam(params, 'from');
    const to = dateQueryParam(params, 'to');
    const query = trx('patients')
      .select('id', 'firstName', 'lastName', 'email', 'phone', 'address', 'dateOfBirth', 'allergies', 'conditions', 'medications', 'notes', 'createdAt')
      .orderBy('id');
    if (q) query.where(patientSearch(q));
    // from/to: the day the patient was added, at the clinic.
    if (from) query.whereRaw(`(created_at at time zone 'Asia/Kolkata')::date >= ?`, [from]);
    if (to) query.whereRaw(`(created_at at time zone 'Asia/Kolkata')::date <= ?`, [to]);
    return {
      query,
      columns: [
        col('ID', 'id'),
        col('First name', 'first_name', true),
        col('Last name', 'last_name', true),
        col('Email', 'email'),
        col('Phone', 'phone'),
        col('Address', 'address', true),
        col('Date of birth', 'date_of_birth'),
        col('Allergies', 'allergies', true),
        col('Conditions', 'conditions', true),
        col('Medicines', 'medications', true),
        col('Notes', 'notes', true),
        col('Added', 'created_at'),
      ],
    };
  }
  if (kind === 'appointments') {
    const filter = parseAppointmentListQuery(params);
    const query = trx('appointments')
      .select(
        'id', 'preferredDate', 'preferredTime', 'firstName', 'lastName', 'email', 'phone', 'treatment', 'status',
        'source', 'bookedAnyway', 'bookedByName', 'patientId', 'notes', 'createdAt',
      )
      .where(appointmentFilters({ ...filter, limit: null, offset: 0 }))
      .orderBy('preferredDate')
      .orderBy('preferredTime')
      .orderBy('id');
    return {
      query,
      columns: [
        col('ID', 'id'),
        col('Date', 'preferred_date'),
        col('Time', 'preferred_time'),
        col('First name', 'first_name', true),
        col('Last name', 'last_name', true),
        col('Email', 'email'),
        col('Phone', 'phone'),
        { header: 'Treatment', value: (r) => treatmentLabel(String(r.treatment)), text: true },
        col('Status', 'status'),
        col('Source', 'source'),
        { header: 'Booked anyway', value: (r) => (r.booked_anyway ? 'yes' : 'no') },
        col('Booked by', 'booked_by_name', true),
        col('Patient ID', 'patient_id'),
        col('Notes', 'notes', true),
        col('Booked at', 'created_at'),
      ],
    };
  }
  const now = deps.now();
  const from = dateQueryParam(params, 'from');
  const to = dateQueryParam(params, 'to');
  const { q } = parseListQuery(params);
  const query = invoiceFilters(
    trx('invoices as i').leftJoin('patients as p', 'p.id', 'i.patientId'),
    { q, status: invoiceStatusParam(params.status) },
    clinicToday(now),
  )
    .select(
      'i.id', 'i.invoiceNumber', 'i.issueDate', 'i.dueDate', 'i.status', 'i.kind', 'i.subtotal', 'i.taxAmount',
      'i.totalAmount', 'i.amountPaid', 'i.patientId', 'p.firstName', 'p.lastName', 'p.email', 'p.phone',
    )
    .orderBy('i.id');
  if (from) query.where('i.issueDate', '>=', from);
  if (to) query.where('i.issueDate', '<=', to);
  const cancelled = (r: Row) => r.status === 'cancelled';
  return {
    query,
    columns: [
      col('Invoice number', 'invoice_number'),
      col('Issue date', 'issue_date'),
      col('Due date', 'due_date'),
      col('Patient ID', 'patient_id'),
      col('First name', 'first_name', true),
      col('Last name', 'last_name', true),
      col('Email', 'email'),
      col('Phone', 'phone'),
      col('Kind', 'kind'),
      { header: 'Subtotal', value: (r) => amount(r.subtotal) },
      { header: 'Tax', value: (r) => amount(r.tax_amount) },
      { header: 'Total', value: (r) => amount(r.total_amount) },
      { header: 'Paid', value: (r) => amount(r.amount_paid) },
      {
        header: 'Balance',
        value: (r) => (cancelled(r) ? '0' : amount(invoiceBalance(r.total_amount as string, r.amount_paid as string))),
      },
      {
        header: 'Status',
        value: (r) =>
          invoiceStatus(
            { cancelled: cancelled(r), totalAmount: r.total_amount as string, amountPaid: r.amount_paid as string, dueDate: r.due_date as string | null },
            now,
          ),
      },
    ],
  };
}

export function parseExportKind(raw: string): ExportKind {
  const kind = raw.replace(/\.csv$/, '');
  if (!raw.endsWith('.csv') || !(exportKinds as readonly string[]).includes(kind)) throw notFound('Export');
  return kind as ExportKind;
}

/**
 * The CSV as a stream. Bad parameters are refused (400) before the first byte, so the response can still
 * say so; a database failure midway ends the stream with an error (the download is then incomplete).
 */
export async function exportCsv(deps: Deps, kind: ExportKind, params: Record<string, unknown>): Promise<Readable> {
  // Planned first: the filters are checked (400) and the SQL built without running anything.
  const planned = plan(deps, deps.knex, kind, params);
  const { sql, bindings } = planned.query.toSQL();
  // DATA-8: which list, with which filters, before a row leaves. Outside the read-only transaction (which,
  // on the embedded database, holds its one connection).
  await auditExport(deps.knex, { entity: 'export', entityId: kind, what: { list: kind, ...exportFilters(params) } });
  const trx = await deps.knex.transaction();
  try {
    await trx.raw('set transaction read only');
    await trx.raw(`declare csv_export no scroll cursor for ${sql}`, bindings as readonly Knex.Value[]);
  } catch (error) {
    await trx.rollback().catch(() => {});
    throw error;
  }
  trx.executionPromise.catch(() => {});
  const { columns } = planned;
  let rows = 0;
  async function* lines(): AsyncGenerator<string> {
    try {
      yield BOM + csvLine(columns.map((c) => csvField(c.header)));
      for (;;) {
        const result = await trx.raw<{ rows: Row[] }>(`fetch ${BATCH} from csv_export`);
        if (result.rows.length === 0) break;
        rows += result.rows.length;
        yield result.rows.map((r) => csvLine(columns.map((c) => csvField(c.value(r), c.text)))).join('');
      }
      deps.logger.info('csv_exported', { kind, rows });
    } finally {
      // Reached at the end, on a failure, and when the client goes away (the stream is destroyed).
      if (!trx.isCompleted()) await trx.commit().catch(() => {});
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
