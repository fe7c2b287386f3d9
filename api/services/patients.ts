import type { Knex } from 'knex';
import type { Patient as PatientInput } from '../../shared/schemas/patient';
import type { Deps } from '../deps';
import { badRequest, notFound } from '../errors';
import { parseId } from '../middleware/validate';
import { Patient } from '../models/patient';

// The admin's patient register (SPEC 2 "Patients", D10 paging, D19 deletion).

/** D10: the optional list parameters every admin list accepts. */
export interface ListQuery {
  q: string | null;
  limit: number | null;
  offset: number;
}

export const MAX_PAGE_SIZE = 500;
const MAX_QUERY_LENGTH = 100;

function single(value: unknown): string | undefined {
  if (Array.isArray(value)) return value.length ? String(value[0]) : undefined;
  return value === undefined || value === null ? undefined : String(value);
}

/** Reads ?q=&limit=&offset= from a query string; a bad number is a 400, an absent one means "all". */
export function parseListQuery(query: Record<string, unknown>): ListQuery {
  const q = (single(query.q) ?? '').trim();
  if (q.length > MAX_QUERY_LENGTH) {
    throw badRequest(`Search text must be at most ${MAX_QUERY_LENGTH} characters`, { q: 'Search text is too long' });
  }
  const limitText = single(query.limit)?.trim();
  const offsetText = single(query.offset)?.trim();
  let limit: number | null = null;
  if (limitText) {
    limit = Number(limitText);
    if (!/^\d+$/.test(limitText) || limit < 1 || limit > MAX_PAGE_SIZE) {
      const message = `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`;
      throw badRequest(message, { limit: message });
    }
  }
  let offset = 0;
  if (offsetText) {
    offset = Number(offsetText);
    if (!/^\d+$/.test(offsetText) || !Number.isSafeInteger(offset)) {
      const message = 'offset must be a whole number of 0 or more';
      throw badRequest(message, { offset: message });
    }
  }
  return { q: q || null, limit, offset };
}

const MAX_ROW_ID = 2_147_483_647;

/** parseId, and also "not found" for ids past the integer column's range (they would be a database error). */
export function parseRowId(raw: string | undefined, what: string): number {
  const id = parseId(raw, what);
  if (id > MAX_ROW_ID) throw notFound(what);
  return id;
}

/** A LIKE/ILIKE pattern that matches `text` anywhere, with the user's % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** SPEC 3: the patient as the admin screens read it. */
export function patientJson(p: Patient) {
  return {
    id: p.id,
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    phone: p.phone,
    address: p.address,
    dateOfBirth: p.dateOfBirth,
    createdAt: p.createdAt,
  };
}
export type PatientJson = ReturnType<typeof patientJson>;

const listColumns = ['id', 'firstName', 'lastName', 'email', 'phone', 'address', 'dateOfBirth', 'createdAt'];

/** The search of SPEC 5 on a patients query: full name or email (case-insensitive), or phone (plain). */
function patientSearch(q: string) {
  const pattern = containsPattern(q);
  return (w: Knex.QueryBuilder) =>
    w
      .whereRaw(`(first_name || ' ' || last_name) ilike ?`, [pattern])
      .orWhere('email', 'ilike', pattern)
      .orWhere('phone', 'like', pattern);
}

/**
 * count(*) of a list's matches, for X-Total-Count. Parallel workers are turned off for it: starting them
 * costs more than they save at a clinic's size, and on a busy server it tripled the time of counting
 * 200,000 appointments (docs/benchmarks.md, Admin API).
 */
export async function countMatches(knex: Knex, from: (trx: Knex.Transaction) => Knex.QueryBuilder): Promise<number> {
  return knex.transaction(async (trx) => {
    await trx.raw('set local max_parallel_workers_per_gather = 0');
    const row = await from(trx).count('* as n').first();
    return Number(row?.n ?? 0);
  });
}

/** Whether a list request asked for a page (then it also answers the full count, as X-Total-Count). */
export const isPaged = (query: ListQuery) => query.limit !== null || query.offset > 0;

/**
 * Newest first. `q` is a case-insensitive substring of the full name or the email, or a plain substring
 * of the phone (SPEC 5 "Searches"). `total` is the number of matches when a page was asked for, else null.
 */
export async function listPatients(knex: Knex, query: ListQuery): Promise<{ patients: PatientJson[]; total: number | null }> {
  const builder = knex('patients').select<Patient[]>(listColumns).orderBy('createdAt', 'desc').orderBy('id', 'desc');
  if (query.q) builder.where(patientSearch(query.q));
  if (query.limit !== null) builder.limit(query.limit);
  if (query.offset) builder.offset(query.offset);
  const [rows, total] = await Promise.all([
    builder,
    isPaged(query)
      ? countMatches(knex, (trx) => (query.q ? trx('patients').where(patientSearch(query.q)) : trx('patients')))
      : null,
  ]);
  return { patients: rows.map(patientJson), total };
}

export async function findPatient(knex: Knex, id: number): Promise<PatientJson> {
  const patient = await Patient.query(knex).select(listColumns).findById(id);
  if (!patient) throw notFound('Patient');
  return patientJson(patient);
}

export async function createPatient(deps: Deps, input: PatientInput): Promise<PatientJson> {
  const now = deps.now();
  const created = await Patient.query(deps.knex)
    .insert({ ...fields(input), createdAt: now, updatedAt: now })
    .returning(listColumns);
  return patientJson(created);
}

export async function updatePatient(deps: Deps, id: number, input: PatientInput): Promise<PatientJson> {
  const [updated] = await Patient.query(deps.knex)
    .patch({ ...fields(input), updatedAt: deps.now() })
    .where('id', id)
    .returning(listColumns);
  if (!updated) throw notFound('Patient');
  return patientJson(updated);
}

/**
 * D19: the patient's invoices stay (their patient_id becomes NULL by the foreign key, and the list shows
 * "Unknown Patient"); their appointments stay too, unlinked.
 */
export async function deletePatient(knex: Knex, id: number): Promise<void> {
  // RETURNING, because PGlite's driver does not report the deleted row count reliably.
  const deleted = await Patient.query(knex).delete().where('id', id).returning('id');
  if (deleted.length === 0) throw notFound('Patient');
}

/** D19: what the delete prompt tells the admin will lose its link to the patient. */
export async function patientUsage(knex: Knex, id: number): Promise<{ invoices: number; appointments: number }> {
  const result = await knex.raw<{ rows: { found: boolean; invoices: number; appointments: number }[] }>(
    `select exists(select 1 from patients where id = :id) as found,
            (select count(*) from invoices where patient_id = :id)::int as invoices,
            (select count(*) from appointments where patient_id = :id)::int as appointments`,
    { id },
  );
  const row = result.rows[0];
  if (!row?.found) throw notFound('Patient');
  return { invoices: Number(row.invoices), appointments: Number(row.appointments) };
}

function fields(input: PatientInput) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    address: input.address,
    dateOfBirth: input.dateOfBirth,
  };
}
