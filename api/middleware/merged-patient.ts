import type { Middleware } from 'koa';
import type { Deps } from '../deps';
import { refuseMerged } from '../services/patients/patients';

// PAT-13, PAT-16: a merged record takes no more writes. Every admin route that writes (POST, PUT, PATCH,
// DELETE) with the patient in its path (`/patients/:id...`, `:patientId`) passes through this guard, put at
// the head of the route by createAdminRouter (api/routes/router.ts), so a new route is covered without a
// change here. A write to a merged record answers 409 naming the record it went into; api/test/clinical/
// merged-record-writes.test.ts walks every such route.

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The path parameter that names a patient in a route's full path, if any. */
export function patientParamOf(fullPath: string): string | null {
  if (/\/patients\/:id(\/|$)/.test(fullPath)) return 'id';
  if (/:patientId(\/|$)/.test(fullPath)) return 'patientId';
  return null;
}

/** The guard for one route, or null when the route writes no patient named in its path. */
export function mergedPatientGuard(deps: Deps, methods: string[], fullPath: string): Middleware | null {
  const param = patientParamOf(fullPath);
  if (!param || !methods.some((m) => WRITES.has(m.toUpperCase()))) return null;
  return async (ctx, next) => {
    const raw = (ctx as unknown as { params?: Record<string, string> }).params?.[param];
    // An id that cannot be a row is left to the route (its 404).
    if (raw && /^\d{1,10}$/.test(raw) && Number(raw) <= 2_147_483_647) {
      const row = await deps.knex('patients').where({ id: Number(raw) }).first<{ mergedIntoId: number | null } | undefined>('mergedIntoId');
      if (row) await refuseMerged(deps.knex, row);
    }
    await next();
  };
}
