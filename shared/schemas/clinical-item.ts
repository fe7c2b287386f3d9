import { z } from 'zod';
import { procedureStatuses, type ItemStatus, type ParsedItem } from '../clinical/chart-command';
import type { ToothChart } from '../clinical/chart-state';
import { isTooth, surfaceFromLetter } from '../clinical/teeth';
import { CHART_CODE_PATTERN, drawKinds, type ChartVocabularyCode } from '../clinical/vocabulary';
import { DATE_META, DATE_RANGE_TEXT, idField, isPlausibleDate, optionalDate, optionalText, requiredText } from './fields';

// The clinical record's items (CHART-5..CHART-9, docs/clinical.md): what the chart routes read and answer.

export const itemStatuses = ['condition', ...procedureStatuses] as const;

/** 'a, b or c' */
export const orList = (words: readonly string[]) => (words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : (words[0] ?? ''));

export const CLINICAL_MESSAGES = {
  teeth: 'Name at least one tooth, in FDI: 11-48 for adult teeth and 51-85 for milk teeth',
  tooth: (t: string) => `“${t}” is not a tooth: write teeth in FDI, 11-48 for adult teeth and 51-85 for milk teeth`,
  surface: 'Surfaces are M, O, D, B, L or C (I, F, P and V also read)',
  code: 'Choose a treatment or finding',
  status: `Status must be ${orList(itemStatuses)}`,
  procedureStatus: `Status must be ${orList(procedureStatuses)}`,
  note: 'Note must be at most 2000 characters',
  reason: 'Say why the item is invalidated',
  reasonTooLong: 'Reason must be at most 500 characters',
  ids: 'Name the items to invalidate: 1 to 100 item ids',
  command: 'Type a tooth and what was found or done, for example 36 MOD composite',
  commandTooLong: 'A command must be at most 2000 characters',
  at: `at must be ${DATE_RANGE_TEXT}`,
  locked: 'A completed procedure is locked: to correct it, invalidate it with a reason and record it again',
  invalidated: 'This item was invalidated and no longer changes',
  alreadyInvalidated: 'This item is already invalidated',
  /** INV-41: billed work is reversed by a credit note before it is invalidated. */
  billed: (invoiceNumber: string) =>
    `This item is billed on invoice ${invoiceNumber}: the owner issues a credit note for its line first, then it can be invalidated`,
  findingStatus: 'A finding is marked treated (status resolved); invalidate it if it was entered in error',
  resolveProcedure: 'Only a finding is marked treated (resolved): a treatment is marked done (completed)',
  alreadyResolved: 'This finding is already marked treated',
  resolveMissing: 'A missing tooth stays missing: record the implant, bridge or denture that replaces it',
  patchStatus: `Status must be ${orList([...procedureStatuses, 'resolved'])}`,
  performedOn: `performedOn must be ${DATE_RANGE_TEXT}`,
  performedOnFuture: 'performedOn is the day the work was done: it cannot be after today',
  performedOnStatus: 'performedOn is the day the work was done: give it with work recorded as done, existing or done elsewhere',
  hasRecord: "This patient has a clinical record, which is kept: it cannot be deleted (erase the patient's details instead)",
  findingName: 'Give the finding at least one name',
  findingCode: 'A code is 1-40 lower-case letters, digits or dashes, starting with a letter',
  nameTaken: (name: string) => `“${name}” already names a code of the chart`,
  statusWord: (name: string) => `“${name}” is a status word and cannot name a code`,
  surfaceWord: (name: string) => `“${name}” reads as surfaces and cannot name a code`,
  codeTaken: (code: string) => `The chart already has a code “${code}”`,
  findingInUse: "This finding is on patients' charts, so it stays: retire it instead",
  findingDrawInUse: "This finding is on patients' charts, so how it is drawn and whether it takes surfaces stay: retire it and add a new one",
  chartCodeInUse: "This treatment is on patients' charts, so its chart code, drawing, surfaces and span stay",
  chartName: 'Give the chart code at least one name a dentist types',
} as const;

const tooth = z.string({ error: CLINICAL_MESSAGES.teeth }).trim().refine(isTooth, { error: (issue) => CLINICAL_MESSAGES.tooth(String(issue.input)) });
const surfaceLetter = z
  .string({ error: CLINICAL_MESSAGES.surface })
  .trim()
  .toUpperCase()
  .refine((s) => Object.prototype.hasOwnProperty.call(surfaceFromLetter, s), CLINICAL_MESSAGES.surface);

/** POST /api/admin/patients/{id}/clinical-items: one item, checked against the vocabulary by checkChartItem. */
export const clinicalItemCreateSchema = z.object({
  teeth: z.array(tooth, { error: CLINICAL_MESSAGES.teeth }).min(1, CLINICAL_MESSAGES.teeth).max(32, CLINICAL_MESSAGES.teeth),
  surfaces: z.array(surfaceLetter, { error: CLINICAL_MESSAGES.surface }).max(6, CLINICAL_MESSAGES.surface).default([]),
  code: requiredText(CLINICAL_MESSAGES.code, 40, CLINICAL_MESSAGES.code),
  status: z.enum(itemStatuses, { error: CLINICAL_MESSAGES.status }).nullish(),
  note: optionalText(2000, CLINICAL_MESSAGES.note),
  /** CHART-29: work done on an earlier day, recorded now. */
  performedOn: optionalDate(CLINICAL_MESSAGES.performedOn),
});
export type ClinicalItemCreate = z.output<typeof clinicalItemCreateSchema>;

/** PATCH /api/admin/clinical-items/{id}: a procedure's new status (planned -> completed, ...), or a finding's `resolved` (CHART-27). */
export const clinicalItemStatusSchema = z.object({ status: z.enum([...procedureStatuses, 'resolved'], { error: CLINICAL_MESSAGES.patchStatus }) });
export type ClinicalItemStatusChange = z.output<typeof clinicalItemStatusSchema>['status'];

/** POST /api/admin/clinical-items/{id}/invalidate: the reason is required. */
export const clinicalItemInvalidateSchema = z.object({
  reason: requiredText(CLINICAL_MESSAGES.reason, 500, CLINICAL_MESSAGES.reasonTooLong),
});

/** POST /api/admin/patients/{id}/clinical-items/invalidate: the items of one entry, taken back together. */
export const clinicalItemsInvalidateSchema = z.object({
  ids: z
    .array(idField(CLINICAL_MESSAGES.ids), { error: CLINICAL_MESSAGES.ids })
    .min(1, CLINICAL_MESSAGES.ids)
    .max(100, CLINICAL_MESSAGES.ids),
  reason: requiredText(CLINICAL_MESSAGES.reason, 500, CLINICAL_MESSAGES.reasonTooLong),
});

/** POST /api/admin/patients/{id}/chart-commands: what was typed in the bar; preview only parses. */
export const chartCommandSchema = z.object({
  command: requiredText(CLINICAL_MESSAGES.command, 2000, CLINICAL_MESSAGES.commandTooLong),
  preview: z.boolean({ error: 'preview must be true or false' }).default(false),
  /** CHART-29: the day the work typed was done, when it is recorded later (every entry of the command). */
  performedOn: optionalDate(CLINICAL_MESSAGES.performedOn),
});

/** POST /api/admin/findings: a finding the owner adds to the list (CHART-3). */
export const findingCreateSchema = z.object({
  code: z.string({ error: CLINICAL_MESSAGES.findingCode }).trim().regex(CHART_CODE_PATTERN, CLINICAL_MESSAGES.findingCode),
  names: z
    .array(z.string({ error: CLINICAL_MESSAGES.findingName }).trim().toLowerCase().min(1, CLINICAL_MESSAGES.findingName).max(60, CLINICAL_MESSAGES.findingName), {
      error: CLINICAL_MESSAGES.findingName,
    })
    .min(1, CLINICAL_MESSAGES.findingName)
    .max(10, 'At most 10 names'),
  takesSurfaces: z.boolean({ error: 'takesSurfaces must be true or false' }).default(false),
  draw: z.enum(drawKinds, { error: `draw must be ${orList(drawKinds)}` }).default('mark'),
});
export type FindingCreate = z.output<typeof findingCreateSchema>;

/** PUT /api/admin/findings/{code} (CHART-16): its names, drawing and surfaces, and whether it is retired. */
export const findingUpdateSchema = findingCreateSchema.omit({ code: true }).extend({
  retired: z.boolean({ error: 'retired must be true or false' }).default(false),
});
export type FindingUpdate = z.output<typeof findingUpdateSchema>;

/** A finding as the owner's list answers it: retired ones too, and whether any item (even invalidated) uses it. */
export interface FindingEntry extends ChartVocabularyCode {
  retired: boolean;
  inUse: boolean;
}

/** ?at=YYYY-MM-DD of GET chart. */
export const chartDateSchema = z.string().meta(DATE_META).refine(isPlausibleDate, CLINICAL_MESSAGES.at);

export interface ClinicalItemEvent {
  at: string;
  action: 'create' | 'status' | 'invalidate';
  status: ItemStatus;
  userId: number;
  userName: string | null;
  reason: string | null;
  /** CHART-27: the completed procedure that treated this finding (a `resolved` status event), if any. */
  byItemId?: number | null;
}

/** NOTE-15: a sitting of the item (PLAN-11): when, who, the teeth done, whether it was the last, and its note. */
export interface ClinicalItemSitting {
  at: string;
  userId: number;
  userName: string | null;
  teeth: string[];
  final: boolean;
  note: string | null;
}

/** One item as every clinical route answers it. */
/** An item as stored: what the command bar reads (ParsedItem), and who recorded it, when and what became of it. */
export interface ClinicalItem extends ParsedItem {
  id: number;
  patientId: number;
  dentistId: number;
  dentistName: string | null;
  createdAt: string;
  invalidatedAt: string | null;
  invalidReason: string | null;
  invalidatedBy: number | null;
  /** A completed procedure: its status no longer changes (CHART-8). */
  locked: boolean;
  /** CHART-29: the day the work was done when it was recorded on a later day (YYYY-MM-DD), else null. */
  performedOn?: string | null;
  /** Every change, oldest first (CHART-9). */
  history: ClinicalItemEvent[];
  /**
   * NOTE-15: the sittings recorded for it on a plan (PLAN-11), oldest first, with their notes. Every route
   * answers it; optional for an item drawn on the screen before the server has it.
   */
  sittings?: ClinicalItemSitting[];
}

export interface PatientChart {
  patientId: number;
  /** The clinic day asked for, or null for now. */
  at: string | null;
  /** The instant the chart stands at: the end of that clinic day, or now. */
  asOf: string;
  items: ClinicalItem[];
  teeth: ToothChart[];
}

export type ChartVocabulary = ChartVocabularyCode[];
