import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleCan, staffRoles, type Capability, type StaffRole } from '../../../shared/constants/roles';
import { holdsClinical } from '../../../shared/schemas/clinical-read';
import { PAGE_ROUTES } from '../../openapi/route-docs';
import { startClinic, type ClinicalClinic } from '../support/clinical';
import { mountedRoutes } from '../support/routes';

// DATA-10, DATA-11, NOTE-12: every read of clinical data writes an audit row, enumerated. The clinical GET routes
// are not listed here: they are found from the OpenAPI document, whose answer schemas carry the clinical mark
// (shared/schemas/clinical-read.ts). Each is called with real data by every role that may, and must leave
// an audit row naming the caller. A sweep of every GET route the app mounts then looks for the fixture's
// clinical texts in the answers: a route that answers them without a marked schema fails too, so a new
// route cannot carry clinical data past the enumeration unnoticed.

let clinic: ClinicalClinic;
let patient: number;
let planId: number;
let noteId: number;

/** Texts that exist only in the fixture's clinical record: found in an answer, the answer holds it. */
const SENTINELS = {
  historyNote: 'Sentinel-history-note-qx7',
  complaint: 'Sentinel-complaint-qx7',
  visitLabel: 'Sentinel-visit-qx7',
};
const ALLERGY = 'Zyloprimexine';
const MEDICINE = 'Warfarin';
/** What the sweep looks for: the record's texts and the alert summary's (DATA-11: the appointments no longer carry it). */
const LOOKED_FOR = [...Object.values(SENTINELS), ALLERGY, MEDICINE];
/** The query a swept route needs to answer data (the calendar answers 400 without a range). */
const SWEEP_QUERIES: Record<string, string> = { '/api/admin/appointments/calendar': '?from=2026-11-10&to=2026-11-10' };

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

const toOpenApi = (path: string) => path.replace(/:(\w+)/g, '{$1}');

beforeAll(async () => {
  const stroke = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 70 C 60 10, 90 90, 140 40" stroke="black" stroke-width="4" fill="none"/></svg>';
  const signature = `data:image/png;base64,${(await sharp(Buffer.from(stroke)).png().toBuffer()).toString('base64')}`;
  clinic = await startClinic();
  const ok = async (role: StaffRole, method: string, path: string, json?: unknown) => {
    const res = await clinic.call(role, method, path, json);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
  // Ten days before the reads: the history, the chart, a plan left proposed, two notes left unsigned.
  clinic.app.clock.set('2026-11-01T05:00:00Z');
  patient = await clinic.newPatient('Sarita');
  await ok('dentist', 'PUT', `/api/admin/patients/${patient}/medical-history`, {
    allergies: [{ substance: ALLERGY, reaction: 'rash', severity: 'moderate' }],
    medicines: [{ name: MEDICINE, dose: '5 mg' }],
    conditions: [],
    pregnant: false,
    note: SENTINELS.historyNote,
  });
  const charted = await ok('dentist', 'POST', `/api/admin/patients/${patient}/chart-commands`, { command: '36 rct; 36 crown; 11 veneer' });
  const item = Object.fromEntries(charted.items.map((i: any) => [`${i.teeth.join('-')} ${i.code}`, i.id]));
  await ok('dentist', 'POST', `/api/admin/patients/${patient}/treatment-plans`, { title: 'Front tooth', options: [{ name: 'A', itemIds: [item['11 veneer']] }] });
  noteId = (await ok('dentist', 'POST', `/api/admin/patients/${patient}/visit-notes`, { sections: { complaint: SENTINELS.complaint } })).id;
  await ok('owner', 'POST', `/api/admin/patients/${patient}/visit-notes`, { sections: { complaint: `${SENTINELS.complaint} (owner)` } });
  // Today: a plan accepted with a signature (its signed estimate stored), one item of it done.
  clinic.app.clock.set('2026-11-10T05:00:00Z');
  planId = (
    await ok('dentist', 'POST', `/api/admin/patients/${patient}/treatment-plans`, {
      title: 'Lower left molar',
      options: [{ name: 'A', itemIds: [item['36 rct'], item['36 crown']], visits: [{ label: SENTINELS.visitLabel }] }],
    })
  ).id;
  await ok('receptionist', 'POST', `/api/admin/treatment-plans/${planId}/accept`, { option: 'A', signature, signedBy: 'Sarita Patil' });
  await ok('dentist', 'PATCH', `/api/admin/clinical-items/${item['36 rct']}`, { status: 'completed' });
  // Booked for today, so the appointment list, the calendar, the day board and the patient's history show it.
  await ok('receptionist', 'POST', '/api/admin/appointments', { patientId: patient, preferredDate: '2026-11-10', preferredTime: '16:00', treatment: 'rootcanal', status: 'confirmed', bookAnyway: true });
});
afterAll(async () => {
  await clinic?.app.close();
});

/** A route's path with its parameters filled from the fixture; null when a parameter has no fixture value. */
function fill(path: string): string | null {
  const values: Record<string, string> = {
    'patients/:id': String(patient),
    'treatment-plans/:id': String(planId),
    'visit-notes/:id': String(noteId),
    'versions/:version': '1',
    'export/:file': 'patients',
  };
  let missing = false;
  const filled = path.replace(/([\w.-]+)\/:(\w+)/g, (whole) => {
    const value = values[whole];
    if (value === undefined) missing = true;
    return value === undefined ? whole : `${whole.slice(0, whole.indexOf('/:'))}/${value}`;
  });
  return missing ? null : filled;
}

async function clinicalRoutes(): Promise<{ path: string; capability?: Capability }[]> {
  const res = await clinic.app.request('/api/openapi.json');
  const doc = (await res.json()) as { paths: Record<string, Record<string, Operation>> };
  return mountedRoutes(clinic.app.deps)
    .filter((r) => r.method === 'GET' && !PAGE_ROUTES.has(`GET ${r.path}`))
    .filter((r) => {
      const op = doc.paths[toOpenApi(r.path)]?.get;
      const ok = op?.responses['200'] ?? op?.responses['201'];
      return Object.values(ok?.content ?? {}).some((c) => holdsClinical(c.schema));
    })
    .map((r) => ({ path: r.path, capability: r.capability }));
}

const maxAuditId = async () => Number((await clinic.app.deps.knex('auditLog').max<{ max: number | null }>('id as max').first())?.max ?? 0);

describe('every clinical read is audited, enumerated from the answer schemas (DATA-10)', () => {
  it('finds the clinical GET routes from the OpenAPI document, the known ones among them', async () => {
    const found = (await clinicalRoutes()).map((r) => r.path);
    for (const path of [
      '/api/admin/patients/:id/treatment-plans',
      '/api/admin/treatment-plans/:id',
      '/api/admin/treatment-plans/:id/estimate.pdf',
      '/api/admin/treatment-plans/to-book',
      '/api/admin/treatment-plans/follow-up',
      '/api/admin/visit-notes',
      '/api/admin/patients/:id/visit-notes/draft',
      '/api/admin/patients/:id/chart',
      '/api/admin/patients/:id/medical-history',
      '/api/admin/visit-notes/:id',
      '/api/admin/patients/:id',
    ]) {
      expect(found).toContain(path);
    }
    // DATA-11: the list no longer carries what the alerts are, so it is not a clinical read.
    expect(found).not.toContain('/api/admin/patients');
  });

  it('each clinical GET route, called with real data by every role that may, writes an audit row naming the caller', async () => {
    const userIds = {} as Record<StaffRole, number>;
    for (const role of staffRoles) userIds[role] = (await clinic.call(role, 'GET', '/api/auth/me')).body.id ?? (await clinic.call(role, 'GET', '/api/auth/me')).body.user.id;
    const silent: string[] = [];
    const routes = await clinicalRoutes();
    for (const route of routes) {
      const path = fill(route.path);
      expect(path, `${route.path}: no fixture value for its parameters`).not.toBeNull();
      for (const role of staffRoles) {
        if (route.capability && !roleCan(role, route.capability)) continue;
        const before = await maxAuditId();
        const res = await clinic.app.request(path!, { cookie: clinic.cookies[role] });
        expect(res.status, `${role} GET ${path}`).toBe(200);
        await res.arrayBuffer();
        const rows = await clinic.app.deps.knex('auditLog').where('id', '>', before).where({ userId: userIds[role] }).select('action', 'entity', 'entityId');
        const named = rows.filter((r) => r.entity === 'patient' && r.entityId === String(patient) && (r.action.startsWith('read-') || r.action === 'export'));
        if (named.length === 0) silent.push(`${role} GET ${route.path}`);
      }
    }
    expect(silent).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(15);
  });

  it("no GET route answers the record's texts without a clinical answer schema (a new route cannot slip past)", async () => {
    const clinicalPaths = new Set((await clinicalRoutes()).map((r) => r.path));
    const unmarked: string[] = [];
    const seen = new Set<string>();
    const routes = mountedRoutes(clinic.app.deps).filter((r) => r.method === 'GET' && !PAGE_ROUTES.has(`GET ${r.path}`));
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      const path = (fill(route.path) ?? route.path.replace(/:(\w+)/g, '1')) + (SWEEP_QUERIES[route.path] ?? '');
      for (const role of ['owner', 'dentist', 'receptionist'] as const) {
        const res = await clinic.app.request(path, { cookie: clinic.cookies[role] });
        const text = Buffer.from(await res.arrayBuffer()).toString('utf8');
        const holds = LOOKED_FOR.filter((s) => text.includes(s));
        if (holds.length > 0) seen.add(route.path);
        if (holds.length > 0 && !clinicalPaths.has(route.path)) unmarked.push(`${role} GET ${route.path}: ${holds.join(', ')}`);
      }
    }
    expect(unmarked).toEqual([]);
    // The sweep sees what it looks for: the notes, the history, the plans and the desk's lists answer the texts,
    // and the patient's page its alert summary.
    for (const path of ['/api/admin/visit-notes', '/api/admin/visit-notes/:id', '/api/admin/patients/:id/medical-history', '/api/admin/treatment-plans/to-book', '/api/admin/treatment-plans/:id', '/api/admin/patients/:id']) {
      expect([...seen]).toContain(path);
    }
  });

  it('a clinical read whose audit row cannot be written answers an error, not the data', async () => {
    const knex = clinic.app.deps.knex;
    await knex.raw(`create or replace function refuse_read_plans() returns trigger language plpgsql as $$ begin
      if new.action = 'read-plans' then raise exception 'audit unavailable'; end if; return new; end $$`);
    await knex.raw('create trigger refuse_read_plans before insert on audit_log for each row execute function refuse_read_plans()');
    try {
      const res = await clinic.call('receptionist', 'GET', '/api/admin/treatment-plans/to-book');
      expect(res.status).toBe(500);
      expect(JSON.stringify(res.body)).not.toContain(SENTINELS.visitLabel);
    } finally {
      await knex.raw('drop trigger refuse_read_plans on audit_log');
      await knex.raw('drop function refuse_read_plans()');
    }
  });
});

describe("lists carry no clinical facts to the desk (DATA-11) and the unsigned notes of everyone are the owner's (NOTE-12)", () => {
  it('the patients list says that a patient has alerts, never what they are', async () => {
    for (const role of staffRoles) {
      const res = await clinic.app.request('/api/admin/patients', { cookie: clinic.cookies[role] });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).not.toContain(ALLERGY);
      expect(text).not.toContain(MEDICINE);
      const row = (JSON.parse(text) as any[]).find((p) => p.id === patient);
      expect(row.hasAlerts).toBe(true);
      expect(row).not.toHaveProperty('allergies');
      expect(row).not.toHaveProperty('conditions');
      expect(row).not.toHaveProperty('medications');
    }
    const other = await clinic.newPatient('Nilesh');
    const list = await clinic.call('receptionist', 'GET', '/api/admin/patients');
    expect(list.body.find((p: any) => p.id === other).hasAlerts).toBe(false);
  });

  it("the appointment answers say that the patient has alerts, never what they are; the alerts are one audited read away", async () => {
    const day = '?from=2026-11-10&to=2026-11-10';
    for (const role of staffRoles) {
      const answers = {
        list: await clinic.call(role, 'GET', '/api/admin/appointments'),
        calendar: await clinic.call(role, 'GET', `/api/admin/appointments/calendar${day}`),
        history: await clinic.call(role, 'GET', `/api/admin/patients/${patient}/history`),
      };
      const booked = [
        ...answers.list.body,
        ...answers.calendar.body.days.flatMap((d: any) => d.slots.flatMap((s: any) => s.appointments)),
        ...answers.history.body.appointments,
      ].filter((a: any) => a.patientId === patient);
      expect(booked.length, role).toBe(3);
      for (const a of booked) {
        expect(a).toMatchObject({ hasMedicalAlerts: true, medicalAlertsUnconfirmed: false });
        expect(a).not.toHaveProperty('medicalAlerts');
      }
      // (The history's own `patient` is the patient's page, an audited read that shows the alerts.)
      expect(JSON.stringify([answers.list, answers.calendar, booked])).not.toMatch(new RegExp(`${ALLERGY}|${MEDICINE}`));
    }
    // The marker's read: the history's alerts, with a row naming the reader.
    const before = await maxAuditId();
    const history = await clinic.call('receptionist', 'GET', `/api/admin/patients/${patient}/medical-history`);
    expect(history.body.alerts.map((a: any) => a.text).join(' · ')).toContain(ALLERGY);
    expect(await clinic.app.deps.knex('auditLog').where('id', '>', before).select('action', 'entity', 'entityId')).toEqual([
      { action: 'read-medical-history', entity: 'patient', entityId: String(patient) },
    ]);
  });

  it('an edit from the list (which holds no alerts) keeps them', async () => {
    const list = await clinic.call('receptionist', 'GET', `/api/admin/patients?q=Sarita`);
    const { id, hasAlerts: _h, fileNumber: _f, guardianId: _g, mergedIntoId: _m, createdAt: _c, ...details } = list.body.find((p: any) => p.id === patient);
    const saved = await clinic.call('receptionist', 'PUT', `/api/admin/patients/${id}`, { ...details, address: 'Kothrud, Pune' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.allergies).toContain(ALLERGY);
  });

  it('unsigned=all answers 403 to a dentist, who still sees their own; the owner sees everyone', async () => {
    const all = await clinic.call('dentist', 'GET', '/api/admin/visit-notes?unsigned=all');
    expect(all.status).toBe(403);
    expect(all.body.error).toBe("Only the owner can see every dentist's unsigned notes; ask for your own (unsigned=mine)");
    const mine = await clinic.call('dentist', 'GET', '/api/admin/visit-notes?unsigned=mine');
    expect(mine.status).toBe(200);
    expect(mine.body.map((n: any) => n.id)).toEqual([noteId]);
    const owner = await clinic.call('owner', 'GET', '/api/admin/visit-notes?unsigned=all');
    expect(owner.status).toBe(200);
    expect(owner.body.length).toBe(2);
    expect((await clinic.call('receptionist', 'GET', '/api/admin/visit-notes?unsigned=mine')).status).toBe(403);
  });
});
