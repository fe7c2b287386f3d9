import type { Knex } from 'knex';
import { CLINIC_TIME_ZONE } from '../../../shared/domain/clinic-time';
import { timeSlotLabel } from '../../../shared/constants/booking';
import { formatDate } from '../../../shared/domain/dates';
import type { AuditPage, AuditQuery, AuditRow } from '../../../shared/schemas/audit';

// GET /api/admin/audit (DATA-6): newest first, ordered by (at, id). Every filter has an index in that
// order (migration 012), so a page is an index range scan at any table size. Paging by `cursor` (the last
// row's at in microseconds and its id) costs the same on page 1 and page 20,000; `offset` is accepted too.
// No total count: counting a million rows would cost more than the page itself.

interface Raw {
  id: string;
  at: Date;
  atUs: string;
  userId: number | null;
  userName: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  changes: AuditRow['changes'];
}

const ids = (rows: Raw[], entity: string) => [
  ...new Set(rows.filter((r) => r.entity === entity && r.entityId && /^\d{1,18}$/.test(r.entityId)).map((r) => Number(r.entityId))),
];
const joinName = (first: unknown, last: unknown) => [first, last].filter((v) => typeof v === 'string' && v.trim()).join(' ');
const appointmentSubject = (name: string, date: unknown, time: unknown) =>
  [name, typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${formatDate(date)}${typeof time === 'string' && time ? ` at ${timeSlotLabel(time.slice(0, 5))}` : ''}` : '']
    .filter(Boolean)
    .join(', ');

/**
 * ADMIN-24: what each row is about, as the owner reads it: the appointment's patient and time, the patient's
 * name, the invoice's number. Read now, from the records as they are (an erased patient's name is gone, DATA-3);
 * a deleted appointment's from its delete row (DATA-9). Three indexed lookups for the page's ids at most.
 */
async function subjects(knex: Knex, rows: Raw[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const appointmentIds = ids(rows, 'appointment');
  const patientIds = ids(rows, 'patient');
  const invoiceIds = ids(rows, 'invoice');
  const [appointments, patients, invoices] = await Promise.all([
    appointmentIds.length
      ? knex('appointments').whereIn('id', appointmentIds).select('id', 'firstName', 'lastName', 'preferredDate', 'preferredTime')
      : [],
    patientIds.length ? knex('patients').whereIn('id', patientIds).select('id', 'firstName', 'lastName') : [],
    invoiceIds.length ? knex('invoices').whereIn('id', invoiceIds).select('id', 'invoiceNumber') : [],
  ]);
  for (const a of appointments) {
    const date = a.preferredDate instanceof Date ? a.preferredDate.toISOString().slice(0, 10) : a.preferredDate;
    out.set(`appointment:${a.id}`, appointmentSubject(joinName(a.firstName, a.lastName), date, a.preferredTime));
  }
  for (const p of patients) out.set(`patient:${p.id}`, joinName(p.firstName, p.lastName));
  for (const i of invoices) out.set(`invoice:${i.id}`, String(i.invoiceNumber));
  // A deleted appointment: its delete row says whose it was and when (DATA-9).
  for (const r of rows) {
    if (r.entity !== 'appointment' || r.action !== 'delete' || out.has(`appointment:${r.entityId}`) || !r.changes) continue;
    const old = (field: string) => r.changes?.[field]?.old;
    out.set(`appointment:${r.entityId}`, appointmentSubject(String(old('patient') ?? ''), old('preferredDate'), old('preferredTime')));
  }
  return out;
}

export async function readAuditTrail(knex: Knex, q: AuditQuery): Promise<AuditPage> {
  const query = knex('auditLog')
    .select('id', 'at', 'userId', 'userName', 'action', 'entity', 'entityId', 'changes')
    .select(knex.raw('(extract(epoch from at) * 1000000)::bigint::text as at_us'))
    .orderBy([{ column: 'at', order: 'desc' }, { column: 'id', order: 'desc' }])
    .limit(q.limit + 1);
  if (q.user !== undefined) query.where('userId', q.user);
  if (q.entity) query.where('entity', q.entity);
  if (q.entityId) query.where('entityId', q.entityId);
  // Clinic days, both ends included.
  if (q.from) query.whereRaw('at >= (?::date)::timestamp at time zone ?', [q.from, CLINIC_TIME_ZONE]);
  if (q.to) query.whereRaw('at < (?::date + 1)::timestamp at time zone ?', [q.to, CLINIC_TIME_ZONE]);
  if (q.cursor) {
    const [us, id] = q.cursor.split('.');
    query.whereRaw("(at, id) < (timestamptz 'epoch' + ?::bigint * interval '1 microsecond', ?::bigint)", [us, id]);
  } else if (q.offset) {
    query.offset(q.offset);
  }
  const rows = (await query) as Raw[];
  const more = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  const about = await subjects(knex, page);
  return {
    rows: page.map((r) => ({
      id: String(r.id),
      at: r.at.toISOString(),
      userId: r.userId,
      userName: r.userName,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      changes: r.changes,
      subject: (r.entityId && about.get(`${r.entity}:${r.entityId}`)) || null,
    })),
    next: more && last ? `${last.atUs}.${last.id}` : null,
  };
}
