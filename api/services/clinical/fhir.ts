import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { conditionLabels, standingHistory, type ConditionKey, type MedicalHistoryContent, type MedicalHistoryVersion } from '../../../shared/clinical/medical-history';
import { surfaceName, type Surface } from '../../../shared/clinical/surface-geometry';
import { noteSectionLabels, noteSections, type VisitNote } from '../../../shared/clinical/visit-note';
import { completedOn } from '../../../shared/clinical/item-dates';
import { sittingLabel } from '../../../shared/clinical/sittings';
import type { ClinicalItem } from '../../../shared/schemas/clinical-item';
import type { Deps } from '../../deps';
import { notFound } from '../../errors';
import { audit } from '../../platform/audit';
import { loadItems } from './items';
import { loadHistoryVersions } from './medical-history';
import { loadNotes } from './visit-notes';

// FHIR-1..FHIR-5 (docs/clinical.md "The record as FHIR"): a patient's clinical record as one FHIR R4 Bundle
// of type `collection`: Patient; a Practitioner per dentist named; AllergyIntolerance and
// MedicationStatement from the current medical history, a Condition per condition ticked; a Condition per
// finding and a Procedure per procedure on the chart, with each tooth as bodySite in FDI (ISO 3950) notation
// and its surfaces; an Encounter and a Composition per visit note. Built from the stored rows, nothing
// stored of its own.

type Resource = Record<string, unknown> & { resourceType: string; id: string };
type FhirJson = Record<string, unknown>;

/** FHIR-2: the tooth in FDI two-digit notation, the code system FHIR R4 gives for oral sites (ISO 3950). */
export const TOOTH_SYSTEM = 'http://terminology.hl7.org/CodeSystem/ex-tooth';
/** FHIR-2: the FDI surface codes of FHIR R4. */
export const SURFACE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/FDI-surface';
export const SNOMED = 'http://snomed.info/sct';
const surfaceNames: Record<string, string> = { M: 'Mesial', O: 'Occlusal', I: 'Incisal', D: 'Distal', B: 'Buccal', L: 'Lingual' };

/**
 * FHIR-2, CHART-19: a surface of a tooth as a bodySite: the FDI-surface code (O on a front tooth is I, incisal),
 * and as text the surface's name on that tooth from the one surface table (Palatal for an upper L, Facial for
 * a front B); cervical as text alone.
 */
export function surfaceBodySite(tooth: string, surface: Surface): { coding?: { system: string; code: string; display: string }[]; text: string } {
  const name = surfaceName(tooth, surface);
  const text = name.charAt(0).toUpperCase() + name.slice(1);
  if (surface === 'C') return { text };
  const code = surface === 'O' && name === 'incisal' ? 'I' : surface;
  return { coding: [{ system: SURFACE_SYSTEM, code, display: surfaceNames[code] }], text };
}

/** FHIR-3: SNOMED CT where known for certain; every item also carries the clinic's own code. */
const snomedOfCode: Record<string, { code: string; display: string }> = {
  extraction: { code: '55162003', display: 'Tooth extraction' },
  rct: { code: '234713009', display: 'Root canal therapy' },
  caries: { code: '80967001', display: 'Dental caries' },
};
const snomedOfCondition: Partial<Record<ConditionKey, { code: string; display: string }>> = {
  diabetes: { code: '73211009', display: 'Diabetes mellitus' },
  hypertension: { code: '38341003', display: 'Hypertensive disorder' },
  asthma: { code: '195967001', display: 'Asthma' },
  epilepsy: { code: '84757009', display: 'Epilepsy' },
};

/** A stable urn:uuid for a resource, from what it is (the same record answers the same id every time). */
function uuidOf(kind: string, id: string | number): string {
  const h = createHash('sha256').update(`smile-care/${kind}/${id}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const narrative = (text: string) => ({ status: 'generated', div: `<div xmlns="http://www.w3.org/1999/xhtml"><p>${escapeHtml(text).replace(/\n/g, '<br/>')}</p></div>` });

interface PatientRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string | null;
  dateOfBirth: string | null;
}

/**
 * FHIR-1: the Bundle. `audited`: a read through the route writes its audit row (`read-record`) in the same
 * transaction; the patient's export (DATA-2) writes its own export row instead.
 */
export async function patientRecordBundle(deps: Deps, patientId: number, options: { audited: boolean }): Promise<FhirJson> {
  return deps.knex.transaction(async (trx) => {
    const patient = await trx('patients').where({ id: patientId }).first<PatientRow>('id', 'firstName', 'lastName', 'email', 'phone', 'address', 'dateOfBirth');
    if (!patient) throw notFound('Patient');
    if (options.audited) await audit(trx, { action: 'read-record', entity: 'patient', entityId: patientId, changes: { format: { old: null, new: 'fhir' } } });
    const [items, versions, notes] = [await loadItems(trx, { patientId }), await loadHistoryVersions(trx, patientId), await loadNotes(trx, { patientId })];
    return buildBundle(deps, trx, patient, items, versions, notes);
  });
}

async function buildBundle(deps: Deps, db: Knex | Knex.Transaction, patient: PatientRow, items: ClinicalItem[], versions: MedicalHistoryVersion[], notes: VisitNote[]): Promise<FhirJson> {
  const base = deps.config.publicUrl;
  const entries: Resource[] = [];
  const ref = (r: Resource) => ({ reference: `urn:uuid:${r.id}` });
  const patientRes: Resource = {
    resourceType: 'Patient',
    id: uuidOf('patient', patient.id),
    identifier: [{ system: `${base}/fhir/patient-id`, value: String(patient.id) }],
    name: [{ family: patient.lastName || undefined, given: patient.firstName ? [patient.firstName] : undefined, text: `${patient.firstName} ${patient.lastName}`.trim() }],
    telecom: [
      ...(patient.phone ? [{ system: 'phone', value: patient.phone }] : []),
      ...(patient.email ? [{ system: 'email', value: patient.email }] : []),
    ],
    ...(patient.dateOfBirth ? { birthDate: patient.dateOfBirth } : {}),
    ...(patient.address ? { address: [{ text: patient.address }] } : {}),
  };
  entries.push(patientRes);
  const subject = ref(patientRes);

  // A Practitioner per user named by the record.
  // FHIR-4, MED-8: what stands: the confirmed version's entries (confirmed), and beside them what newer,
  // unconfirmed versions add (unconfirmed). An entry a desk report leaves out is still exported.
  const standing = standingHistory(versions);
  const confirmedRow = versions.find((v) => v.version === standing.confirmedVersion) ?? null;
  const newest = versions[0] ?? null;
  const historyParts: { key: string; verification: 'confirmed' | 'unconfirmed'; content: MedicalHistoryContent; createdAt: string; enteredBy: number | null }[] = [
    ...(confirmedRow ? [{ key: `${patient.id}/${confirmedRow.version}`, verification: 'confirmed' as const, content: standing.confirmed, createdAt: confirmedRow.createdAt, enteredBy: confirmedRow.enteredBy }] : []),
    ...(newest ? standing.reported.map((g, i) => ({ key: `${patient.id}/${newest.version}/reported-${i}`, verification: 'unconfirmed' as const, content: g.content, createdAt: newest.createdAt, enteredBy: newest.enteredBy })) : []),
  ];
  const userIds = new Set<number>([...items.map((i) => i.dentistId), ...notes.map((n) => n.dentistId), ...notes.flatMap((n) => n.addenda.map((a) => a.userId)), ...historyParts.flatMap((h) => (h.enteredBy ? [h.enteredBy] : [])), ...items.flatMap((i) => (i.sittings ?? []).map((st) => st.userId))]);
  const users = userIds.size ? await db('users').whereIn('id', [...userIds]).select<{ id: number; displayName: string | null }[]>('id', 'displayName') : [];
  const practitioners = new Map<number, Resource>();
  for (const u of users) {
    const p: Resource = { resourceType: 'Practitioner', id: uuidOf('user', u.id), identifier: [{ system: `${base}/fhir/staff-id`, value: String(u.id) }], name: [{ text: u.displayName || `Staff ${u.id}` }] };
    practitioners.set(u.id, p);
    entries.push(p);
  }
  const who = (id: number | null) => (id !== null && practitioners.has(id) ? ref(practitioners.get(id)!) : undefined);

  // FHIR-4: the medical history that stands.
  for (const part of historyParts) {
    const { verification, content: history } = part;
    for (const [i, a] of history.allergies.entries()) {
      entries.push({
        resourceType: 'AllergyIntolerance',
        id: uuidOf(`allergy/${part.key}`, i),
        clinicalStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical', code: 'active' }] },
        verificationStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification', code: verification }] },
        criticality: a.severity === 'severe' ? 'high' : a.severity === 'unknown' ? 'unable-to-assess' : 'low',
        code: { text: a.substance },
        patient: subject,
        recordedDate: part.createdAt,
        ...(who(part.enteredBy) ? { recorder: who(part.enteredBy) } : {}),
        ...(a.reaction
          ? { reaction: [{ manifestation: [{ text: a.reaction }], ...(a.severity === 'unknown' ? {} : { severity: a.severity }) }] }
          : a.severity === 'unknown'
            ? {}
            : { note: [{ text: `Severity: ${a.severity}` }] }),
      });
    }
    for (const [i, m] of history.medicines.entries()) {
      entries.push({
        resourceType: 'MedicationStatement',
        id: uuidOf(`medicine/${part.key}`, i),
        status: 'active',
        medicationCodeableConcept: { text: m.name },
        subject,
        dateAsserted: part.createdAt,
        ...(m.dose ? { dosage: [{ text: m.dose }] } : {}),
      });
    }
    const conditions: { key: string; text: string; snomed?: { code: string; display: string } }[] = history.conditions.map((k) => ({
      key: k,
      text: k === 'other' ? (history.conditionOther ?? 'Other') : conditionLabels[k],
      snomed: snomedOfCondition[k],
    }));
    if (history.pregnant) conditions.push({ key: 'pregnant', text: 'Pregnant', snomed: { code: '77386006', display: 'Pregnancy' } });
    for (const c of conditions) {
      entries.push({
        resourceType: 'Condition',
        id: uuidOf(`history-condition/${part.key}`, c.key),
        clinicalStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'active' }] },
        verificationStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-ver-status', code: verification }] },
        category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-category', code: 'problem-list-item' }] }],
        code: { ...(c.snomed ? { coding: [{ system: SNOMED, ...c.snomed }] } : {}), text: c.text },
        subject,
        recordedDate: part.createdAt,
      });
    }
  }

  // FHIR-2, FHIR-3: the chart's items.
  for (const item of items) {
    const bodySite = [
      ...item.teeth.map((t) => ({ coding: [{ system: TOOTH_SYSTEM, code: t }], text: `Tooth ${t} (FDI)` })),
      ...item.surfaces.map((s) => surfaceBodySite(item.teeth[0], s)),
    ];
    const snomed = snomedOfCode[item.code];
    const code = { coding: [{ system: `${base}/fhir/chart-code`, code: item.code }, ...(snomed ? [{ system: SNOMED, ...snomed }] : [])], text: item.code };
    const note = [item.note, item.invalidReason ? `Invalidated: ${item.invalidReason}` : null].filter((s): s is string => Boolean(s)).map((text) => ({ text }));
    // FHIR-6: each sitting with a note (PLAN-11: "local anaesthetic used", the obturation) is a note of the
    // Procedure with its time and who recorded it, after the item's own note.
    const sittingNotes = (item.sittings ?? []).flatMap((st, n) => {
      if (!st.note) return [];
      const author = who(st.userId);
      return [{ ...(author ? { authorReference: author } : {}), time: st.at, text: `${sittingLabel(item, n, st)}: ${st.note}` }];
    });
    if (item.kind === 'finding') {
      entries.push({
        resourceType: 'Condition',
        id: uuidOf('clinical-item', item.id),
        identifier: [{ system: `${base}/fhir/clinical-item`, value: String(item.id) }],
        // CHART-27: a finding treated is resolved, since the day it was marked.
        clinicalStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: item.status === 'resolved' ? 'resolved' : 'active' }] },
        ...(item.status === 'resolved' ? { abatementDateTime: item.history.findLast((e) => e.status === 'resolved')?.at ?? item.createdAt } : {}),
        verificationStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-ver-status', code: item.invalidatedAt ? 'entered-in-error' : 'confirmed' }] },
        category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-category', code: 'encounter-diagnosis' }] }],
        code,
        bodySite,
        subject,
        recordedDate: item.createdAt,
        ...(who(item.dentistId) ? { recorder: who(item.dentistId) } : {}),
        ...(note.length ? { note } : {}),
      });
    } else {
      const status = item.invalidatedAt
        ? 'entered-in-error'
        : item.status === 'planned'
          ? 'preparation'
          : item.status === 'referred' || item.status === 'declined'
            ? 'not-done'
            : 'completed';
      entries.push({
        resourceType: 'Procedure',
        id: uuidOf('clinical-item', item.id),
        identifier: [{ system: `${base}/fhir/clinical-item`, value: String(item.id) }],
        status,
        ...(item.status === 'referred' && !item.invalidatedAt ? { statusReason: { text: 'Referred' } } : {}),
        // PLAN-18: planned, then not chosen: another option of the patient's plan was accepted.
        ...(item.status === 'declined' && !item.invalidatedAt ? { statusReason: { text: 'Declined: the patient chose another option of the plan' } } : {}),
        ...(item.status === 'existing-elsewhere' ? { category: { text: 'Done elsewhere before' } } : item.status === 'existing' ? { category: { text: 'Done here before' } } : {}),
        code,
        subject,
        bodySite,
        // NOTE-17: the day the work was done: performedOn when recorded later, else the completed event.
        ...(item.status === 'completed' ? { performedDateTime: completedOn(item) ?? item.createdAt } : {}),
        ...(who(item.dentistId) ? { recorder: who(item.dentistId), ...(item.status === 'completed' ? { performer: [{ actor: who(item.dentistId) }] } : {}) } : {}),
        ...(note.length + sittingNotes.length ? { note: [...note, ...sittingNotes] } : {}),
      });
    }
  }

  // FHIR-5: a visit is an Encounter, its note a Composition (sections as the note has them, addenda after).
  for (const n of notes) {
    const encounter: Resource = {
      resourceType: 'Encounter',
      id: uuidOf('visit', n.id),
      status: n.signedAt ? 'finished' : 'in-progress',
      class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' },
      subject,
      period: { start: n.createdAt, ...(n.signedAt ? { end: n.signedAt } : {}) },
      ...(who(n.dentistId) ? { participant: [{ individual: who(n.dentistId) }] } : {}),
    };
    entries.push(encounter);
    const sections = noteSections
      .filter((s) => n.sections[s] !== '')
      .map((s) => ({ title: noteSectionLabels[s], text: narrative(n.sections[s]) }));
    for (const a of n.addenda) sections.push({ title: `Addendum, ${a.createdAt}${a.userName ? `, ${a.userName}` : ''}`, text: narrative(a.text), ...(who(a.userId) ? { author: [who(a.userId)] } : {}) });
    entries.push({
      resourceType: 'Composition',
      id: uuidOf('visit-note', n.id),
      identifier: { system: `${base}/fhir/visit-note`, value: String(n.id) },
      status: n.signedAt ? (n.addenda.length ? 'amended' : 'final') : 'preliminary',
      type: { coding: [{ system: 'http://loinc.org', code: '11506-3', display: 'Progress note' }], text: 'Dental visit note' },
      subject,
      encounter: ref(encounter),
      date: n.updatedAt,
      author: [who(n.dentistId) ?? { display: n.dentistName ?? 'Dentist' }],
      title: 'Visit note',
      ...(n.signedAt && who(n.dentistId) ? { attester: [{ mode: 'legal', time: n.signedAt, party: who(n.dentistId) }] } : {}),
      ...(sections.length ? { section: sections } : {}),
    });
  }

  return {
    resourceType: 'Bundle',
    id: uuidOf('record', `${patient.id}/${deps.now().toISOString()}`),
    meta: { lastUpdated: deps.now().toISOString() },
    type: 'collection',
    timestamp: deps.now().toISOString(),
    entry: entries.map((resource) => ({ fullUrl: `urn:uuid:${resource.id}`, resource: JSON.parse(JSON.stringify(resource)) })),
  };
}
