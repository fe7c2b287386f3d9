import { z } from 'zod';
import type { IsoDateTime } from '../schemas/json';

// The structured medical history (docs/clinical.md "Medical history", MED-1..MED-6): what a version
// holds, its checks and messages, the alert banner's words drawn from it, and how the first release's free
// text becomes a structured version (migration 050 and nothing else).

/** MED-1: the checklist's stable keys, in the order the form shows them. Never renamed: versions keep them. */
export const conditionKeys = [
  'diabetes',
  'hypertension',
  'heart-disease-or-pacemaker',
  'bleeding-disorder-or-anticoagulants',
  'asthma',
  'epilepsy',
  'pregnancy-or-breastfeeding',
  'bisphosphonates',
  'thyroid',
  'kidney-or-liver-disease',
  'infectious-disease',
  'other',
] as const;
export type ConditionKey = (typeof conditionKeys)[number];

export const conditionLabels: Record<ConditionKey, string> = {
  'diabetes': 'Diabetes',
  'hypertension': 'Hypertension',
  'heart-disease-or-pacemaker': 'Heart disease or pacemaker',
  'bleeding-disorder-or-anticoagulants': 'Bleeding disorder or anticoagulants',
  'asthma': 'Asthma',
  'epilepsy': 'Epilepsy',
  'pregnancy-or-breastfeeding': 'Pregnancy or breastfeeding',
  'bisphosphonates': 'Bisphosphonates',
  'thyroid': 'Thyroid disease',
  'kidney-or-liver-disease': 'Kidney or liver disease',
  'infectious-disease': 'Infectious disease',
  'other': 'Other',
};

export const allergySeverities = ['mild', 'moderate', 'severe', 'unknown'] as const;
export type AllergySeverity = (typeof allergySeverities)[number];
export const historySources = ['staff', 'patient'] as const;
export type HistorySource = (typeof historySources)[number];

export const MEDICAL_HISTORY_MESSAGES = {
  substance: 'Name the substance the patient is allergic to',
  substanceTooLong: 'A substance must be at most 200 characters',
  reaction: 'A reaction must be at most 200 characters',
  severity: 'Severity must be mild, moderate, severe or unknown',
  allergies: 'Allergies must be a list of { substance, reaction, severity }',
  tooManyAllergies: 'At most 50 allergies',
  medicine: 'Name the medicine',
  medicineTooLong: 'A medicine must be at most 200 characters',
  dose: 'A dose must be at most 100 characters',
  medicines: 'Medicines must be a list of { name, dose }',
  tooManyMedicines: 'At most 50 medicines',
  condition: `Conditions are from the checklist: ${conditionKeys.join(', ')}`,
  conditionTwice: (key: string) => `“${key}” is listed twice`,
  otherText: 'Say what the other condition is',
  otherTooLong: 'The other condition must be at most 500 characters',
  pregnant: 'pregnant must be true or false',
  note: 'Note must be at most 4000 characters',
  source: 'source must be staff or patient',
  alreadyConfirmed: 'This version is already confirmed',
  notPatients: 'Only a version the patient gave needs confirming',
  notCurrent: 'Only the current version can be confirmed: a newer one replaced it',
  noHistory: 'This patient has no medical history yet',
  freeText: 'Allergies, conditions and medicines are kept in the medical history: record them there',
} as const;

const M = MEDICAL_HISTORY_MESSAGES;

const allergySchema = z.object(
  {
    substance: z.string({ error: M.substance }).trim().min(1, M.substance).max(200, M.substanceTooLong),
    reaction: z.string({ error: M.reaction }).trim().max(200, M.reaction).nullish().transform((v) => v ?? ''),
    severity: z.enum(allergySeverities, { error: M.severity }).default('unknown'),
  },
  { error: M.allergies },
);
const medicineSchema = z.object(
  {
    name: z.string({ error: M.medicine }).trim().min(1, M.medicine).max(200, M.medicineTooLong),
    dose: z.string({ error: M.dose }).trim().max(100, M.dose).nullish().transform((v) => v ?? ''),
  },
  { error: M.medicines },
);

/** PUT /api/admin/patients/{id}/medical-history (MED-1): one whole version. */
export const medicalHistorySchema = z
  .object({
    allergies: z.array(allergySchema, { error: M.allergies }).max(50, M.tooManyAllergies).default([]),
    medicines: z.array(medicineSchema, { error: M.medicines }).max(50, M.tooManyMedicines).default([]),
    conditions: z.array(z.enum(conditionKeys, { error: M.condition }), { error: M.condition }).default([]),
    conditionOther: z.string({ error: M.otherText }).trim().max(500, M.otherTooLong).nullish().transform((v) => v || null),
    pregnant: z.boolean({ error: M.pregnant }).default(false),
    note: z.string({ error: M.note }).trim().max(4000, M.note).nullish().transform((v) => v || null),
    source: z.enum(historySources, { error: M.source }).optional(),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    for (const key of v.conditions) {
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: M.conditionTwice(key), path: ['conditions'] });
      seen.add(key);
    }
    if (v.conditions.includes('other') && !v.conditionOther) ctx.addIssue({ code: 'custom', message: M.otherText, path: ['conditionOther'] });
  });
export type MedicalHistoryInput = z.input<typeof medicalHistorySchema>;
export type MedicalHistoryPayload = z.output<typeof medicalHistorySchema>;

export interface Allergy {
  substance: string;
  reaction: string;
  severity: AllergySeverity;
}
export interface Medicine {
  name: string;
  dose: string;
}

/** What one version says (MED-1). */
export interface MedicalHistoryContent {
  allergies: Allergy[];
  medicines: Medicine[];
  conditions: ConditionKey[];
  conditionOther: string | null;
  pregnant: boolean;
  note: string | null;
}

/** A version's who and when (MED-2, MED-3). `enteredBy` null: carried over from the first release's form. */
export interface MedicalHistoryVersionInfo {
  version: number;
  source: HistorySource;
  enteredBy: number | null;
  enteredByName: string | null;
  createdAt: IsoDateTime;
  confirmedBy: number | null;
  confirmedByName: string | null;
  confirmedAt: IsoDateTime | null;
  /**
   * A version that waits for a dentist's or the owner's confirmation: one the patient gave (a receptionist's
   * entry is always that, MED-6) not yet confirmed, or one that came with a merge (MED-8) not yet confirmed
   * on this record.
   */
  awaitingConfirmation: boolean;
  /** MED-8: the merge this version came with, as a proposal; null for the record's own versions. */
  mergeId: number | null;
}

/** GET and PUT /api/admin/patients/{id}/medical-history: the current version, and every version's who and when. */
export interface MedicalHistory extends MedicalHistoryContent, Omit<MedicalHistoryVersionInfo, 'createdAt'> {
  patientId: number;
  /** When the current version was saved; null (and version 0) while the patient has none. */
  createdAt: IsoDateTime | null;
  /**
   * What the alert banner shows (MED-5, MED-8): the newest confirmed version's alerts, and beside them, marked
   * `unconfirmed`, what unconfirmed versions newer than it add. An alert is never taken away unconfirmed.
   */
  alerts: MedicalAlertItem[];
  /** MED-8: the newest confirmed version, whose alerts stand (0 while none is confirmed). */
  confirmedVersion: number;
  /** MED-8: what a newer, unconfirmed version leaves out of the confirmed one: kept until it is confirmed. */
  unconfirmedRemovals: string[];
  /** Every version, newest first. */
  versions: MedicalHistoryVersionInfo[];
}

/** GET .../medical-history/versions/{version}: one past version whole. */
export interface MedicalHistoryVersion extends MedicalHistoryContent, MedicalHistoryVersionInfo {
  patientId: number;
}

export type AlertLevel = 'danger' | 'warning';
export interface MedicalAlertItem {
  level: AlertLevel;
  text: string;
  /** MED-8: set on an alert no dentist has confirmed yet, saying so ("reported at the desk, not yet confirmed"). */
  unconfirmed?: string;
}

/** MED-9: an alert about pregnancy (the history's "pregnant now" or the checklist's condition), flagged by its own mark wherever alerts show. */
export function isPregnancyAlert(a: Pick<MedicalAlertItem, 'text'>): boolean {
  return a.text === 'Pregnant' || a.text === conditionLabels['pregnancy-or-breastfeeding'];
}

/** MED-8: how an alert nobody clinical has confirmed is marked, wherever it shows. */
export const UNCONFIRMED_LABELS = {
  desk: 'reported at the desk, not yet confirmed',
  merge: 'from a merged record, not yet confirmed',
} as const;

/** Conditions that change what a dentist does in the chair, said first and in red (MED-5). */
const dangerConditions: ConditionKey[] = ['bleeding-disorder-or-anticoagulants', 'heart-disease-or-pacemaker', 'bisphosphonates', 'pregnancy-or-breastfeeding'];

function allergyText(a: Allergy): string {
  const detail = [a.severity === 'unknown' ? null : a.severity, a.reaction || null].filter(Boolean).join(': ');
  return detail ? `${a.substance} (${detail})` : a.substance;
}

function conditionText(h: Pick<MedicalHistoryContent, 'conditions' | 'conditionOther'>, key: ConditionKey): string {
  return key === 'other' ? (h.conditionOther ?? 'Other') : conditionLabels[key];
}

/**
 * MED-5: what the banner shows, most dangerous first: each allergy with its severity and reaction (a severe
 * one in red), pregnancy, then the conditions that change treatment (anticoagulants or a bleeding disorder,
 * heart disease or a pacemaker, bisphosphonates), then the other conditions, then the medicines.
 */
export function medicalAlerts(h: MedicalHistoryContent): MedicalAlertItem[] {
  const out: MedicalAlertItem[] = [];
  for (const a of h.allergies) out.push({ level: a.severity === 'severe' ? 'danger' : 'warning', text: `Allergy: ${allergyText(a)}` });
  if (h.pregnant) out.push({ level: 'danger', text: 'Pregnant' });
  for (const key of dangerConditions) {
    if (key === 'pregnancy-or-breastfeeding' && h.pregnant) continue;
    if (h.conditions.includes(key)) out.push({ level: 'danger', text: conditionLabels[key] });
  }
  for (const key of h.conditions) if (!dangerConditions.includes(key)) out.push({ level: 'warning', text: conditionText(h, key) });
  if (h.medicines.length) out.push({ level: 'warning', text: `Medicines: ${h.medicines.map((m) => (m.dose ? `${m.name} ${m.dose}` : m.name)).join(', ')}` });
  return out;
}

/**
 * MED-5: the one-line summary kept on the patient row (patients.allergies, conditions, medications), so the
 * booking and billing dialogs, the appointment lists and the CSV export (which read those columns) show
 * what the current version says. Written only by the medical history's save, in its transaction.
 */
export function historySummary(h: MedicalHistoryContent): { allergies: string; conditions: string; medications: string } {
  const conditions = [
    ...(h.pregnant ? ['Pregnant'] : []),
    ...h.conditions.filter((k) => !(k === 'pregnancy-or-breastfeeding' && h.pregnant)).map((k) => conditionText(h, k)),
  ];
  return {
    allergies: h.allergies.map(allergyText).join(', '),
    conditions: conditions.join(', '),
    medications: h.medicines.map((m) => (m.dose ? `${m.name} ${m.dose}` : m.name)).join(', '),
  };
}

// MED-8: what stands. A version counts once it is confirmed (a staff version by the owner or a dentist is;
// a patient's, a receptionist's or a merged-in one once a dentist or the owner confirms it). The alerts are
// the newest confirmed version's, with what newer, unconfirmed versions add beside them, marked; what those
// versions leave out stays until one of them is confirmed. So a receptionist's entry can add an alert but
// never take one away, and a merge never confirms anything.

/** One version as MED-8 reads it (newest first in a list). */
export interface StandingInput extends MedicalHistoryContent {
  version: number;
  awaitingConfirmation: boolean;
  mergeId?: number | null;
}

export interface ReportedGroup {
  label: string;
  content: MedicalHistoryContent;
}

export interface StandingHistory {
  confirmedVersion: number;
  confirmed: MedicalHistoryContent;
  /** What unconfirmed newer versions add, by how they came (the desk, a merge); empty groups left out. */
  reported: ReportedGroup[];
  /** What the newest unconfirmed version leaves out of the confirmed one ("Allergy: Penicillin"). */
  removals: string[];
}

export const EMPTY_HISTORY: MedicalHistoryContent = { allergies: [], medicines: [], conditions: [], conditionOther: null, pregnant: false, note: null };

const itemKey = (s: string) => s.trim().toLowerCase();

/** MED-8: the confirmed version and what newer, unconfirmed ones add or leave out. `versions` newest first. */
export function standingHistory(versions: readonly StandingInput[]): StandingHistory {
  const confirmedAt = versions.findIndex((v) => !v.awaitingConfirmation);
  const confirmedRow = confirmedAt === -1 ? null : versions[confirmedAt];
  const confirmed: MedicalHistoryContent = confirmedRow
    ? { allergies: confirmedRow.allergies, medicines: confirmedRow.medicines, conditions: confirmedRow.conditions, conditionOther: confirmedRow.conditionOther, pregnant: confirmedRow.pregnant, note: confirmedRow.note }
    : EMPTY_HISTORY;
  const pending = (confirmedAt === -1 ? versions : versions.slice(0, confirmedAt)).slice().reverse(); // oldest first
  const seenAllergies = new Set(confirmed.allergies.map((a) => itemKey(a.substance)));
  const seenMedicines = new Set(confirmed.medicines.map((m) => itemKey(m.name)));
  const seenConditions = new Set<string>(confirmed.conditions);
  let seenPregnant = confirmed.pregnant;
  const groups = new Map<string, MedicalHistoryContent>();
  for (const v of pending) {
    const label = v.mergeId ? UNCONFIRMED_LABELS.merge : UNCONFIRMED_LABELS.desk;
    const g = groups.get(label) ?? { allergies: [], medicines: [], conditions: [], conditionOther: null, pregnant: false, note: null };
    for (const a of v.allergies) {
      if (seenAllergies.has(itemKey(a.substance))) continue;
      seenAllergies.add(itemKey(a.substance));
      g.allergies.push(a);
    }
    for (const m of v.medicines) {
      if (seenMedicines.has(itemKey(m.name))) continue;
      seenMedicines.add(itemKey(m.name));
      g.medicines.push(m);
    }
    for (const c of v.conditions) {
      if (c === 'other') {
        const text = v.conditionOther ?? 'Other';
        if (confirmed.conditions.includes('other') && itemKey(confirmed.conditionOther ?? '') === itemKey(text)) continue;
        if (!g.conditions.includes('other')) g.conditions.push('other');
        g.conditionOther = g.conditionOther && itemKey(g.conditionOther) !== itemKey(text) ? `${g.conditionOther}; ${text}` : text;
      } else if (!seenConditions.has(c)) {
        seenConditions.add(c);
        g.conditions.push(c);
      }
    }
    if (v.pregnant && !seenPregnant) {
      seenPregnant = true;
      g.pregnant = true;
    }
    groups.set(label, g);
  }
  const reported = [...groups.entries()]
    .map(([label, content]) => ({ label, content: { ...content, conditions: conditionKeys.filter((k) => content.conditions.includes(k)) } }))
    .filter(({ content: c }) => c.allergies.length || c.medicines.length || c.conditions.length || c.pregnant);
  const newest = pending.at(-1);
  const removals: string[] = [];
  if (newest && confirmedRow) {
    const has = { a: new Set(newest.allergies.map((a) => itemKey(a.substance))), m: new Set(newest.medicines.map((m) => itemKey(m.name))) };
    for (const a of confirmed.allergies) if (!has.a.has(itemKey(a.substance))) removals.push(`Allergy: ${a.substance}`);
    if (confirmed.pregnant && !newest.pregnant) removals.push('Pregnant');
    for (const c of confirmed.conditions) if (!newest.conditions.includes(c)) removals.push(conditionText(confirmed, c));
    for (const m of confirmed.medicines) if (!has.m.has(itemKey(m.name))) removals.push(`Medicine: ${m.name}`);
  }
  return { confirmedVersion: confirmedRow?.version ?? 0, confirmed, reported, removals };
}

/** MED-5, MED-8: the banner's alerts: the confirmed ones, then what is reported beside them, marked. */
export function standingAlerts(s: StandingHistory): MedicalAlertItem[] {
  return [...medicalAlerts(s.confirmed), ...s.reported.flatMap((g) => medicalAlerts(g.content).map((a) => ({ ...a, unconfirmed: g.label })))];
}

/**
 * MED-5, MED-8: the patient row's one-line summary of what stands: the confirmed version's, then each
 * unconfirmed addition after its label ("Penicillin (severe); reported at the desk, not yet confirmed: Latex").
 */
export function standingSummary(s: StandingHistory): { allergies: string; conditions: string; medications: string } {
  const out = historySummary(s.confirmed);
  for (const g of s.reported) {
    const add = historySummary(g.content);
    for (const k of ['allergies', 'conditions', 'medications'] as const) {
      if (!add[k]) continue;
      out[k] = out[k] ? `${out[k]}; ${g.label}: ${add[k]}` : `${g.label[0].toUpperCase()}${g.label.slice(1)}: ${add[k]}`;
    }
  }
  return out;
}

// MED-4: the first release's free text, read into a structured version. Each line or comma-separated piece
// of the allergies becomes an allergy (severity unknown), of the medicines a medicine; a piece of the
// conditions that names a checklist condition ticks it, the rest is kept as "other". Medicines that are
// anticoagulants or bisphosphonates tick those conditions too. The three texts are also kept verbatim in
// the version's note, so nothing is lost whatever the reading made of them.
const conditionWords: [ConditionKey, RegExp][] = [
  ['diabetes', /diabet|\bsugar\b|\bdm\b|\bt2dm\b/i],
  ['hypertension', /hypertens|\bb\.?p\b|blood pressure/i],
  ['heart-disease-or-pacemaker', /heart|cardiac|pacemaker|angina|\bcad\b|stent|bypass/i],
  ['bleeding-disorder-or-anticoagulants', /bleed|h(a)?emophil|anticoag|blood thinner|warfarin|acitrom|acenocoumarol|clopidogrel|apixaban|rivaroxaban|dabigatran/i],
  ['asthma', /asthma/i],
  ['epilepsy', /epilep|seizure|\bfits\b/i],
  ['pregnancy-or-breastfeeding', /pregnan|breast ?feed|lactat/i],
  ['bisphosphonates', /bisphosph|alendron|risedron|zoledron|ibandron/i],
  ['thyroid', /thyro/i],
  ['kidney-or-liver-disease', /kidney|renal|dialysis|liver|cirrho/i],
  ['infectious-disease', /hepatitis|\bhiv\b|tubercul|\btb\b|infectio/i],
];
const medicineConditions: [ConditionKey, RegExp][] = conditionWords.filter(([k]) => k === 'bleeding-disorder-or-anticoagulants' || k === 'bisphosphonates');
const NOTHING = /^(none|nil|no|na|n\/a|no known( drug)? allergies|nkda|nka|-)\.?$/i;

function pieces(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/[,;\n]+/)
    .map((p) => p.trim())
    .filter((p) => p && !NOTHING.test(p));
}

export interface FreeTextAlerts {
  allergies?: string | null;
  conditions?: string | null;
  medications?: string | null;
}

/** MED-4: a structured version read from the first release's free text; null when all three are empty. */
export function historyFromFreeText(t: FreeTextAlerts): MedicalHistoryContent | null {
  const texts = { allergies: (t.allergies ?? '').trim(), conditions: (t.conditions ?? '').trim(), medications: (t.medications ?? '').trim() };
  if (!texts.allergies && !texts.conditions && !texts.medications) return null;
  const conditions = new Set<ConditionKey>();
  const other: string[] = [];
  for (const piece of pieces(texts.conditions)) {
    const hits = conditionWords.filter(([, re]) => re.test(piece)).map(([k]) => k);
    if (hits.length) hits.forEach((k) => conditions.add(k));
    else other.push(piece);
  }
  const medicines = pieces(texts.medications).map((name) => ({ name: name.slice(0, 200), dose: '' }));
  for (const m of medicines) for (const [k, re] of medicineConditions) if (re.test(m.name)) conditions.add(k);
  if (other.length) conditions.add('other');
  const note = [
    'Carried over from the first release’s free-text fields:',
    texts.allergies && `Allergies: ${texts.allergies}`,
    texts.conditions && `Conditions: ${texts.conditions}`,
    texts.medications && `Medicines: ${texts.medications}`,
  ]
    .filter(Boolean)
    .join('\n');
  return {
    allergies: pieces(texts.allergies).map((substance) => ({ substance: substance.slice(0, 200), reaction: '', severity: 'unknown' as const })),
    medicines,
    conditions: conditionKeys.filter((k) => conditions.has(k)),
    conditionOther: other.length ? other.join(', ').slice(0, 500) : null,
    pregnant: false,
    note,
  };
}

/**
 * DATA-11: what an appointment answer says of its patient's alerts: that they exist, and whether some of them are
 * only reported (MED-8: the row's summary then carries an unconfirmed label), never what they are.
 */
export function alertFlags(p: { allergies?: string | null; conditions?: string | null; medications?: string | null } | null): {
  hasMedicalAlerts: boolean;
  medicalAlertsUnconfirmed: boolean;
} {
  const texts = p ? [p.allergies, p.conditions, p.medications].map((t) => (t ?? '').trim().toLowerCase()) : [];
  const labels = Object.values(UNCONFIRMED_LABELS);
  return {
    hasMedicalAlerts: texts.some((t) => t !== ''),
    medicalAlertsUnconfirmed: texts.some((t) => labels.some((l) => t.includes(l))),
  };
}
