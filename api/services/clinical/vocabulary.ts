import type { Knex } from 'knex';
import { isStatusWord, isSurfaceLetters } from '../../../shared/clinical/chart-command';
import type { ChartVocabularyCode } from '../../../shared/clinical/vocabulary';
import { CLINICAL_MESSAGES, type FindingCreate } from '../../../shared/schemas/clinical-item';
import { badRequest, conflict } from '../../errors';
import { audit } from '../../platform/audit';

// CHART-7: the chart's vocabulary, handed to parseChartCommand and to the drawing: the procedures of the
// price list (rows with a chart code) and the findings list (CHART-3), which the owner extends.

type DB = Knex | Knex.Transaction;

interface ProcedureRow {
  chartCode: string;
  chartNames: string[];
  chartDraw: ChartVocabularyCode['draw'];
  chartTakesSurfaces: boolean;
  chartSpansTeeth: boolean;
}
interface FindingRow {
  code: string;
  names: string[];
  draw: ChartVocabularyCode['draw'];
  takesSurfaces: boolean;
}

const findingJson = (r: FindingRow): ChartVocabularyCode => ({ code: r.code, kind: 'finding', names: r.names, takesSurfaces: r.takesSurfaces, draw: r.draw });

export async function listFindings(db: DB): Promise<ChartVocabularyCode[]> {
  const rows = await db('chartFindings').orderBy('sortOrder').orderBy('code').select<FindingRow[]>('code', 'names', 'draw', 'takesSurfaces');
  return rows.map(findingJson);
}

/**
 * Every code of the chart. `typable`: only what a dentist may record now (the price list's active rows);
 * without it, inactive rows too, so items recorded with them are still drawn as they were.
 */
export async function chartVocabulary(db: DB, options: { typable?: boolean } = {}): Promise<ChartVocabularyCode[]> {
  const query = db('priceList')
    .whereNotNull('chartCode')
    .orderBy('sortOrder')
    .orderBy('id')
    .select<ProcedureRow[]>('chartCode', 'chartNames', 'chartDraw', 'chartTakesSurfaces', 'chartSpansTeeth');
  if (options.typable) query.where('isActive', true);
  const procedures = (await query).map(
    (r): ChartVocabularyCode => ({
      code: r.chartCode,
      kind: 'procedure',
      names: r.chartNames,
      takesSurfaces: r.chartTakesSurfaces,
      spansTeeth: r.chartSpansTeeth,
      draw: r.chartDraw,
    }),
  );
  return [...procedures, ...(await listFindings(db))];
}

/** CHART-3: the owner adds a finding. Its code and names must not be taken by another code, be a status word or read as surfaces. */
export async function addFinding(knex: Knex, input: FindingCreate): Promise<ChartVocabularyCode> {
  return knex.transaction(async (trx) => {
    // One finding added at a time, so two additions cannot both take a name.
    await trx.raw('lock table chart_findings in share row exclusive mode');
    const known = await chartVocabulary(trx);
    if (known.some((c) => c.code === input.code)) throw conflict(CLINICAL_MESSAGES.codeTaken(input.code));
    const names = [...new Set(input.names)];
    for (const name of names) {
      if (isStatusWord(name)) throw badRequest(CLINICAL_MESSAGES.statusWord(name), { names: CLINICAL_MESSAGES.statusWord(name) });
      if (isSurfaceLetters(name)) throw badRequest(CLINICAL_MESSAGES.surfaceWord(name), { names: CLINICAL_MESSAGES.surfaceWord(name) });
      if (known.some((c) => c.names.some((n) => n.toLowerCase() === name))) throw conflict(CLINICAL_MESSAGES.nameTaken(name));
    }
    const last = await trx('chartFindings').max('sortOrder as max').first<{ max: number | null }>();
    const [row] = await trx('chartFindings')
      .insert({ code: input.code, names, draw: input.draw, takesSurfaces: input.takesSurfaces, sortOrder: Number(last?.max ?? 0) + 10 })
      .returning<FindingRow[]>(['code', 'names', 'draw', 'takesSurfaces']);
    const finding = findingJson(row);
    await audit(trx, { action: 'create', entity: 'chart-finding', entityId: finding.code, changes: { finding: { old: null, new: finding } } });
    return finding;
  });
}
