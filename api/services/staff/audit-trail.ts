import type { Knex } from 'knex';
import { CLINIC_TIME_ZONE } from '../../../shared/domain/clinic-time';
import { auditHeading, describeAuditRow, type AuditAbout } from '../../../shared/domain/audit-text';
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
const dateText = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : typeof v === 'string' ? v.slice(0, 10) : null);
const timeText = (v: unknown) => (typeof v === 'string' && v ? v.slice(0, 5) : null);

/** Records whose rows name a patient through the record's patient_id. */
const OF_A_PATIENT: Record<string, string> = {
  'treatment-plan': 'treatmentPlans',
  'clinical-item': 'clinicalItems',
  'visit-note': 'visitNotes',
  'medical-history': 'medicalHistoryVersions',
};

/**
 * ADMIN-25: what each row is about, at the row's time. Names are read now, from the records as they are (an
 * erased patient's name is gone, DATA-3); an appointment's date, time and status are the ones it had just
 * after the row: its record now, with every later row of it taken back (each row keeps the old values it
 * replaced). A deleted appointment's from its delete row (DATA-9). A few indexed lookups per page.
 */
async function about(knex: Knex, rows: Raw[]): Promise<Map<string, AuditAbout>> {
  const out = new Map<string, AuditAbout>();
  const byRow = new Map<string, AuditAbout>();
  const appointmentIds = ids(rows, 'appointment');
  const patientIds = ids(rows, 'patient');
  const invoiceIds = ids(rows, 'invoice');
  const userIds = ids(rows, 'user');
  const [appointments, patients, invoices, users] = await Promise.all([
    appointmentIds.length
      ? knex('appointments').whereIn('id', appointmentIds).select('id', 'firstName', 'lastName', 'preferredDate', 'preferredTime')
      : [],
    patientIds.length ? knex('patients').whereIn('id', patientIds).select('id', 'firstName', 'lastName') : [],
    invoiceIds.length ? knex('invoices').whereIn('id', invoiceIds).select('id', 'invoiceNumber') : [],
    userIds.length ? knex('users').whereIn('id', userIds).select('id', 'displayName') : [],
  ]);
  for (const p of patients) out.set(`patient:${p.id}`, { name: joinName(p.firstName, p.lastName) });
  for (const i of invoices) out.set(`invoice:${i.id}`, { name: String(i.invoiceNumber) });
  for (const u of users) out.set(`user:${u.id}`, { name: String(u.displayName) });
  for (const [entity, table] of Object.entries(OF_A_PATIENT)) {
    const list = ids(rows, entity);
    if (!list.length) continue;
    const found = await knex(`${table} as r`).join('patients as p', 'p.id', 'r.patientId').whereIn('r.id', list).select('r.id', 'p.firstName', 'p.lastName');
    for (const f of found) out.set(`${entity}:${f.id}`, { name: joinName(f.firstName, f.lastName) });
  }
  for (const r of rows) {
    if (r.entity === 'closed-date' && r.entityId && /^\d{4}-\d{2}-\d{2}$/.test(r.entityId)) out.set(`closed-date:${r.entityId}`, { name: formatDate(r.entityId) });
    const known = r.entityId ? out.get(`${r.entity}:${r.entityId}`) : undefined;
    if (known) byRow.set(String(r.id), known);
  }

  if (appointmentIds.length) {
    // Every row of these appointments from the page's oldest on, newest first: each takes its later rows back.
    const oldest = rows.filter((r) => r.entity === 'appointment').reduce((a, b) => (BigInt(a.atUs) < BigInt(b.atUs) ? a : b));
    const history: Raw[] = await knex('auditLog')
      .select('id', 'action', 'entityId', 'changes')
      .where('entity', 'appointment')
      .whereIn('entityId', appointmentIds.map(String))
      .whereRaw("(at, id) >= (timestamptz 'epoch' + ?::bigint * interval '1 microsecond', ?::bigint)", [oldest.atUs, oldest.id])
      .orderBy([{ column: 'at', order: 'desc' }, { column: 'id', order: 'desc' }]);
    const state = new Map<string, { name: string; date: string | null; time: string | null }>();
    for (const a of appointments) state.set(String(a.id), { name: joinName(a.firstName, a.lastName), date: dateText(a.preferredDate), time: timeText(a.preferredTime) });
    for (const h of history) {
      const key = String(h.entityId);
      const old = (field: string) => h.changes?.[field]?.old;
      // A deleted appointment: its delete row says whose it was and when (DATA-9).
      if (h.action === 'delete' && !state.has(key)) state.set(key, { name: String(old('patient') ?? ''), date: dateText(old('preferredDate')), time: timeText(old('preferredTime')) });
      const now = state.get(key);
      if (!now) continue;
      byRow.set(String(h.id), { ...now });
      // Before this row, the appointment was at the time the row replaced.
      if (h.changes?.preferredDate && old('preferredDate')) now.date = dateText(old('preferredDate'));
      if (h.changes?.preferredTime && old('preferredTime')) now.time = timeText(old('preferredTime'));
    }
  }
  return byRow;
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
  const known = await about(knex, page);
  return {
    rows: page.map((r) => {
      const at: AuditAbout = known.get(String(r.id)) ?? {};
      return {
      id: String(r.id),
      at: r.at.toISOString(),
      userId: r.userId,
      userName: r.userName,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      changes: r.changes,
      subject: auditHeading(r.entity, at),
      ...describeAuditRow(r, at),
    };
    }),
    next: more && last ? `${last.atUs}.${last.id}` : null,
  };
}
