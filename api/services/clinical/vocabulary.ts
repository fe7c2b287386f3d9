import type { Knex } from 'knex';
import { isStatusWord, isSurfaceLetters } from '../../../shared/clinical/chart-command';
import type { ChartVocabularyCode } from '../../../shared/clinical/vocabulary';
import { CLINICAL_MESSAGES, type FindingCreate, type FindingEntry, type FindingUpdate } from '../../../shared/schemas/clinical-item';
import { badRequest, conflict, notFound } from '../../errors';
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
  retiredAt: Date | null;
}

const FINDING_COLUMNS = ['code', 'names', 'draw', 'takesSurfaces', 'retiredAt'];
const findingJson = (r: FindingRow): ChartVocabularyCode => ({ code: r.code, kind: 'finding', names: r.names, takesSurfaces: r.takesSurfaces, draw: r.draw });

/** Whether any clinical item, invalidated ones too, carries `code` (index clinical_items_code). */
export async function codeOnCharts(db: DB, code: string): Promise<boolean> {
  return Boolean(await db('clinicalItems').where({ code }).first('id'));
}

/** CHART-16: the owner's list: every finding, retired ones too, each saying whether a chart uses it. */
export async function listFindings(db: DB): Promise<FindingEntry[]> {
  const rows = await db('chartFindings as f')
    .orderBy('f.sortOrder')
    .orderBy('f.code')
    .select<(FindingRow & { inUse: boolean })[]>([
      ...FINDING_COLUMNS.map((c) => `f.${c}`),
      db.raw('exists (select 1 from clinical_items c where c.code = f.code) as "inUse"'),
    ]);
  return rows.map((r) => ({ ...findingJson(r), retired: r.retiredAt !== null, inUse: Boolean(r.inUse) }));
}

/**
 * CHART-7, CHART-16, CHART-17: a code and its names, checked against every other code of the chart (`self`
 * is the code being edited, left out): the code not taken, no name taken, none a status word or surface letters.
 */
export function checkCodeNames(known: readonly ChartVocabularyCode[], code: string, names: readonly string[], self: string | null): void {
  const others = known.filter((c) => c.code !== self);
  if (code !== self && others.some((c) => c.code === code)) throw conflict(CLINICAL_MESSAGES.codeTaken(code));
  for (const name of names) {
    if (isStatusWord(name)) throw badRequest(CLINICAL_MESSAGES.statusWord(name), { names: CLINICAL_MESSAGES.statusWord(name) });
    if (isSurfaceLetters(name)) throw badRequest(CLINICAL_MESSAGES.surfaceWord(name), { names: CLINICAL_MESSAGES.surfaceWord(name) });
    if (others.some((c) => c.names.some((n) => n.toLowerCase() === name))) throw conflict(CLINICAL_MESSAGES.nameTaken(name));
  }
}

/**
 * Every code of the chart. `typable`: only what a dentist may record now (the price list's active rows);
 * without it, inactive rows too, so items recorded with them are still drawn as they were.
 */
export async function chartVocabulary(db: DB, options: { typable?: boolean } = {}): Promise<ChartVocabularyCode[]> {
  // One round trip (the chart reads it on every answer): the price list's procedures in its order, then the findings in theirs.
  const { rows } = await db.raw<{ rows: (ProcedureRow & { kind: 'procedure' | 'finding' })[] }>(
    `select kind, code as "chartCode", names as "chartNames", draw as "chartDraw", takes as "chartTakesSurfaces", spans as "chartSpansTeeth"
       from (select 0 as part, 'procedure' as kind, chart_code as code, chart_names as names, chart_draw as draw,
                    chart_takes_surfaces as takes, chart_spans_teeth as spans, sort_order, lpad(id::text, 12, '0') as tie
               from price_list where chart_code is not null${options.typable ? ' and is_active' : ''}
             union all
             select 1, 'finding', code, names, draw, takes_surfaces, false, sort_order, code
               from chart_findings${options.typable ? ' where retired_at is null' : ''}) v
      order by part, sort_order, tie`,
  );
  return rows.map((r): ChartVocabularyCode =>
    r.kind === 'procedure'
      ? { code: r.chartCode, kind: 'procedure', names: r.chartNames, takesSurfaces: r.chartTakesSurfaces, spansTeeth: r.chartSpansTeeth, draw: r.chartDraw }
      : { code: r.chartCode, kind: 'finding', names: r.chartNames, takesSurfaces: r.chartTakesSurfaces, draw: r.chartDraw },
  );
}

/** CHART-3: the owner adds a finding. Its code and names must not be taken by another code, be a status word or read as surfaces. */
export async function addFinding(knex: Knex, input: FindingCreate): Promise<ChartVocabularyCode> {
  return knex.transaction(async (trx) => {
    // One finding added at a time, so two additions cannot both take a name.
    await trx.raw('lock table chart_findings in share row exclusive mode');
    const names = [...new Set(input.names)];
    checkCodeNames(await chartVocabulary(trx), input.code, names, null);
    const last = await trx('chartFindings').max('sortOrder as max').first<{ max: number | null }>();
    const [row] = await trx('chartFindings')
      .insert({ code: input.code, names, draw: input.draw, takesSurfaces: input.takesSurfaces, sortOrder: Number(last?.max ?? 0) + 10 })
      .returning<FindingRow[]>(FINDING_COLUMNS);
    const finding: FindingEntry = { ...findingJson(row), retired: false, inUse: false };
    await audit(trx, { action: 'create', entity: 'chart-finding', entityId: finding.code, changes: { finding: { old: null, new: findingJson(row) } } });
    return finding;
  });
}

/**
 * CHART-16: the owner edits a finding: its names always; how it is drawn and whether it takes surfaces
 * only while no chart uses it (else past charts would change); retiring takes it out of the command bar,
 * and its items keep being drawn and named. Un-retiring puts it back.
 */
export async function updateFinding(deps: { knex: Knex; now: () => Date }, code: string, input: FindingUpdate): Promise<FindingEntry> {
  return deps.knex.transaction(async (trx) => {
    await trx.raw('lock table chart_findings in share row exclusive mode');
    const before = await trx('chartFindings').where({ code }).first<FindingRow | undefined>(FINDING_COLUMNS);
    if (!before) throw notFound('Finding');
    const names = [...new Set(input.names)];
    checkCodeNames(await chartVocabulary(trx), code, names, code);
    const inUse = await codeOnCharts(trx, code);
    if (inUse && (input.draw !== before.draw || input.takesSurfaces !== before.takesSurfaces)) throw conflict(CLINICAL_MESSAGES.findingDrawInUse);
    const retiredAt = input.retired ? (before.retiredAt ?? deps.now()) : null;
    const [row] = await trx('chartFindings')
      .where({ code })
      .update({ names, draw: input.draw, takesSurfaces: input.takesSurfaces, retiredAt })
      .returning<FindingRow[]>(FINDING_COLUMNS);
    const old = { ...findingJson(before), retired: before.retiredAt !== null };
    const now = { ...findingJson(row), retired: row.retiredAt !== null };
    await audit(trx, { action: 'update', entity: 'chart-finding', entityId: code, changes: { finding: { old, new: now } } });
    return { ...now, inUse };
  });
}

/** CHART-16: a finding no chart uses may go (a mistyped one); one on a chart stays (409): retire it. */
export async function deleteFinding(knex: Knex, code: string): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw('lock table chart_findings in share row exclusive mode');
    const before = await trx('chartFindings').where({ code }).first<FindingRow | undefined>(FINDING_COLUMNS);
    if (!before) throw notFound('Finding');
    // Migration 070's trigger refuses it too, whatever code runs.
    if (await codeOnCharts(trx, code)) throw conflict(CLINICAL_MESSAGES.findingInUse);
    await trx('chartFindings').where({ code }).delete();
    await audit(trx, { action: 'delete', entity: 'chart-finding', entityId: code, changes: { finding: { old: findingJson(before), new: null } } });
  });
}
