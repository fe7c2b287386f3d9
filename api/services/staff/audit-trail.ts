import type { Knex } from 'knex';
import { CLINIC_TIME_ZONE } from '../../../shared/domain/clinic-time';
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
    })),
    next: more && last ? `${last.atUs}.${last.id}` : null,
  };
}
