import { spawnSync } from 'node:child_process';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueChartCodes } from '../../../shared/clinical/vocabulary';
import { languages } from '../../../shared/i18n/types';
import { patientNames } from '../../../shared/plans/patient-names';
import { startClinic, type ClinicalClinic } from '../support/clinical';

// A plan's life reaching the chart and the desk (PLAN-18..PLAN-23, VER-7): accepting an option declines the
// other options' planned items (off the odontogram, kept in their history), an earlier plan of the same work
// is superseded and no longer followed up; discounts in whole rupees; what the patient reads; a plan visit's
// appointment treatment; completed work outside plans billed; the verify address on PUBLIC_URL, a page.

let clinic: ClinicalClinic;
let SIGNATURE = '';
const PUBLIC = 'https://smilecare.example';

beforeAll(async () => {
  const stroke = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 70 C 60 10, 90 90, 140 40" stroke="black" stroke-width="4" fill="none"/></svg>';
  SIGNATURE = `data:image/png;base64,${(await sharp(Buffer.from(stroke)).png().toBuffer()).toString('base64')}`;
  clinic = await startClinic();
  clinic.app.deps.config.publicUrl = PUBLIC;
  clinic.app.clock.set('2026-11-10T05:00:00Z');
});
afterAll(async () => {
  await clinic.app.close();
});

async function chart(patient: number, command: string): Promise<Record<string, number>> {
  const res = await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/chart-commands`, { command });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return Object.fromEntries(res.body.items.map((i: any) => [`${i.teeth.join('-')} ${i.code}`, i.id]));
}

async function plan(patient: number, body: unknown): Promise<any> {
  const res = await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/treatment-plans`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function accept(planId: number, option: string): Promise<any> {
  const res = await clinic.call('owner', 'POST', `/api/admin/treatment-plans/${planId}/accept`, { option, signature: SIGNATURE, signedBy: 'Sunil Patil' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function pdfText(pdf: Buffer): Promise<string> {
  const run = spawnSync('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf });
  if (run.status !== 0) throw new Error(run.stderr.toString());
  return run.stdout.toString();
}

const marksOn = (chartBody: any, tooth: string) => chartBody.teeth.find((t: any) => t.tooth === tooth).marks.map((m: any) => `${m.code}:${m.status}`);

describe("accepting an option declines the others' items on the chart (PLAN-18)", () => {
  it("marks option B's planned items declined in the acceptance, off the odontogram, with their history; the chart before the choice still draws them", async () => {
    const patient = await clinic.newPatient('Vasant');
    const items = await chart(patient, '46 rct; 46 crown; 46 extraction; 46 implant');
    const p = await plan(patient, {
      title: 'The broken 46',
      options: [
        { name: 'A', itemIds: [items['46 rct'], items['46 crown']] },
        { name: 'B', itemIds: [items['46 extraction'], items['46 implant']] },
      ],
    });
    const before = await clinic.call('dentist', 'GET', `/api/admin/patients/${patient}/chart`);
    expect(marksOn(before.body, '46')).toEqual(['rct:planned', 'crown:planned', 'extraction:planned', 'implant:planned']);

    clinic.app.clock.set('2026-11-12T05:00:00Z');
    const accepted = await accept(p.id, 'A');
    const [a, b] = accepted.options;
    expect(a.items.map((l: any) => l.itemStatus)).toEqual(['planned', 'planned']);
    // Listed under the declined option on the plan's card, as declined.
    expect(b.status).toBe('declined');
    expect(b.items.map((l: any) => [l.code, l.itemStatus])).toEqual([['extraction', 'declined'], ['implant', 'declined']]);

    const now = await clinic.call('dentist', 'GET', `/api/admin/patients/${patient}/chart`);
    expect(marksOn(now.body, '46')).toEqual(['rct:planned', 'crown:planned']);
    expect(now.body.teeth.find((t: any) => t.tooth === '46').state).toBe('present');
    const implant = now.body.items.find((i: any) => i.id === items['46 implant']);
    expect(implant.status).toBe('declined');
    expect(implant.history.map((h: any) => [h.action, h.status, h.reason])).toEqual([
      ['create', 'planned', null],
      ['status', 'declined', `Option A of plan #${p.id} was accepted`],
    ]);
    // CHART-9: the chart as it stood the day before the choice still shows B's work planned.
    const then = await clinic.call('dentist', 'GET', `/api/admin/patients/${patient}/chart?at=2026-11-11`);
    expect(marksOn(then.body, '46')).toEqual(['rct:planned', 'crown:planned', 'extraction:planned', 'implant:planned']);

    const audits = await clinic.app.deps.knex('auditLog').where({ entity: 'clinical-item', entityId: String(items['46 implant']), action: 'update' });
    expect(audits).toHaveLength(1);
    // FHIR-3: the declined work is a Procedure not done, with why.
    const fhir = await clinic.app.request(`/api/admin/patients/${patient}/record.fhir.json`, { cookie: clinic.cookies.dentist });
    const bundle = JSON.parse(await fhir.text());
    const procedure = bundle.entry.map((e: any) => e.resource).find((r: any) => r.resourceType === 'Procedure' && r.identifier?.[0]?.value === String(items['46 implant']));
    expect(procedure).toMatchObject({ status: 'not-done', statusReason: { text: 'Declined: the patient chose another option of the plan' } });
    // A declined status is set by acceptance only: PATCH names the statuses a person chooses, as before.
    const typed = await clinic.call('dentist', 'PATCH', `/api/admin/clinical-items/${items['46 rct']}`, { status: 'declined' });
    expect(typed.status).toBe(400);
    expect(typed.body.error).toBe('Status must be planned, completed, existing, existing-elsewhere, referred or resolved');
    const word = await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/chart-commands`, { command: '47 crown declined', preview: true });
    expect(word.status).toBe(400);
    expect(word.body.error).toBe('“declined” is not a treatment, finding or status this chart knows');
  });

  it('an item in both options stays planned; a declined item offered again in a new plan is planned again', async () => {
    const patient = await clinic.newPatient();
    const items = await chart(patient, '36 rct; 36 crown; 36 extraction');
    const p = await plan(patient, {
      title: '36',
      options: [
        { name: 'A', itemIds: [items['36 rct'], items['36 crown']] },
        { name: 'B', itemIds: [items['36 rct'], items['36 extraction']] },
      ],
    });
    const accepted = await accept(p.id, 'A');
    expect(accepted.options[1].items.map((l: any) => [l.code, l.itemStatus])).toEqual([['rct', 'planned'], ['extraction', 'declined']]);
    const again = await plan(patient, { title: 'The extraction after all', options: [{ name: 'A', itemIds: [items['36 extraction']] }] });
    expect(again.options[0].items[0].itemStatus).toBe('planned');
    const now = await clinic.call('dentist', 'GET', `/api/admin/patients/${patient}/chart`);
    expect(marksOn(now.body, '36')).toContain('extraction:planned');
  });
});

describe('supersession and the follow-up list (PLAN-20, PLAN-13)', () => {
  it('an older proposal of the same work is superseded by the plan accepted later, and only live proposals are followed up', async () => {
    clinic.app.clock.set('2026-11-01T05:00:00Z');
    const patient = await clinic.newPatient('Kiran');
    const items = await chart(patient, '26 rct; 26 crown; 11 veneer');
    const old = await plan(patient, { title: 'Upper left, first offer', options: [{ name: 'A', itemIds: [items['26 rct'], items['26 crown']] }] });
    const other = await plan(patient, { title: 'The veneer', options: [{ name: 'A', itemIds: [items['11 veneer']] }] });
    const later = await plan(patient, { title: 'Upper left, with a discount', options: [{ name: 'A', itemIds: [items['26 rct'], items['26 crown']], discount: 500 }] });

    clinic.app.clock.set('2026-11-20T05:00:00Z');
    const due = async () => (await clinic.call('receptionist', 'GET', '/api/admin/treatment-plans/follow-up')).body.plans.map((x: any) => x.planId);
    expect(await due()).toEqual(expect.arrayContaining([old.id, other.id, later.id]));

    await accept(later.id, 'A');
    const read = (await clinic.call('dentist', 'GET', `/api/admin/treatment-plans/${old.id}`)).body;
    expect(read.status).toBe('superseded');
    expect(read.supersededBy).toBe(later.id);
    expect((await clinic.call('dentist', 'GET', `/api/admin/treatment-plans/${other.id}`)).body.status).toBe('proposed');
    const audit = await clinic.app.deps.knex('auditLog').where({ entity: 'treatment-plan', entityId: String(old.id), action: 'supersede' }).first();
    expect(audit).toBeTruthy();

    const list = await due();
    expect(list).not.toContain(old.id);
    expect(list).not.toContain(later.id);
    expect(list).toContain(other.id);

    // A superseded plan is neither accepted, changed nor sent.
    const acceptOld = await clinic.call('owner', 'POST', `/api/admin/treatment-plans/${old.id}/accept`, { option: 'A', signature: SIGNATURE, signedBy: 'Kiran' });
    expect(acceptOld.status).toBe(409);
    const change = await clinic.call('dentist', 'PUT', `/api/admin/treatment-plans/${old.id}`, { title: 'x', options: [{ name: 'A', itemIds: [items['26 rct']] }] });
    expect(change.status).toBe(409);
    expect(change.body.error).toBe(`This plan was superseded by plan #${later.id}, which the patient accepted: change that plan or make a new one`);

    // A proposal whose work was entered in error is not live either.
    await clinic.call('dentist', 'POST', `/api/admin/clinical-items/${items['11 veneer']}/invalidate`, { reason: 'Wrong patient' });
    expect(await due()).not.toContain(other.id);
  });
});

describe('discounts in whole rupees (PLAN-19)', () => {
  it('spreads a plan discount in whole rupees per item, the remainder on the last, and the invoice carries them', async () => {
    clinic.app.clock.set('2026-11-10T05:00:00Z');
    const patient = await clinic.newPatient();
    const items = await chart(patient, '16 rct; 26 rct; 36 rct');
    const p = await plan(patient, {
      title: 'Three root canals',
      options: [
        {
          name: 'A',
          itemIds: [items['16 rct'], items['26 rct'], items['36 rct']],
          lines: [
            { itemId: items['16 rct'], unitPrice: 14583.33 },
            { itemId: items['26 rct'], unitPrice: 16666.67 },
            { itemId: items['36 rct'], unitPrice: 13750 },
          ],
          discount: 15000,
        },
      ],
    });
    const shares = p.options[0].items.map((l: any) => l.planDiscountShare);
    expect(shares).toEqual([4861, 5555, 4584]);
    expect(shares.reduce((x: number, y: number) => x + y, 0)).toBe(15000);
    await accept(p.id, 'A');
    for (const id of Object.values(items)) expect((await clinic.call('dentist', 'PATCH', `/api/admin/clinical-items/${id}`, { status: 'completed' })).status).toBe(200);
    const invoice = await clinic.call('owner', 'POST', `/api/admin/patients/${patient}/invoice-from-completed`, {});
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    const lines = invoice.body.items.map((i: any) => i.description);
    expect(lines[0]).toContain('less ₹4,861.00');
    expect(lines[2]).toContain('less ₹4,584.00');
    expect(Number(invoice.body.totalAmount)).toBe(p.options[0].total);
  });
});

describe("the editor's live prices (PLAN-24)", () => {
  it('prices the options as saving would, writing nothing, and refuses a discount larger than the items', async () => {
    const patient = await clinic.newPatient();
    const items = await chart(patient, '46 implant; 36 rct');
    const body = { options: [{ name: 'A', itemIds: [items['46 implant'], items['36 rct']], discount: 1000 }] };
    const plansBefore = await clinic.app.deps.knex('treatmentPlans').count<{ count: string }[]>('* as count');
    const preview = await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/treatment-plans/preview`, body);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const saved = await plan(patient, { title: 'Same', ...body });
    const [p, s] = [preview.body.options[0], saved.options[0]];
    expect(p.items.map((l: any) => [l.patientName, l.netPrice])).toEqual(s.items.map((l: any) => [l.patientName, l.netPrice]));
    expect([p.discountTotal, p.taxAmount, p.total]).toEqual([s.discountTotal, s.taxAmount, s.total]);
    expect(p.items[0].patientName).toBe('Dental implant');
    const plansAfter = await clinic.app.deps.knex('treatmentPlans').count<{ count: string }[]>('* as count');
    expect(Number(plansAfter[0].count)).toBe(Number(plansBefore[0].count) + 1);
    const tooMuch = await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/treatment-plans/preview`, { options: [{ ...body.options[0], discount: 10_000_000 }] });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toBe('The plan discount cannot be more than the items after their discounts');
    const receptionist = await clinic.call('receptionist', 'POST', `/api/admin/patients/${patient}/treatment-plans/preview`, body);
    expect(receptionist.status).toBe(403);
  });
});

describe('what the patient reads (PLAN-21)', () => {
  it('names an implant "Dental implant" and a bridge "Dental bridge" on the plan, the estimate and the invoice', async () => {
    const patient = await clinic.newPatient();
    const items = await chart(patient, '46 implant; 14-16 bridge');
    const p = await plan(patient, { title: 'Gaps', options: [{ name: 'A', itemIds: [items['46 implant'], items['14-15-16 bridge']] }] });
    expect(p.options[0].items.map((l: any) => [l.description, l.patientName])).toEqual([
      ['Bridges & Implants', 'Dental implant'],
      ['Dental Bridge', 'Dental bridge'],
    ]);
    const pdf = await clinic.app.request(`/api/admin/treatment-plans/${p.id}/estimate.pdf?lang=en`, { cookie: clinic.cookies.owner });
    const text = await pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain('Dental implant');
    expect(text).not.toContain('Bridges & Implants');
    await accept(p.id, 'A');
    await clinic.call('dentist', 'PATCH', `/api/admin/clinical-items/${items['46 implant']}`, { status: 'completed' });
    const invoice = await clinic.call('owner', 'POST', `/api/admin/patients/${patient}/invoice-from-completed`, {});
    expect(invoice.body.items[0].description).toMatch(/^Dental implant \(46\)/);
  });

  it('gives every chart code of the catalogue a patient-facing name in English, Marathi and Hindi', () => {
    for (const entry of Object.values(catalogueChartCodes)) {
      for (const lang of languages) expect(patientNames[entry.code]?.[lang], `${entry.code} in ${lang}`).toMatch(/\S/);
    }
    expect(patientNames.implant.en).toBe('Dental implant');
  });
});

describe('a plan visit in the diary (PLAN-23)', () => {
  it("lists a visit's treatment and books its appointment for it, not \"Other\"", async () => {
    const patient = await clinic.newPatient();
    const items = await chart(patient, '46 implant; 36 rct');
    const p = await plan(patient, { title: 'Implant', options: [{ name: 'A', itemIds: [items['46 implant'], items['36 rct']], lines: [{ itemId: items['36 rct'], visit: 2 }] }] });
    await accept(p.id, 'A');
    const toBook = (await clinic.call('receptionist', 'GET', '/api/admin/treatment-plans/to-book')).body.filter((v: any) => v.planId === p.id);
    expect(toBook.map((v: any) => [v.visit, v.treatment])).toEqual([[1, 'implants'], [2, 'rootcanal']]);
    const appt = await clinic.call('receptionist', 'POST', '/api/admin/appointments', { patientId: patient, preferredDate: '2026-11-20', preferredTime: '11:00', treatment: 'other', bookAnyway: true });
    expect(appt.status, JSON.stringify(appt.body)).toBe(201);
    const booked = await clinic.call('receptionist', 'POST', `/api/admin/treatment-plans/${p.id}/visits/1/bookings`, { appointmentId: appt.body.id });
    expect(booked.status).toBe(200);
    const row = await clinic.app.deps.knex('appointments').where({ id: appt.body.id }).first('treatment');
    expect(row.treatment).toBe('implants');
  });
});

describe('billing completed work outside plans (PLAN-22)', () => {
  it('offers `21 crown done` with the plans\' work and bills it once at the list price', async () => {
    const patient = await clinic.newPatient();
    const items = await chart(patient, '21 crown done');
    const offered = await clinic.call('owner', 'GET', `/api/admin/patients/${patient}/billable-items`);
    expect(offered.body.map((i: any) => [i.itemId, i.planId, i.description])).toEqual([[items['21 crown'], null, 'Dental crown (cap) (21)']]);
    const bill = await clinic.call('owner', 'POST', `/api/admin/patients/${patient}/invoice-from-completed`, { itemIds: [items['21 crown']] });
    expect(bill.status).toBe(201);
    expect(Number(bill.body.items[0].unitPrice)).toBe(offered.body[0].unitPrice);
    expect((await clinic.call('owner', 'GET', `/api/admin/patients/${patient}/billable-items`)).body).toEqual([]);
    const twice = await clinic.call('owner', 'POST', `/api/admin/patients/${patient}/invoice-from-completed`, { itemIds: [items['21 crown']] });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe(`Item ${items['21 crown']} is already billed`);
  });
});

describe('the verify address (VER-7)', () => {
  it("prints PUBLIC_URL's verify page with the document's code, which a browser opens as a page with the result", async () => {
    const patient = await clinic.newPatient('Sunita');
    const items = await chart(patient, '11 crown');
    const p = await plan(patient, { title: 'Crown', options: [{ name: 'A', itemIds: [items['11 crown']] }] });
    const accepted = await accept(p.id, 'A');
    const hash = accepted.acceptance.documentHash;
    expect(accepted.acceptance.verifyUrl).toBe(`${PUBLIC}/verify?code=${hash}`);
    const pdf = await clinic.app.request(`/api/admin/treatment-plans/${p.id}/estimate.pdf`, { cookie: clinic.cookies.owner });
    const text = await pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain(`${PUBLIC}/verify?code=${hash}`);
    expect(text).not.toContain('localhost');

    const page = await clinic.app.request(`/verify?code=${hash}`, { headers: { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('A document with this code was issued on');
    expect(html).toContain('for S. P.');
    // A program still gets VER-6's redirect to the JSON answer.
    const program = await clinic.app.request(`/verify?code=${hash}`, { redirect: 'manual' });
    expect(program.status).toBe(303);
  });
});
