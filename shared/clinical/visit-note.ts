import { z } from 'zod';
import { MAX_ID, idField, wholeNumberField } from '../schemas/fields';
import type { IsoDateTime } from '../schemas/json';

// Visit notes (docs/clinical.md "Visit notes", NOTE-1..NOTE-8): the sections of a note, its checks and
// messages, the shapes the API answers, and the templates' defaults.

export const noteSections = ['complaint', 'history', 'examination', 'diagnosis', 'treatment', 'advice'] as const;
export type NoteSection = (typeof noteSections)[number];
export type NoteSections = Record<NoteSection, string>;

export const noteSectionLabels: Record<NoteSection, string> = {
  complaint: 'Chief complaint',
  history: 'History',
  examination: 'Examination',
  diagnosis: 'Diagnosis',
  treatment: 'Treatment done',
  advice: 'Advice',
};

export const VISIT_NOTE_MESSAGES = {
  sections: 'sections must be an object of complaint, history, examination, diagnosis, treatment and advice',
  sectionTooLong: (label: string) => `${label} must be at most 5000 characters`,
  empty: 'Write at least one section of the note',
  appointment: 'appointmentId must be an appointment of this patient',
  template: 'templateId must be one of the templates',
  signed: 'A signed note is locked: add an addendum instead',
  notSigned: 'Sign the note before adding an addendum: until then, edit it',
  alreadySigned: 'This note is already signed',
  notYours: 'Only the dentist who wrote this note can sign it',
  addendum: 'Write the addendum',
  addendumTooLong: 'An addendum must be at most 5000 characters',
  templateName: 'Give the template a name',
  templateNameTooLong: 'A template name must be at most 100 characters',
  templateNameTaken: (name: string) => `A template is already called “${name}”`,
  prompt: 'A prompt must be at most 500 characters',
  procedureText: 'A default text must be at most 2000 characters',
  procedureCode: (code: string) => `“${code}” is not a procedure code of the price list`,
  unsigned: 'unsigned must be mine or all',
  unsignedAll: "Only the owner can see every dentist's unsigned notes; ask for your own (unsigned=mine)",
  version: 'The note changed since you opened it: reload it and edit again',
} as const;
const N = VISIT_NOTE_MESSAGES;

const sectionText = (label: string) =>
  z.string({ error: N.sections }).trim().max(5000, N.sectionTooLong(label)).nullish().transform((v) => v ?? '');

const sectionsSchema = z.object(
  Object.fromEntries(noteSections.map((s) => [s, sectionText(noteSectionLabels[s])])) as Record<NoteSection, ReturnType<typeof sectionText>>,
  { error: N.sections },
);

const promptText = () => z.string({ error: N.prompt }).trim().max(500, N.prompt).nullish().transform((v) => v ?? '');

/** POST /api/admin/patients/{id}/visit-notes (NOTE-1). */
export const visitNoteCreateSchema = z
  .object({
    sections: sectionsSchema,
    appointmentId: idField(N.appointment).nullish(),
    templateId: idField(N.template).nullish(),
  })
  .refine((v) => noteSections.some((s) => v.sections[s] !== ''), { message: N.empty, path: ['sections'] });
export type VisitNoteCreate = z.output<typeof visitNoteCreateSchema>;

/** PUT /api/admin/visit-notes/{id} (NOTE-2): the sections again, whole; `version` the one edited, if known. */
export const visitNoteUpdateSchema = z
  .object({ sections: sectionsSchema, version: wholeNumberField(N.version, 1, MAX_ID).nullish() })
  .refine((v) => noteSections.some((s) => v.sections[s] !== ''), { message: N.empty, path: ['sections'] });

/** POST /api/admin/visit-notes/{id}/addenda (NOTE-4). */
export const addendumSchema = z.object({ text: z.string({ error: N.addendum }).trim().min(1, N.addendum).max(5000, N.addendumTooLong) });

/** PUT /api/admin/visit-note-templates (NOTE-6): the owner's templates and each procedure code's default text, whole. */
export const visitNoteTemplatesSchema = z.object({
  templates: z
    .array(
      z.object({
        id: idField(N.template).nullish(),
        name: z.string({ error: N.templateName }).trim().min(1, N.templateName).max(100, N.templateNameTooLong),
        prompts: z.object(
          Object.fromEntries(noteSections.map((s) => [s, promptText()])) as Record<NoteSection, ReturnType<typeof promptText>>,
          { error: N.prompt },
        ),
        active: z.boolean().default(true),
      }),
    )
    .max(50),
  procedureTexts: z.record(z.string(), z.string({ error: N.procedureText }).trim().max(2000, N.procedureText)).default({}),
});
export type VisitNoteTemplatesPayload = z.output<typeof visitNoteTemplatesSchema>;

export interface NoteVersion {
  version: number;
  sections: NoteSections;
  userId: number;
  userName: string | null;
  createdAt: IsoDateTime;
}
export interface NoteAddendum {
  id: number;
  text: string;
  userId: number;
  userName: string | null;
  createdAt: IsoDateTime;
}

/** A visit note as the API answers it (NOTE-1): the latest sections, every version, the addenda. */
export interface VisitNote {
  id: number;
  patientId: number;
  dentistId: number;
  dentistName: string | null;
  appointmentId: number | null;
  templateId: number | null;
  createdAt: IsoDateTime;
  updatedAt: IsoDateTime;
  version: number;
  sections: NoteSections;
  signedAt: IsoDateTime | null;
  signedBy: number | null;
  locked: boolean;
  versions: NoteVersion[];
  addenda: NoteAddendum[];
}

/** GET /api/admin/visit-notes?unsigned=mine: a note waiting for its dentist's signature (NOTE-5). */
export interface UnsignedNote {
  id: number;
  patientId: number;
  patientName: string;
  dentistId: number;
  dentistName: string | null;
  createdAt: IsoDateTime;
  complaint: string;
}

export interface VisitNoteTemplate {
  id: number;
  name: string;
  prompts: NoteSections;
  active: boolean;
}
export interface VisitNoteTemplates {
  templates: VisitNoteTemplate[];
  /** Procedure code -> the default "treatment done" text (NOTE-7). */
  procedureTexts: Record<string, string>;
}

/** The templates migration 051 starts with. */
export const defaultTemplates: { name: string; prompts: NoteSections }[] = [
  {
    name: 'General visit',
    prompts: {
      complaint: 'What brings the patient in, in their words',
      history: 'Onset, duration, pain (type, triggers, night pain), earlier treatment',
      examination: 'Extra-oral, intra-oral, teeth involved, tests (percussion, vitality), radiographs',
      diagnosis: 'Provisional or final diagnosis, teeth in FDI',
      treatment: 'What was done today, anaesthesia, materials',
      advice: 'Instructions given, medicines prescribed, next visit',
    },
  },
  {
    name: 'Emergency (pain)',
    prompts: {
      complaint: 'Where it hurts and since when',
      history: 'Pain: sharp or dull, spontaneous, lingering to cold or heat, swelling, fever',
      examination: 'Swelling, tenderness, tooth mobility, percussion, cold test, IOPA',
      diagnosis: 'Reversible or irreversible pulpitis, abscess, fracture, ...',
      treatment: 'Emergency care given today',
      advice: 'Analgesics, warm saline rinses, when to return',
    },
  },
];

/**
 * Default "treatment done" text per procedure code (NOTE-7); the owner edits them. They describe work done
 * (NOTE-13: the draft lists only that): a completed crown is cemented. Migrations 051 and 095 seeded these.
 */
export const defaultProcedureTexts: Record<string, string> = {
  composite: 'Composite restoration placed under isolation; occlusion checked and polished.',
  rct: 'Root canal treatment: access opening, working length, cleaning and shaping, irrigation, obturation.',
  extraction: 'Extraction under local anaesthesia; haemostasis achieved; post-extraction instructions given.',
  scaling: 'Scaling and polishing of both arches; oral hygiene instructions given.',
  crown: 'Crown tried in and cemented; margins, contacts and occlusion checked.',
  pulpotomy: 'Pulpotomy under local anaesthesia: coronal pulp removed, haemostasis achieved, pulp medicament placed, tooth sealed.',
  'post-core': 'Post cemented in the prepared canal and core built up.',
  inlay: 'Inlay tried in, cemented and finished; contacts and occlusion checked.',
  onlay: 'Onlay tried in, cemented and finished; contacts and occlusion checked.',
};

export function emptySections(): NoteSections {
  return { complaint: '', history: '', examination: '', diagnosis: '', treatment: '', advice: '' };
}
