import { z } from 'zod';

// DATA-10: what counts as clinical data in an answer, marked in one place. A schema wrapped in `clinical()`
// carries `x-clinical` (what it is) into its JSON Schema, so the OpenAPI document (api/openapi) says which
// answers hold clinical facts; api/test/security/clinical-read-audit.test.ts reads the document, calls every
// GET route whose answer schema holds a mark, and fails on one that writes no audit row. A route's answer
// shape is given in api/openapi/route-docs.ts from the schemas here (or others that use `clinical()`).

/** The JSON Schema keyword that marks clinical data (an OpenAPI extension keyword). */
export const CLINICAL_MARK = 'x-clinical';

/** Marks `schema` as clinical data: `what` names it ("a visit note", "the alert summary"). */
export function clinical<T extends z.ZodType>(schema: T, what: string): T {
  return schema.meta({ [CLINICAL_MARK]: what }) as T;
}

/** Whether a JSON Schema (an answer's, with its $defs) holds a clinical mark anywhere. */
export function holdsClinical(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(holdsClinical);
  if (!schema || typeof schema !== 'object') return false;
  if (CLINICAL_MARK in schema) return true;
  return Object.values(schema).some(holdsClinical);
}

const teeth = z.array(z.string());

/** PAT-7, MED-5: the patient's allergies, conditions and medicines in one line each (the history's summary). */
export const alertSummaryText = clinical(z.string(), 'the medical alert summary');

/** CHART-6: an item of the chart: a finding or procedure on teeth. */
export const clinicalItemAnswer = clinical(
  z.looseObject({ id: z.number().int(), patientId: z.number().int(), kind: z.string(), code: z.string(), teeth, status: z.string().nullable() }),
  'a chart item',
);

/** CHART-7: the chart: its items and each tooth's state. */
export const chartAnswer = clinical(z.looseObject({ items: z.array(clinicalItemAnswer) }), "the patient's chart");

/** MED-2: the medical history, its alerts and versions. */
export const medicalHistoryAnswer = clinical(z.looseObject({ current: z.unknown(), alerts: z.array(z.unknown()) }), 'the medical history');
export const medicalHistoryVersionAnswer = clinical(z.looseObject({ version: z.number().int() }), 'a medical history version');

const sections = z.looseObject({ complaint: z.string(), treatment: z.string() });

/** NOTE-1: a visit note with its versions and addenda. */
export const visitNoteAnswer = clinical(z.looseObject({ id: z.number().int(), patientId: z.number().int(), sections }), 'a visit note');
/** NOTE-5: a note waiting for its dentist's signature, with its chief complaint. */
export const unsignedNoteAnswer = clinical(
  z.object({ id: z.number().int(), patientId: z.number().int(), patientName: z.string(), dentistId: z.number().int(), dentistName: z.string().nullable(), createdAt: z.string(), complaint: z.string() }),
  'an unsigned visit note',
);
/** NOTE-7: a new note's prompts, its treatment pre-filled from the day's procedures. */
export const visitNoteDraftAnswer = clinical(z.object({ prompts: sections, sections, templateId: z.number().int().nullable() }), "a visit note's draft");

/** PLAN-1..PLAN-16: a treatment plan: options, items on teeth, visits, acceptance. */
export const treatmentPlanAnswer = clinical(
  z.looseObject({ id: z.number().int(), patientId: z.number().int(), title: z.string(), status: z.string(), options: z.array(z.looseObject({ name: z.string(), items: z.array(z.looseObject({ teeth })) })) }),
  'a treatment plan',
);
/** PLAN-10: a visit of an accepted plan to book, with its items and teeth. */
export const visitToBookAnswer = clinical(
  z.looseObject({ planId: z.number().int(), patientId: z.number().int(), title: z.string(), items: z.array(z.looseObject({ description: z.string(), teeth })) }),
  "a plan's visit to book",
);
/** PLAN-13: a proposed plan to follow up. */
export const followUpAnswer = z.object({
  days: z.number().int(),
  plans: z.array(clinical(z.looseObject({ planId: z.number().int(), patientId: z.number().int(), title: z.string() }), 'a proposed plan')),
});
/** PLAN-11: completed, unbilled work on teeth. */
export const billableItemAnswer = clinical(z.looseObject({ itemId: z.number().int(), description: z.string(), teeth }), 'completed work on teeth');

/** FHIR-1: the record as a FHIR Bundle; DATA-2: everything held about the patient. */
export const fhirRecordAnswer = clinical(z.looseObject({ resourceType: z.literal('Bundle') }), 'the clinical record');
export const patientExportAnswer = clinical(z.looseObject({ patient: z.unknown() }), "everything held about the patient");
