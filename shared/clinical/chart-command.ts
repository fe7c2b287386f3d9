import { withArticle } from '../domain/article';
import { isTooth, quadrantTeeth, surfaceCodes, surfaceFromLetter, surfaceLabel, teethBetween, wholeMouth, wholeMouthSpan, type Surface } from './teeth';

// CHART-2: the chart's command bar reads what a dentist would say: `36 MOD composite`, `46 rct`,
// `18 28 38 48 missing`, `11 21 crown planned`, `14-16 bridge`; several entries are separated by `;` or a
// new line. One parser for the browser (a live preview as it is typed) and the server (what is stored).
// The grammar and its messages are in docs/clinical.md.
//
//   entry    := [teeth] [surfaces] code [status] ["note"]    (status and surfaces may also come after code)
//   teeth    := tooth { tooth }  |  tooth-tooth  |  Q1..Q8    (a span: one item over every tooth between;
//               18-48 the whole mouth; Qn a quadrant; no teeth: the whole mouth, for work over an area)
//   surfaces := letters of M O I D B F L P C V, e.g. MOD      (I=O, F=B, P=L, V=C cervical)

export type ItemKind = 'finding' | 'procedure';
/** CHART-27: a finding stands (`condition`) until it is treated (`resolved`). */
export const findingStatuses = ['condition', 'resolved'] as const;
export type FindingStatus = (typeof findingStatuses)[number];
export const procedureStatuses = ['planned', 'completed', 'existing', 'existing-elsewhere', 'referred'] as const;
export type ProcedureStatus = (typeof procedureStatuses)[number];
/**
 * PLAN-18: a planned procedure of a plan's option the patient did not choose. Set only by accepting another
 * option (never typed in the bar, nor chosen in PATCH), so it is kept out of `procedureStatuses`, the list
 * the bar's and the routes' messages name.
 */
export const DECLINED_STATUS = 'declined' as const;
export type DeclinedStatus = typeof DECLINED_STATUS;
/** A finding is a condition (or resolved: treated); a procedure is planned, done here, found done here or elsewhere, or referred (or declined, PLAN-18). */
export type ItemStatus = FindingStatus | ProcedureStatus | DeclinedStatus;

/** One code the bar understands: a procedure of the price list or a finding of the owner's list. */
export interface ChartCode {
  code: string;
  kind: ItemKind;
  /** What a dentist may type for it, lower case; multi-word names are allowed ('root canal'). */
  names: string[];
  /** One item over all the teeth typed (bridge, splint, denture), instead of one item per tooth. */
  spansTeeth?: boolean;
  /** Takes surfaces (fillings, caries); others refuse them. */
  takesSurfaces?: boolean;
  /**
   * How the chart draws it (a DrawAs of chart-state.ts). A spanning code drawn as a bridge needs a span of two teeth or more; any other
   * spanning code is work over an area (scaling, perio, a denture): one tooth, a span, a quadrant or the
   * whole mouth, as one item (CHART-26).
   */
  draw?: string;
}

/** CHART-26: work over an area (scaling, perio, whitening, a denture): one item over one tooth up to the whole mouth. */
export const coversArea = (code: Pick<ChartCode, 'spansTeeth' | 'draw'>): boolean => Boolean(code.spansTeeth) && code.draw !== 'bridge';

export interface ParsedItem {
  teeth: string[];
  surfaces: Surface[];
  code: string;
  kind: ItemKind;
  status: ItemStatus;
  note: string | null;
}

export type ChartCommandResult = { ok: true; items: ParsedItem[] } | { ok: false; error: string };

/** A procedure typed without a status is planned: recording work as done (which locks it and makes it billable) takes a word. */
export const DEFAULT_PROCEDURE_STATUS: ProcedureStatus = 'planned';

const statusWords: Record<string, ProcedureStatus> = {
  planned: 'planned',
  plan: 'planned',
  tp: 'planned',
  done: 'completed',
  completed: 'completed',
  complete: 'completed',
  existing: 'existing',
  ex: 'existing',
  elsewhere: 'existing-elsewhere',
  'existing-elsewhere': 'existing-elsewhere',
  'existing elsewhere': 'existing-elsewhere',
  eo: 'existing-elsewhere',
  referred: 'referred',
  ref: 'referred',
  refer: 'referred',
};

export const chartCommandExample = '36 MOD composite';

/** Words the bar reads as a status, so no code may be named by one. */
export const isStatusWord = (word: string): boolean => Object.prototype.hasOwnProperty.call(statusWords, word.toLowerCase());

/** Every message of the bar, also used by the checks of an item sent whole (chart-item.ts). */
export const chartMessages = {
  empty: `Type a tooth and what was found or done, for example ${chartCommandExample}`,
  noTeeth: (word: string) => `Start with the tooth, for example 46 rct (“${word}” came first)`,
  notATooth: (word: string) => `“${word}” is not a tooth: write teeth in FDI, 11-48 for adult teeth and 51-85 for milk teeth`,
  badSpan: (span: string) => `${span} is not one span: a bridge or splint stays in one jaw, adult or milk teeth`,
  unknownWord: (word: string) => `“${word}” is not a treatment, finding or status this chart knows`,
  /** CHART-28: a near miss (edit distance) names what it probably meant. */
  didYouMean: (word: string, meant: string) => `“${word}” is not a treatment, finding or status this chart knows: did you mean ${meant}?`,
  /** CHART-26: the whole mouth or a quadrant is for work over an area. */
  areaOnly: (code: string, region: string) => `${region} is for work over an area, such as scaling: “${code}” is recorded tooth by tooth, for example 36 ${code}`,
  noCode: (teeth: string) => `Say what was found or done on ${teeth}, for example ${teeth} caries or ${teeth} composite`,
  twoCodes: (a: string, b: string) => `One finding or treatment per entry (“${a}” and “${b}”): separate entries with ;`,
  twoStatuses: 'One status per entry: planned, done, existing, elsewhere or referred',
  statusOnFinding: (code: string) => `“${code}” is a finding, which takes no status`,
  noSurfaces: (code: string) => `“${code}” takes no surfaces`,
  repeatedSurface: (letters: string) => `${letters} names a surface twice`,
  spanNeedsTwo: (code: string) => `${withArticle(code, { sentenceStart: true })} spans at least two teeth, for example 14-16 ${code}`,
  unclosedNote: 'A note starts and ends with "',
};

interface Token {
  text: string;
  quoted: boolean;
}

function tokenize(entry: string): Token[] | string {
  const tokens: Token[] = [];
  const re = /"([^"]*)"|(\S+)/g;
  for (const m of entry.matchAll(re)) tokens.push(m[1] !== undefined ? { text: m[1], quoted: true } : { text: m[2], quoted: false });
  if ((entry.match(/"/g) ?? []).length % 2 === 1) return chartMessages.unclosedNote;
  return tokens;
}

const TOOTH_LIKE = /^\d{2}$/;
const SPAN = /^(\d{2})-(\d{2})$/;
const QUADRANT = /^q([1-8])$/i;
const SURFACE_LETTERS = /^[MODBLIFPCV]{1,5}$/i;

/** A word the bar would read as surfaces (`MOD`, `fpd`), so no code may be named by one. */
export const isSurfaceLetters = (word: string): boolean => SURFACE_LETTERS.test(word);

/** The longest vocabulary name or status phrase starting at `at`: [what, how many tokens it took]. */
function phraseAt(words: string[], at: number, table: Map<string, ChartCode | ProcedureStatus>): [ChartCode | ProcedureStatus, number] | null {
  for (let n = Math.min(4, words.length - at); n >= 1; n--) {
    const found = table.get(words.slice(at, at + n).join(' '));
    if (found) return [found, n];
  }
  return null;
}

/** CHART-28: the edit distance of two words (insertions, deletions, substitutions and swaps of neighbours). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/**
 * CHART-28: the name or status word nearest to a word the bar does not know, if it is near enough: one
 * edit for words of up to four letters (`rtc`: rct), two for longer ones (`composit`: composite). Names are
 * compared with the word as typed and, for names of several words, with as many words as they have.
 */
function nearestName(words: string[], at: number, table: Map<string, ChartCode | ProcedureStatus>): string | null {
  let best: { name: string; distance: number } | null = null;
  for (const name of table.keys()) {
    const size = name.split(' ').length;
    const typed = words.slice(at, at + size).join(' ');
    const distance = editDistance(typed, name);
    const allowed = typed.length <= 4 ? 1 : 2;
    if (distance > 0 && distance <= allowed && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name ?? null;
}

function parseEntry(entry: string, table: Map<string, ChartCode | ProcedureStatus>): ParsedItem[] | string {
  const tokens = tokenize(entry);
  if (typeof tokens === 'string') return tokens;
  const notes = tokens.filter((t) => t.quoted).map((t) => t.text.trim());
  const words = tokens.filter((t) => !t.quoted).map((t) => t.text);
  const lower = words.map((w) => w.toLowerCase());
  if (words.length === 0) return chartMessages.empty;

  // Teeth first: single teeth, one span, a quadrant (Q1) or the whole mouth (18-48); none for work over the whole mouth.
  const teeth: string[] = [];
  /** A quadrant or the whole mouth, as typed: only work over an area takes it (CHART-26). */
  let region: string | null = null;
  let wholeMouthTyped = false;
  let at = 0;
  for (; at < words.length; at++) {
    const quadrant = QUADRANT.exec(words[at]);
    if (quadrant) {
      region = words[at].toUpperCase();
      for (const t of quadrantTeeth(Number(quadrant[1]))) if (!teeth.includes(t)) teeth.push(t);
      continue;
    }
    const span = SPAN.exec(words[at]);
    if (span) {
      if (!isTooth(span[1])) return chartMessages.notATooth(span[1]);
      if (!isTooth(span[2])) return chartMessages.notATooth(span[2]);
      const mouth = wholeMouthSpan(span[1], span[2]);
      const between = teethBetween(span[1], span[2]) ?? mouth;
      if (!between) return chartMessages.badSpan(words[at]);
      if (mouth) {
        region = words[at];
        wholeMouthTyped = true;
      }
      for (const t of between) if (!teeth.includes(t)) teeth.push(t);
      continue;
    }
    if (!TOOTH_LIKE.test(words[at])) break;
    if (!isTooth(words[at])) return chartMessages.notATooth(words[at]);
    if (!teeth.includes(words[at])) teeth.push(words[at]);
  }
  const noTeeth = teeth.length === 0;
  const isCodeAt = (i: number) => {
    const found = phraseAt(lower, i, table);
    return found !== null && typeof found[0] !== 'string';
  };

  let surfaces: Surface[] = [];
  let code: ChartCode | null = null;
  let status: ProcedureStatus | null = null;
  while (at < words.length) {
    const phrase = phraseAt(lower, at, table);
    // CHART-28: a name made of surface letters (FPD, a bridge) is read as surfaces when the entry names
    // another code (`21 FPD composite`): a bridge takes no surfaces, so the two cannot both be meant.
    const readAsSurfaces =
      phrase !== null && typeof phrase[0] !== 'string' && phrase[1] === 1 && SURFACE_LETTERS.test(words[at]) && surfaces.length === 0 && (code !== null || words.some((_, i) => i > at && isCodeAt(i)));
    if (phrase && !readAsSurfaces) {
      const [what, taken] = phrase;
      if (typeof what === 'string') {
        if (status) return chartMessages.twoStatuses;
        status = what;
      } else {
        if (code) return chartMessages.twoCodes(code.names[0], what.names[0]);
        code = what;
      }
      at += taken;
      continue;
    }
    if (TOOTH_LIKE.test(words[at]) || SPAN.test(words[at]) || QUADRANT.test(words[at])) return noTeeth ? chartMessages.noTeeth(words[0]) : chartMessages.notATooth(words[at]);
    if (SURFACE_LETTERS.test(words[at]) && surfaces.length === 0) {
      const letters = words[at].toUpperCase();
      const codes = [...letters].map((l) => surfaceFromLetter[l]);
      if (new Set(codes).size !== codes.length) return chartMessages.repeatedSurface(letters);
      surfaces = surfaceCodes.filter((s) => codes.includes(s));
      at += 1;
      continue;
    }
    if (noTeeth && at === 0) return chartMessages.noTeeth(words[0]);
    const meant = nearestName(lower, at, table);
    return meant ? chartMessages.didYouMean(words[at], meant) : chartMessages.unknownWord(words[at]);
  }
  const teethText = teeth.join(' ');
  if (noTeeth) {
    // CHART-26: work over an area typed without teeth (`scaling`) covers the whole mouth.
    if (!code || !coversArea(code)) return chartMessages.noTeeth(words[0]);
    teeth.push(...wholeMouth('permanent'));
  }
  if (!code) return chartMessages.noCode(teethText);
  if (code.kind === 'finding' && status) return chartMessages.statusOnFinding(code.names[0]);
  if (surfaces.length > 0 && !code.takesSurfaces) return chartMessages.noSurfaces(code.names[0]);
  if (region && !code.spansTeeth) return chartMessages.areaOnly(code.names[0], region);
  if (code.spansTeeth && !coversArea(code)) {
    if (wholeMouthTyped) return chartMessages.badSpan(region!);
    if (teeth.length < 2) return chartMessages.spanNeedsTwo(code.names[0]);
  }

  const itemStatus: ItemStatus = code.kind === 'finding' ? 'condition' : (status ?? DEFAULT_PROCEDURE_STATUS);
  const note = notes.filter(Boolean).join(' ') || null;
  const base = { surfaces, code: code.code, kind: code.kind, status: itemStatus, note };
  // A span typed for a one-tooth code (14-16 crown) is one crown per tooth; a bridge, or work over an area, is one item.
  if (code.spansTeeth) return [{ ...base, teeth }];
  return teeth.map((tooth) => ({ ...base, teeth: [tooth] }));
}

/** Reads a command into the items it makes, or the first thing it could not read, in plain words. */
export function parseChartCommand(command: string, vocabulary: readonly ChartCode[]): ChartCommandResult {
  const table = new Map<string, ChartCode | ProcedureStatus>();
  for (const [word, status] of Object.entries(statusWords)) table.set(word, status);
  for (const code of vocabulary) for (const name of code.names) table.set(name.toLowerCase(), code);

  const entries = command
    .split(/[;\n]/)
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) return { ok: false, error: chartMessages.empty };
  const items: ParsedItem[] = [];
  for (const entry of entries) {
    const parsed = parseEntry(entry, table);
    if (typeof parsed === 'string') return { ok: false, error: entries.length > 1 ? `${entry}: ${parsed}` : parsed };
    items.push(...parsed);
  }
  return { ok: true, items };
}

/** An item as the preview and the list write it: `36 MOD composite, planned`. */
export function describeItem(item: ParsedItem, vocabulary: readonly ChartCode[]): string {
  const name = vocabulary.find((c) => c.code === item.code)?.names[0] ?? item.code;
  const teeth = item.teeth.length > 2 && item.kind === 'procedure' ? `${item.teeth[0]}-${item.teeth.at(-1)}` : item.teeth.join(' ');
  const surfaces = item.surfaces.map((s) => surfaceLabel(item.teeth[0], s)).join('');
  const status = item.kind === 'finding' ? (item.status === 'resolved' ? ', treated' : '') : `, ${item.status.replace('-', ' ')}`;
  return `${[teeth, surfaces, name].filter(Boolean).join(' ')}${status}${item.note ? ` (${item.note})` : ''}`;
}
