import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeInvoiceTotals } from '../../../shared/domain/invoice-totals';
import { documentHash, printedHash } from '../../platform/documents/issued-documents';
import { startClinic, type ClinicalClinic } from '../support/clinical';

// Treatment plans (PLAN-1..PLAN-14, VER-1..VER-3): options and acceptance, frozen versions, the signed
// estimate's hash and /verify, billing each item once at the accepted prices, sittings, the desk's lists.

let clinic: ClinicalClinic;
let SIGNATURE = '';

beforeAll(async () => {
  // A signature as the screen's pad sends it: a PNG of a stroke.
  const stroke = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 70 C 60 10, 90 90, 140 40 S 220 80, 280 30" stroke="black" stroke-width="4" fill="none"/></svg>';
  SIGNATURE = `data:image/png;base64,${(await sharp(Buffer.from(stroke)).png().toBuffer()).toString('base64')}`;
  clinic = await startClinic();
  clinic.app.clock.set('2026-11-10T05:00:00Z');
  // Registered for GST, so cosmetic work carries 18% (INV-20's rates, as on invoices).
  const gst = await clinic.call('owner', 'PUT', '/api/admin/site-settings/gstin', { value: '27AAPFU0939F1ZV' });
  expect(gst.status).toBe(200);
});
afterAll(async () => {
  await clinic.app.close();
});

async function chart(patient: number, command: string): Promise<Record<string, number>> {
  const res = await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/chart-commands`, { command });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return Object.fromEntries(res.body.items.map((i: any) => [`${i.teeth.join('-')} ${i.code}`, i.id]));
}

async function pdfText(pdf: Buffer): Promise<string> {
  const run = spawnSync('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf });
  if (run.status !== 0) throw new Error(run.stderr.toString());
  return run.stdout.toString();
}

async function getPdf(path: string, role: 'owner' | 'dentist' | 'receptionist' = 'owner'): Promise<Buffer> {
  const res = await clinic.app.request(path, { cookie: clinic.cookies[role] });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/pdf');
  return Buffer.from(await res.arrayBuffer());
}

describe('plans from planned items (PLAN-1, PLAN-3, PLAN-4)', () => {
  it('groups planned items into options and visits priced from the price list, with subtotals per visit', async () => {
    const patient = await clinic.newPatient('Meera');
    const items = await chart(patient, '36 rct; 36 crown; 14-16 bridge; 15 implant');
    const prices = await clinic.call('owner', 'GET', '/api/admin/price-list');
    const price = (code: string) => Number(prices.body.find((p: any) => p.chartCode === code)?.defaultPrice ?? prices.body.find((p: any) => p.chart_code === code)?.defaultPrice);
    const res = await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/treatment-plans`, {
      title: 'Lower left and the gap at 15',
      options: [
        { name: 'A', itemIds: [items['36 rct'], items['36 crown'], items['15 implant']], lines: [{ itemId: items['15 implant'], visit: 2 }], visits: [{ label: 'Urgent', minutes: 60 }, { label: 'Phase 1' }] },
        { name: 'B', itemIds: [items['36 rct'], items['36 crown'], items['14-15-16 bridge']] },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const plan = res.body;
    expect(plan.status).toBe('proposed');
    expect(plan.options.map((o: any) => [o.name, o.status])).toEqual([['A', 'proposed'], ['B', 'proposed']]);
    const a = plan.options[0];
    expect(a.items.map((l: any) => l.unitPrice)).toEqual([items['36 rct'], items['36 crown'], items['15 implant']].map((_, i) => a.items[i].unitPrice));
    if (!Number.isNaN(price('rct'))) expect(a.items[0].unitPrice).toBe(price('rct'));
    expect(a.visits.map((v: any) => [v.visit, v.label, v.minutes])).toEqual([[1, 'Urgent', 60], [2, 'Phase 1', 30]]);
    expect(a.visits[0].totalAmount).toBe(a.items[0].total + a.items[1].total);
    expect(a.visits[1].totalAmount).toBe(a.items[2].total);
    expect(a.total).toBe(a.visits[0].totalAmount + a.visits[1].totalAmount);
  });

  it('refuses an item that is not a planned procedure of the patient', async () => {
    const patient = await clinic.newPatient();
    const other = await clinic.newPatient();
    const mine = await chart(patient, '46 rct done; 47 caries');
    const theirs = await chart(other, '11 crown');
    for (const id of [mine['46 rct'], mine['47 caries'], theirs['11 crown']]) {
      const res = await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/treatment-plans`, { title: 'x', options: [{ name: 'A', itemIds: [id] }] });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(`Item ${id} is not a planned procedure of this patient`);
    }
    const bad = await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/treatment-plans`, { title: '', options: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.title).toBe('Please give the plan a title');
    const twice = await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/treatment-plans`, {
      title: 'x',
      options: [{ name: 'A', itemIds: [theirs['11 crown']] }, { name: 'A', itemIds: [theirs['11 crown']] }],
    });
    expect(twice.body.fields['options.1.name']).toBe('Each option needs a name of its own');
    expect((await clinic.call('receptionist', 'POST', `/api/admin/patients/${patient}/treatment-plans`, { title: 'x', options: [{ name: 'A', itemIds: [1] }] })).status).toBe(403);
  });

  it('shares a plan discount among the items to the paisa and refuses one larger than the items', async () => {
    const patient = await clinic.newPatient();
    const items = await chart(patient, '11 veneer; 12 veneer; 13 veneer');
    const ids = Object.values(items);
    const res = await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/treatment-plans`, {
      title: 'Smile',
      options: [{ name: 'A', itemIds: ids, discount: 1000, lines: ids.map((itemId) => ({ itemId, unitPrice: 3333.33 })) }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const a = res.body.options[0];
    const shares = a.items.map((l: any) => l.planDiscountShare);
    expect(Math.round(shares.reduce((x: number, y: number) => x + y, 0) * 100)).toBe(100_000);
    expect(a.discountTotal).toBe(1000);
    expect(a.items.every((l: any) => l.taxRate === 18)).toBe(true);
    const tooMuch = await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/treatment-plans`, {
      title: 'Smile',
      options: [{ name: 'A', itemIds: ids, discount: 100_000 }],
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.fields['options.0.discount']).toBe('The plan discount cannot be more than the items after their discounts');
  });
});

describe('acceptance, the signed estimate and /verify (PLAN-2, PLAN-8, VER-1, VER-2)', () => {
  let planId: number;
  let hash: string;
  let pdf: Buffer;

  beforeAll(async () => {
    const patient = await clinic.newPatient('Sunil');
    const items = await chart(patient, '36 rct; 36 crown; 14-16 bridge; 15 implant');
    const res = await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/treatment-plans`, {
      title: 'Replace 15',
      options: [
        { name: 'A', itemIds: [items['15 implant'], items['36 rct']] },
        { name: 'B', itemIds: [items['14-15-16 bridge'], items['36 rct']] },
      ],
    });
    planId = res.body.id;
  });

  it('accepting option A declines option B in the same step, and a second acceptance is refused', async () => {
    const res = await clinic.call('receptionist', 'POST', `/api/admin/treatment-plans/${planId}/accept`, { option: 'A', signature: SIGNATURE, signedBy: 'Sunil Patil' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('accepted');
    expect(res.body.options.map((o: any) => [o.name, o.status])).toEqual([['A', 'accepted'], ['B', 'declined']]);
    expect(res.body.acceptance).toMatchObject({ option: 'A', signedBy: 'Sunil Patil', via: 'screen', language: 'en' });
    hash = res.body.acceptance.documentHash;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body.acceptance.verifyUrl).toBe(`${clinic.app.deps.config.publicUrl}/verify?code=${hash}`);
    const again = await clinic.call('owner', 'POST', `/api/admin/treatment-plans/${planId}/accept`, { option: 'B', signature: SIGNATURE, signedBy: 'Sunil Patil' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Only a proposed plan can be accepted');
  });

  it('refuses an acceptance without a signature or with an unknown option', async () => {
    const patient = await clinic.newPatient();
    const items = await chart(patient, '26 rct');
    const plan = (await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/treatment-plans`, { title: 't', options: [{ name: 'A', itemIds: [items['26 rct']] }] })).body;
    const unsigned = await clinic.call('owner', 'POST', `/api/admin/treatment-plans/${plan.id}/accept`, { option: 'A', signature: '', signedBy: 'X' });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.fields.signature).toBe('Please sign in the box (the signature is missing)');
    const noOption = await clinic.call('owner', 'POST', `/api/admin/treatment-plans/${plan.id}/accept`, { option: 'C', signature: SIGNATURE, signedBy: 'X' });
    expect(noOption.status).toBe(400);
    expect(noOption.body.error).toBe('This plan has no option C');
    expect((await clinic.call('owner', 'GET', `/api/admin/treatment-plans/${plan.id}`)).body.status).toBe('proposed');
  });

  it('stores the signed estimate with its hash printed on it, which /verify knows and a tampered copy does not', async () => {
    pdf = await getPdf(`/api/admin/treatment-plans/${planId}/estimate.pdf`);
    expect(printedHash(pdf)).toBe(hash);
    expect(documentHash(pdf)).toBe(hash);
    const text = await pdfText(pdf);
    expect(text).toContain('Treatment estimate');
    expect(text).toContain('Option A accepted');
    expect(text).toContain('Accepted and signed by Sunil Patil');
    expect(text).toContain(hash);
    expect(text).toContain(`/verify?code=${hash}`);
    expect(text).toContain('Option B: Not chosen');

    const ok = await clinic.app.request(`/verify/${hash}`);
    expect(ok.status).toBe(200);
    // VER-5: the code alone names the day, the patient's initials and the total, nothing else of them.
    expect(await ok.json()).toEqual({ kind: 'treatment-estimate', issuedOn: '2026-11-10', initials: 'S. P.', total: expect.any(Number) });

    // A copy with one figure changed: its hash (what the file answers to) is not one the clinic issued.
    const latin = pdf.toString('latin1');
    const at = latin.indexOf('/Title (');
    const tampered = Buffer.from(pdf);
    tampered[at + 8] = tampered[at + 8] === 0x58 ? 0x59 : 0x58;
    const forged = documentHash(tampered)!;
    expect(forged).not.toBe(hash);
    expect((await clinic.app.request(`/verify/${forged}`)).status).toBe(404);
    const junk = await clinic.app.request('/verify/not-a-hash');
    expect(junk.status).toBe(404);
    expect(Object.keys(await junk.json())).toEqual(['error']);
  });

  it('a change after acceptance is a new version to accept again; the signed one never changes (PLAN-8, VER-3)', async () => {
    const before = await clinic.call('owner', 'GET', `/api/admin/treatment-plans/${planId}`);
    const a = before.body.options[0];
    const res = await clinic.call('dentist', 'PUT', `/api/admin/treatment-plans/${planId}`, {
      title: 'Replace 15 (revised)',
      options: [{ name: 'A', itemIds: a.items.map((l: any) => l.itemId), discount: 500 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.version).toBe(2);
    expect(res.body.status).toBe('proposed');
    expect(res.body.acceptance).toBeNull();
    expect(res.body.versions.map((v: any) => [v.version, v.acceptedOption, v.documentHash])).toEqual([[1, 'A', hash], [2, null, null]]);
    // The stored document of version 1 is byte for byte what was signed.
    const knex = clinic.app.deps.knex;
    const row = await knex('issuedDocuments').where({ hash }).first();
    const { stream } = await clinic.app.deps.storage.open(row.storageKey);
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(pdf)).toBe(true);
    // And the database refuses to rewrite it, whatever code runs.
    await expect(knex.raw('update issued_documents set kind = ? where hash = ?', ['other', hash])).rejects.toThrow(/never changes/);
    await expect(knex.raw('update treatment_plan_lines set net_price = 1')).rejects.toThrow(/append-only/);
    await expect(knex.raw('delete from treatment_plan_acceptances')).rejects.toThrow(/append-only/);
    await expect(knex.raw(`update treatment_plan_options set status = 'proposed' where status = 'accepted'`)).rejects.toThrow(/once, from proposed/);
  });
});

describe('billing completed work (PLAN-5, PLAN-11, PLAN-12)', () => {
  it('bills completed items at the accepted prices once; the invoice equals the estimate to the paisa', async () => {
    const patient = await clinic.newPatient('Ravi');
    const items = await chart(patient, '11 veneer; 21 veneer; 36 rct; 37 composite');
    const ids = [items['11 veneer'], items['21 veneer'], items['36 rct'], items['37 composite']];
    const plan = (
      await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/treatment-plans`, {
        title: 'Front and back',
        options: [
          {
            name: 'A',
            itemIds: ids,
            discount: 777.77,
            lines: [
              { itemId: ids[0], unitPrice: 8999.99, discount: 333.33 },
              { itemId: ids[1], unitPrice: 8999.99 },
              { itemId: ids[2], unitPrice: 5555.55, visit: 2 },
            ],
          },
        ],
      })
    ).body;
    await clinic.call('owner', 'POST', `/api/admin/treatment-plans/${plan.id}/accept`, { option: 'A', signature: SIGNATURE, signedBy: 'Ravi Patil' });
    expect((await clinic.call('receptionist', 'POST', `/api/admin/patients/${patient}/invoice-from-completed`, {})).status).toBe(409);
    for (const id of ids) expect((await clinic.call('dentist', 'PATCH', `/api/admin/clinical-items/${id}`, { status: 'completed' })).status).toBe(200);

    const billable = await clinic.call('receptionist', 'GET', `/api/admin/patients/${patient}/billable-items`);
    expect(billable.body.map((b: any) => b.itemId)).toEqual(ids);
    const res = await clinic.call('receptionist', 'POST', `/api/admin/patients/${patient}/invoice-from-completed`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const accepted = (await clinic.call('owner', 'GET', `/api/admin/treatment-plans/${plan.id}`)).body;
    const option = accepted.options[0];
    expect(res.body.totalAmount).toBe(option.total);
    expect(res.body.subtotal).toBe(option.subtotal);
    expect(res.body.taxAmount).toBe(option.taxAmount);
    expect(res.body.kind).toBe('invoice-cum-bill-of-supply');
    expect(res.body.items.map((i: any) => i.unitPrice)).toEqual(option.items.map((l: any) => l.netPrice));
    expect(accepted.status).toBe('completed');
    expect(option.items.every((l: any) => l.billed)).toBe(true);

    const again = await clinic.call('receptionist', 'POST', `/api/admin/patients/${patient}/invoice-from-completed`, {});
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Nothing is left to bill: no completed work that is not billed yet');
    const named = await clinic.call('receptionist', 'POST', `/api/admin/patients/${patient}/invoice-from-completed`, { itemIds: [ids[0]] });
    expect(named.status).toBe(409);
    expect(named.body.error).toBe(`Item ${ids[0]} is already billed`);
    // The database itself refuses a second billing of an item.
    await expect(
      clinic.app.deps.knex('billedClinicalItems').insert({ clinicalItemId: ids[0], invoiceId: res.body.id, createdAt: new Date('2026-11-10T06:00:00Z') }),
    ).rejects.toThrow(/duplicate key|unique/i);

    // Cancelling the invoice gives the work back to bill.
    expect((await clinic.call('owner', 'DELETE', `/api/admin/invoices/${res.body.id}`)).status).toBe(204);
    const rebilled = await clinic.call('receptionist', 'POST', `/api/admin/patients/${patient}/invoice-from-completed`, { itemIds: [ids[2]] });
    expect(rebilled.status).toBe(201);
    // One item of the estimate: the invoice is the estimate's computation over that item.
    const line = option.items[2];
    expect(rebilled.body.totalAmount).toBe(computeInvoiceTotals([{ quantity: 1, unitPrice: line.netPrice, taxRate: line.taxRate }], 18).totalAmount);
  });

  it('completes a multi-tooth item tooth by tooth and a root canal at its last sitting', async () => {
    const patient = await clinic.newPatient('Kiran');
    const items = await chart(patient, '14-16 bridge; 46 rct');
    const bridge = items['14-15-16 bridge'];
    const rct = items['46 rct'];
    const plan = (await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/treatment-plans`, { title: 'Sittings', options: [{ name: 'A', itemIds: [bridge, rct] }] })).body;
    const sitting = (body: object) => clinic.call('dentist', 'POST', `/api/admin/treatment-plans/${plan.id}/sittings`, body);
    expect((await sitting({ itemId: rct, final: false })).status).toBe(409); // not accepted yet
    await clinic.call('owner', 'POST', `/api/admin/treatment-plans/${plan.id}/accept`, { option: 'A', signature: SIGNATURE, signedBy: 'Kiran' });

    let res = await sitting({ itemId: bridge, teeth: ['14'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('in-progress');
    expect(res.body.options[0].items[0]).toMatchObject({ itemStatus: 'planned', teethDone: ['14'] });
    expect((await sitting({ itemId: bridge, teeth: ['17'] })).body.error).toBe('Tooth 17 is not part of this item');
    expect((await clinic.call('receptionist', 'GET', `/api/admin/patients/${patient}/billable-items`)).body).toEqual([]);
    res = await sitting({ itemId: bridge, teeth: ['15', '16'] });
    expect(res.body.options[0].items[0]).toMatchObject({ itemStatus: 'completed', teethDone: ['14', '15', '16'] });

    res = await sitting({ itemId: rct, note: 'access and shaping' });
    expect(res.body.options[0].items[1].itemStatus).toBe('planned');
    res = await sitting({ itemId: rct, final: true, note: 'obturation' });
    expect(res.body.options[0].items[1].itemStatus).toBe('completed');
    expect(res.body.status).toBe('completed');
    expect((await sitting({ itemId: rct, final: true })).body.error).toBe('This item is already completed');
    const billable = (await clinic.call('receptionist', 'GET', `/api/admin/patients/${patient}/billable-items`)).body;
    expect(billable.map((b: any) => b.itemId)).toEqual([bridge, rct]);
  });
});

describe('the desk: visits to book, follow-up, the report (PLAN-10, PLAN-13, PLAN-14)', () => {
  it('lists an accepted plan\'s visits to book with their lengths, and booking links the appointment', async () => {
    const patient = await clinic.newPatient('Anil');
    const items = await chart(patient, '26 rct; 26 crown');
    const plan = (
      await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/treatment-plans`, {
        title: 'Molar',
        options: [{ name: 'A', itemIds: [items['26 rct'], items['26 crown']], lines: [{ itemId: items['26 crown'], visit: 2 }], visits: [{ label: 'Root canal', minutes: 90 }, { label: 'Crown', minutes: 45 }] }],
      })
    ).body;
    const mine = async () => (await clinic.call('receptionist', 'GET', '/api/admin/treatment-plans/to-book')).body.filter((v: any) => v.planId === plan.id);
    expect(await mine()).toEqual([]);
    await clinic.call('owner', 'POST', `/api/admin/treatment-plans/${plan.id}/accept`, { option: 'A', signature: SIGNATURE, signedBy: 'Anil' });
    expect((await mine()).map((v: any) => [v.visit, v.label, v.minutes, v.items.map((i: any) => i.itemId)])).toEqual([
      [1, 'Root canal', 90, [items['26 rct']]],
      [2, 'Crown', 45, [items['26 crown']]],
    ]);
    const appt = await clinic.call('receptionist', 'POST', '/api/admin/appointments', { patientId: patient, preferredDate: '2026-11-12', preferredTime: '11:00', treatment: 'rootcanal', bookAnyway: true });
    expect(appt.status, JSON.stringify(appt.body)).toBe(201);
    const booked = await clinic.call('receptionist', 'POST', `/api/admin/treatment-plans/${plan.id}/visits/1/bookings`, { appointmentId: appt.body.id });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(booked.body.options[0].visits[0].appointment).toMatchObject({ id: appt.body.id, date: '2026-11-12', time: '11:00' });
    expect((await mine()).map((v: any) => v.visit)).toEqual([2]);
    const twice = await clinic.call('receptionist', 'POST', `/api/admin/treatment-plans/${plan.id}/visits/2/bookings`, { appointmentId: appt.body.id });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('This appointment is already linked to a plan visit');
    // A cancelled appointment gives the visit back to book.
    await clinic.call('receptionist', 'PATCH', `/api/admin/appointments/${appt.body.id}/cancel`, {});
    expect((await mine()).map((v: any) => v.visit)).toEqual([1, 2]);
  });

  it('lists proposed plans not accepted after the setting\'s days, with a WhatsApp text in the patient\'s language', async () => {
    const patient = await clinic.newPatient('Sakshi');
    // Her latest booking was in Marathi.
    await clinic.call('receptionist', 'POST', '/api/admin/appointments', { patientId: patient, preferredDate: '2026-11-10', preferredTime: '17:00', treatment: 'cleaning', bookAnyway: true, language: 'mr' });
    const items = await chart(patient, '16 crown');
    clinic.app.clock.set('2026-11-01T05:00:00Z');
    const plan = (await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/treatment-plans`, { title: 'Crown 16', options: [{ name: 'A', itemIds: [items['16 crown']] }] })).body;
    const listed = async () => (await clinic.call('receptionist', 'GET', '/api/admin/treatment-plans/follow-up')).body;
    clinic.app.clock.set('2026-11-07T05:00:00Z');
    expect((await listed()).plans.some((p: any) => p.planId === plan.id)).toBe(false);
    clinic.app.clock.set('2026-11-08T05:00:00Z');
    const due = (await listed()).plans.find((p: any) => p.planId === plan.id);
    expect(due).toMatchObject({ days: 7, proposedOn: '2026-11-01', language: 'mr' });
    expect(due.whatsAppText).toContain('नमस्कार Sakshi');
    expect(due.whatsAppText).toContain('Crown 16');
    expect(due.whatsAppLink).toMatch(/^https:\/\/wa\.me\/91\d{10}\?text=/);
    expect((await clinic.call('owner', 'PUT', '/api/admin/site-settings/plan_follow_up_days', { value: '10' })).status).toBe(200);
    expect((await listed()).days).toBe(10);
    expect((await listed()).plans.some((p: any) => p.planId === plan.id)).toBe(false);
    expect((await clinic.call('owner', 'PUT', '/api/admin/site-settings/plan_follow_up_days', { value: '0' })).body.error).toBe('Follow-up days must be a whole number from 1 to 365');
    await clinic.call('owner', 'PUT', '/api/admin/site-settings/plan_follow_up_days', { value: '' });
    clinic.app.clock.set('2026-11-10T05:00:00Z');
  });

  it('reports plans and rupees proposed and accepted by dentist and month for the owner only', async () => {
    const res = await clinic.call('owner', 'GET', '/api/admin/reports/case-acceptance?from=2026-11&to=2026-11');
    expect(res.status).toBe(200);
    const dentist = res.body.find((r: any) => r.dentistId === clinic.dentistId);
    const plans = await clinic.app.deps.knex('treatmentPlans').where({ dentistId: clinic.dentistId }).count('* as n').first();
    expect(dentist.proposed).toBe(Number(plans!.n));
    expect(dentist.accepted).toBeGreaterThan(0);
    expect(dentist.acceptedAmount).toBeGreaterThan(0);
    expect(dentist.proposedAmount).toBeGreaterThanOrEqual(dentist.acceptedAmount - 1);
    expect((await clinic.call('owner', 'GET', '/api/admin/reports/case-acceptance?from=2026-10&to=2026-10')).body).toEqual([]);
    expect((await clinic.call('receptionist', 'GET', '/api/admin/reports/case-acceptance')).status).toBe(403);
    expect((await clinic.call('owner', 'GET', '/api/admin/reports/case-acceptance?from=2026-13')).body.error).toBe('from must be a month like 2026-11');
  });
});

describe('the estimate in Marathi and the personal link (PLAN-8, PLAN-9)', () => {
  it('draws the estimate in Marathi with EMI, and the patient accepts through a personal link', async () => {
    await clinic.call('owner', 'PUT', '/api/admin/site-settings/plan_emi_months', { value: '6, 3' });
    const patient = await clinic.newPatient('Sakshi');
    await clinic.call('receptionist', 'POST', '/api/admin/appointments', { patientId: patient, preferredDate: '2026-11-11', preferredTime: '17:00', treatment: 'cleaning', bookAnyway: true, language: 'mr' });
    const items = await chart(patient, '46 rct; 46 crown');
    const plan = (
      await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/treatment-plans`, {
        title: 'दाढेवर उपचार',
        options: [{ name: 'A', itemIds: [items['46 rct'], items['46 crown']], discount: 500 }],
      })
    ).body;
    expect(plan.options[0].emi.map((e: any) => e.months)).toEqual([3, 6]);
    expect(plan.options[0].emi[0].monthly).toBe(Math.ceil(plan.options[0].total / 3));

    const link = await clinic.call('receptionist', 'POST', `/api/admin/treatment-plans/${plan.id}/link`, {});
    expect(link.status).toBe(201);
    expect(link.body.language).toBe('mr');
    const path = new URL(link.body.url).pathname;
    const page = await clinic.app.request(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('उपचाराचा अंदाजपत्रक');
    expect(html).toContain('दाढेवर उपचार');
    const missing = await clinic.app.postForm(path, { option: 'A' });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('स्वाक्षरीसाठी आपले पूर्ण नाव लिहा');
    const accepted = await clinic.app.postForm(path, { option: 'A', signedBy: 'Sakshi Patil', agree: 'yes' });
    expect(accepted.status).toBe(200);
    expect(await accepted.text()).toContain('धन्यवाद');
    expect((await clinic.app.request(path)).status).toBe(404);

    const after = (await clinic.call('owner', 'GET', `/api/admin/treatment-plans/${plan.id}`)).body;
    expect(after.acceptance).toMatchObject({ via: 'link', signedBy: 'Sakshi Patil', language: 'mr' });
    const pdf = await getPdf(`/api/admin/treatment-plans/${plan.id}/estimate.pdf`);
    expect(documentHash(pdf)).toBe(after.acceptance.documentHash);
    const text = await pdfText(pdf);
    expect(text).toContain('ईएमआय');
    expect(text).toContain('Sakshi Patil');
    expect(text).toContain(after.acceptance.documentHash);
    if (process.env.PLAN_PDF_OUT) fs.writeFileSync(process.env.PLAN_PDF_OUT, pdf);
    await clinic.call('owner', 'PUT', '/api/admin/site-settings/plan_emi_months', { value: '' });
  });
});

describe('declining an option or the whole plan, with the patient\'s reason (PLAN-7, PLAN-15)', () => {
  it('declines one option with its reason, keeps the plan proposed, and refuses to accept that option later', async () => {
    const patient = await clinic.newPatient('Rohini');
    const items = await chart(patient, '25 implant; 24-26 bridge');
    const plan = (
      await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/treatment-plans`, {
        title: 'The gap at 25',
        options: [{ name: 'A', itemIds: [items['25 implant']] }, { name: 'B', itemIds: [items['24-25-26 bridge']] }],
      })
    ).body;
    const decline = (body?: object) => clinic.call('receptionist', 'POST', `/api/admin/treatment-plans/${plan.id}/decline`, body);
    expect((await decline({ option: 'C' })).body.error).toBe('This plan has no option C');
    expect((await decline({ option: 'A', reason: 'x'.repeat(501) })).body.error).toBe('Reason must be at most 500 characters');

    const res = await decline({ option: 'A', reason: '  Does not want surgery  ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('proposed');
    expect(res.body.options.map((o: any) => [o.name, o.status, o.declineReason])).toEqual([
      ['A', 'declined', 'Does not want surgery'],
      ['B', 'proposed', null],
    ]);
    const twice = await decline({ option: 'A' });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('Option A is already declined');
    const acceptA = await clinic.call('owner', 'POST', `/api/admin/treatment-plans/${plan.id}/accept`, { option: 'A', signature: SIGNATURE, signedBy: 'Rohini' });
    expect(acceptA.status).toBe(409);
    expect(acceptA.body.error).toBe('Option A was declined: change the plan to offer it again');
    const audit = await clinic.app.deps.knex('auditLog').where({ entity: 'treatment-plan', entityId: String(plan.id), action: 'decline' }).first('changes');
    expect(audit.changes).toEqual({ options: { old: null, new: ['A'] }, reason: { old: null, new: 'Does not want surgery' } });

    // The patient's personal link offers B only.
    const link = await clinic.call('receptionist', 'POST', `/api/admin/treatment-plans/${plan.id}/link`, {});
    expect(link.status).toBe(201);
    const html = await (await clinic.app.request(new URL(link.body.url).pathname)).text();
    expect(html).toContain('value="B"');
    expect(html).not.toContain('value="A"');

    // Accepting B leaves A declined with its reason; the database keeps the reason on a declined option only.
    const accepted = await clinic.call('owner', 'POST', `/api/admin/treatment-plans/${plan.id}/accept`, { option: 'B', signature: SIGNATURE, signedBy: 'Rohini' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.options.map((o: any) => [o.name, o.status, o.declineReason])).toEqual([
      ['A', 'declined', 'Does not want surgery'],
      ['B', 'accepted', null],
    ]);
    await expect(clinic.app.deps.knex.raw(`update treatment_plan_options set decline_reason = 'later' where status = 'declined'`)).rejects.toThrow(/once, from proposed/);
  });

  it('declining the last proposed option, or the whole plan, declines the plan; a change offers the options again', async () => {
    const patient = await clinic.newPatient('Vinay');
    const items = await chart(patient, '11 crown; 11 veneer');
    const make = async () =>
      (
        await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/treatment-plans`, {
          title: 'Front tooth',
          options: [{ name: 'A', itemIds: [items['11 crown']] }, { name: 'B', itemIds: [items['11 veneer']] }],
        })
      ).body;
    const first = await make();
    await clinic.call('receptionist', 'POST', `/api/admin/treatment-plans/${first.id}/decline`, { option: 'B' });
    // A change while one option is declined is a new version whose options are all proposed again.
    const changed = await clinic.call('dentist', 'PUT', `/api/admin/treatment-plans/${first.id}`, {
      title: 'Front tooth',
      options: [{ name: 'A', itemIds: [items['11 crown']] }, { name: 'B', itemIds: [items['11 veneer']], lines: [{ itemId: items['11 veneer'], discount: 1000 }] }],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.options.map((o: any) => [o.name, o.status])).toEqual([['A', 'proposed'], ['B', 'proposed']]);
    await clinic.call('receptionist', 'POST', `/api/admin/treatment-plans/${first.id}/decline`, { option: 'B' });
    const last = await clinic.call('receptionist', 'POST', `/api/admin/treatment-plans/${first.id}/decline`, { option: 'A', reason: 'Going abroad' });
    expect(last.body.status).toBe('declined');

    const second = await make();
    const whole = await clinic.call('owner', 'POST', `/api/admin/treatment-plans/${second.id}/decline`, { reason: 'Too expensive' });
    expect(whole.status).toBe(200);
    expect(whole.body.status).toBe('declined');
    expect(whole.body.options.map((o: any) => [o.status, o.declineReason])).toEqual([['declined', 'Too expensive'], ['declined', 'Too expensive']]);
    // Without a body, as before: the whole plan, no reason.
    const third = await make();
    const bare = await clinic.call('owner', 'POST', `/api/admin/treatment-plans/${third.id}/decline`);
    expect(bare.body.options.map((o: any) => [o.status, o.declineReason])).toEqual([['declined', null], ['declined', null]]);
    const again = await clinic.call('owner', 'POST', `/api/admin/treatment-plans/${third.id}/decline`, { option: 'A' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Only a proposed plan can be declined');
  });
});

describe('sittings counted, and the case-acceptance report as CSV (PLAN-16, PLAN-17)', () => {
  it('counts the sittings of each item of the plan, the first of which puts the plan in progress', async () => {
    const patient = await clinic.newPatient('Omkar');
    const items = await chart(patient, '36 rct');
    const plan = (await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/treatment-plans`, { title: 'RCT 36', options: [{ name: 'A', itemIds: [items['36 rct']] }] })).body;
    expect(plan.options[0].items[0].sittings).toBe(0);
    await clinic.call('owner', 'POST', `/api/admin/treatment-plans/${plan.id}/accept`, { option: 'A', signature: SIGNATURE, signedBy: 'Omkar' });
    const sitting = (body: object) => clinic.call('dentist', 'POST', `/api/admin/treatment-plans/${plan.id}/sittings`, { itemId: items['36 rct'], ...body });
    const firstSitting = (await sitting({ note: 'access' })).body;
    expect(firstSitting.options[0].items[0]).toMatchObject({ sittings: 1, itemStatus: 'planned' });
    // PLAN-7: a sitting without a tooth named (a root canal's first) puts the plan in progress.
    expect(firstSitting.status).toBe('in-progress');
    expect((await sitting({ note: 'shaping' })).body.options[0].items[0]).toMatchObject({ sittings: 2, itemStatus: 'planned' });
    expect((await sitting({ final: true })).body.options[0].items[0]).toMatchObject({ sittings: 3, itemStatus: 'completed' });
  });

  it('answers the report as a CSV named by its months, with a total row, and audits it as a CSV export', async () => {
    const json = (await clinic.call('owner', 'GET', '/api/admin/reports/case-acceptance?from=2026-11&to=2026-11')).body;
    const res = await clinic.app.request('/api/admin/reports/case-acceptance.csv?from=2026-11&to=2026-11', { cookie: clinic.cookies.owner });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="case-acceptance-2026-11.csv"');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 with BOM, as the other reports
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Month,Dentist,Plans proposed,Rupees proposed,Plans accepted,Rupees accepted,Plans declined,Accepted %');
    const dentist = json.find((r: any) => r.dentistId === clinic.dentistId);
    const row = lines.find((l) => l.startsWith('2026-11,Dr Kavita Mehta,'))!.split(',');
    expect(row.slice(2, 7)).toEqual([String(dentist.proposed), dentist.proposedAmount.toFixed(2), String(dentist.accepted), dentist.acceptedAmount.toFixed(2), String(dentist.declined)]);
    expect(row[7]).toBe(String(Math.round((dentist.accepted / dentist.proposed) * 100)));
    const total = lines.at(-1)!.split(',');
    expect(total[0]).toBe('Total');
    expect(Number(total[2])).toBe(json.reduce((n: number, r: any) => n + r.proposed, 0));
    expect(lines).toHaveLength(json.length + 2);
    const audit = await clinic.app.deps.knex('auditLog').where({ action: 'export', entityId: 'case-acceptance' }).orderBy('id', 'desc').first('changes');
    expect(audit.changes).toEqual({ report: { old: null, new: 'Case acceptance' }, from: { old: null, new: '2026-11' }, to: { old: null, new: '2026-11' }, format: { old: null, new: 'csv' } });
    const all = await clinic.app.request('/api/admin/reports/case-acceptance.csv', { cookie: clinic.cookies.owner });
    expect(all.headers.get('content-disposition')).toBe('attachment; filename="case-acceptance-all.csv"');
    expect((await clinic.app.request('/api/admin/reports/case-acceptance.csv', { cookie: clinic.cookies.receptionist })).status).toBe(403);
    expect((await clinic.app.request('/api/admin/reports/case-acceptance.csv?to=2026-1', { cookie: clinic.cookies.owner })).status).toBe(400);
  });
});
