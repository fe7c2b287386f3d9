import { chartMessages, coversArea, DEFAULT_PROCEDURE_STATUS, procedureStatuses, type ChartCode, type ItemStatus, type ParsedItem } from './chart-command';
import { withArticle } from '../domain/article';
import { surfaceCodes, surfaceFromLetter, teethBetween, type Surface } from './teeth';

// CHART-6: an item sent whole (POST /api/admin/patients/{id}/clinical-items, the chart's click entry) obeys
// the rules the command bar applies to what it reads, with the same messages: a known code, a finding has
// no status, surfaces only where the code takes them, a span along one arch for a bridge, any teeth for work
// over an area (scaling, perio: CHART-26), one tooth else.

export interface ChartItemInput {
  teeth: string[];
  surfaces: string[];
  code: string;
  status?: ItemStatus | null;
  note?: string | null;
}

export type ChartItemCheck = { ok: true; item: ParsedItem } | { ok: false; error: string };

export const chartItemMessages = {
  unknownCode: (code: string) => `“${code}” is not a treatment or finding this chart knows`,
  conditionOnProcedure: (code: string) => `“${code}” is a treatment: its status is ${procedureStatuses.slice(0, -1).join(', ')} or ${procedureStatuses.at(-1)}`,
  oneTooth: (code: string) => `${withArticle(code, { sentenceStart: true })} is on one tooth: record one item per tooth`,
  toothTwice: (tooth: string) => `Tooth ${tooth} is named twice`,
  notOneSpan: (code: string) => `${withArticle(code, { sentenceStart: true })} covers every tooth between its ends, in one jaw: write it as a span, for example 14-16 ${code}`,
};

export function checkChartItem(input: ChartItemInput, vocabulary: readonly ChartCode[]): ChartItemCheck {
  const fail = (error: string): ChartItemCheck => ({ ok: false, error });
  const code = vocabulary.find((c) => c.code === input.code);
  if (!code) return fail(chartItemMessages.unknownCode(input.code));
  const name = code.names[0] ?? code.code;
  const twice = input.teeth.find((t, i) => input.teeth.indexOf(t) !== i);
  if (twice) return fail(chartItemMessages.toothTwice(twice));

  const letters = input.surfaces.map((s) => s.toUpperCase());
  const stored = letters.map((l) => surfaceFromLetter[l]);
  if (new Set(stored).size !== stored.length) return fail(chartMessages.repeatedSurface(letters.join('')));
  if (stored.length > 0 && !code.takesSurfaces) return fail(chartMessages.noSurfaces(name));

  if (code.kind === 'finding' && input.status && input.status !== 'condition') return fail(chartMessages.statusOnFinding(name));
  if (code.kind === 'procedure' && input.status === 'condition') return fail(chartItemMessages.conditionOnProcedure(name));

  if (coversArea(code)) {
    // CHART-26: work over an area is one item over one tooth up to the whole mouth.
  } else if (code.spansTeeth) {
    if (input.teeth.length < 2) return fail(chartMessages.spanNeedsTwo(name));
    const span = teethBetween(input.teeth[0], input.teeth[input.teeth.length - 1]);
    if (!span || span.join() !== input.teeth.join()) return fail(chartItemMessages.notOneSpan(name));
  } else if (input.teeth.length > 1) {
    return fail(chartItemMessages.oneTooth(name));
  }

  const status: ItemStatus = code.kind === 'finding' ? 'condition' : (input.status ?? DEFAULT_PROCEDURE_STATUS);
  const surfaces: Surface[] = surfaceCodes.filter((s) => stored.includes(s));
  return { ok: true, item: { teeth: input.teeth, surfaces, code: code.code, kind: code.kind, status, note: input.note?.trim() || null } };
}
