import type { Knex } from 'knex';
import { DATE_RANGE_TEXT, isPlausibleDate, isRowId } from '../../shared/schemas/fields';
import { badRequest } from '../errors';

/** API-7: the optional list parameters every admin list accepts. */
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

/** A LIKE/ILIKE pattern that matches `text` anywhere, with the user's % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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
 * An id of a query string (`?templateId=3`, API-10): undefined when absent; otherwise a row id from 1 to
 * 2,147,483,647, else 400 with `message`, naming the parameter.
 */
export function idQueryParam(query: Record<string, unknown>, name: string, message: string): number | undefined {
  const raw = query[name];
  if (raw === undefined || raw === '') return undefined;
  const id = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!isRowId(id)) throw badRequest(message, { [name]: message });
  return id;
}

/**
 * A date of a query string (`?from=2026-11-01`), the one parser every list, export and the calendar use:
 * null when absent and not required; otherwise a yyyy-MM-dd day, else 400 naming the parameter.
 */
export function dateQueryParam(query: Record<string, unknown>, name: string, required = false): string | null {
  const value = String(query[name] ?? '').trim();
  if (!value && !required) return null;
  if (!isPlausibleDate(value)) {
    const message = `${name} must be ${DATE_RANGE_TEXT}`;
    throw badRequest(message, { [name]: message });
  }
  return value;
}
