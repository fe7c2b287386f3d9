import { chartTeeth } from '../../../shared/clinical/chart-state';
import { drawOfCode } from '../../../shared/clinical/vocabulary';
import { clinicDayEnd } from '../../../shared/domain/clinic-time';
import type { ClinicalItem, PatientChart } from '../../../shared/schemas/clinical-item';
import type { Deps } from '../../deps';
import { notFound } from '../../errors';
import { audit } from '../../platform/audit';
import { loadItems } from './items';
import { chartVocabulary } from './vocabulary';

/**
 * An item as it stood before `end` (CHART-9): its status the last one set by then, and not invalidated
 * unless that happened by then. `history` holds only the events made by then (loadItems filtered them).
 */
function asItStood(item: ClinicalItem, end: Date): ClinicalItem {
  const lastStatus = item.history.filter((e) => e.action !== 'invalidate').at(-1)?.status ?? item.status;
  const invalidated = item.invalidatedAt !== null && new Date(item.invalidatedAt) < end;
  return {
    ...item,
    status: lastStatus,
    locked: lastStatus === 'completed',
    ...(invalidated ? {} : { invalidatedAt: null, invalidReason: null, invalidatedBy: null }),
  };
}

/**
 * GET /api/admin/patients/{id}/chart[?at=YYYY-MM-DD]: the items (invalidated ones too, marked) and each
 * tooth's state drawn from the valid ones (CHART-4). With `at`, as everything stood at the end of that
 * clinic day. Every read writes an audit row, who read whose record and when (CHART-5), in the same
 * transaction: a read that cannot be audited is not answered.
 */
export async function readChart(deps: Deps, patientId: number, at: string | null, options: { primary?: boolean } = {}): Promise<PatientChart> {
  return deps.knex.transaction(async (trx) => {
    if (!(await trx('patients').where({ id: patientId }).first('id'))) throw notFound('Patient');
    await audit(trx, { action: 'read-chart', entity: 'patient', entityId: patientId, changes: at ? { at: { old: null, new: at } } : null });
    const end = at ? clinicDayEnd(at) : null;
    const loaded = await loadItems(trx, { patientId }, end ?? undefined);
    const items = end ? loaded.map((i) => asItStood(i, end)) : loaded;
    const drawOf = drawOfCode(await chartVocabulary(trx));
    const standing = items.filter((i) => i.invalidatedAt === null);
    return {
      patientId,
      at,
      asOf: (end ? new Date(end.getTime() - 1) : deps.now()).toISOString(),
      items,
      teeth: chartTeeth(standing, drawOf, options),
    };
  });
}
