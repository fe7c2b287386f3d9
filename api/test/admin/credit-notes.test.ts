import { spawnSync } from 'node:child_process';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClinic, type ClinicalClinic } from '../support/clinical';

// Credit notes (INV-40..INV-45) and billed work protected from invalidation (INV-41): the 409 naming the
// invoice on every path that invalidates, a credit note releasing the item, the series gap-free under
// concurrency, amounts bounded by what is left, owner only, the GST report's reduction in the note's month,
// and the PDF read back in English and Marathi.

let clinic: ClinicalClinic;

beforeAll(async () => {
  clinic = await startClinic();
  clinic.app.clock.set('2026-11-10T05:00:00Z');
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

/** Completed work charted and billed on one invoice (lines in the order of the items). */
async function billed(command: string, firstName = 'Asha'): Promise<{ patient: number; items: Record<string, number>; invoice: any }> {
  const patient = await clinic.newPatient(firstName);
  const items = await chart(patient, command);
  const res = await clinic.call('receptionist', 'POST', `/api/admin/patients/${patient}/invoice-from-completed`, { itemIds: Object.values(items) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { patient, items, invoice: res.body };
}

function pdfText(pdf: Buffer): string {
  const run = spawnSync('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf });
  if (run.status !== 0) throw new Error(run.stderr.toString());
  return run.stdout.toString();
}

async function getPdf(path: string): Promise<Buffer> {
  const res = await clinic.app.request(path, { cookie: clinic.cookies.owner });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/pdf');
  return Buffer.from(await res.arrayBuffer());
}

const invalidate = (id: number) => clinic.call('dentist', 'POST', `/api/admin/clinical-items/${id}/invalidate`, { reason: 'Wrong tooth' });

describe('billed work is protected (INV-41)', () => {
  it('refuses to invalidate a billed item on the single path with 409 naming the invoice, and keeps it', async () => {
    const { items, invoice } = await billed('36 MOD composite done');
    const res = await invalidate(items['36 composite']);
    expect(res.status).toBe(409);
    expect(res.body.invoiceNumber).toBe(invoice.invoiceNumber);
    expect(res.body.error).toContain(invoice.invoiceNumber);
    expect(res.body.error).toMatch(/credit note/);
    const item = await clinic.app.deps.knex('clinicalItems').where({ id: items['36 composite'] }).first('invalidatedAt');
    expect(item.invalidatedAt).toBeNull();
  });

  it("refuses the bulk path (the chart's Undo) as a whole: no item of the entry is invalidated", async () => {
    const { patient, items, invoice } = await billed('36 MOD composite done');
    const unbilled = await chart(patient, '47 caries');
    const res = await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/clinical-items/invalidate`, {
      ids: [unbilled['47 caries'], items['36 composite']],
      reason: 'Entered in error',
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ invoiceNumber: invoice.invoiceNumber });
    const rows = await clinic.app.deps.knex('clinicalItems').whereIn('id', [unbilled['47 caries'], items['36 composite']]).select('invalidatedAt');
    expect(rows.every((r: any) => r.invalidatedAt === null)).toBe(true);
  });

  it('a credit note for the whole line releases the item: it can be invalidated, and the plan no longer says billed', async () => {
    const patient = await clinic.newPatient('Ravi');
    const items = await chart(patient, '36 MOD composite');
    const stroke = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 70 C 60 10, 90 90, 140 40" stroke="black" stroke-width="4" fill="none"/></svg>';
    const sig = `data:image/png;base64,${(await sharp(Buffer.from(stroke)).png().toBuffer()).toString('base64')}`;
    const plan = await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/treatment-plans`, { title: 'Lower left', options: [{ name: 'A', itemIds: [items['36 composite']] }] });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    const accepted = await clinic.call('owner', 'POST', `/api/admin/treatment-plans/${plan.body.id}/accept`, { option: 'A', signature: sig, signedBy: 'Ravi Patil' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await clinic.call('dentist', 'PATCH', `/api/admin/clinical-items/${items['36 composite']}`, { status: 'completed' })).status).toBe(200);
    const inv = await clinic.call('receptionist', 'POST', `/api/admin/patients/${patient}/invoice-from-completed`, { itemIds: [items['36 composite']] });
    expect(inv.status, JSON.stringify(inv.body)).toBe(201);
    // The invoice names each line's id and the clinical item it bills.
    const line = (await clinic.call('owner', 'GET', `/api/admin/invoices/${inv.body.id}`)).body.items[0];
    expect(line.id).toEqual(expect.any(Number));
    expect(line.clinicalItemId).toBe(items['36 composite']);
    const before = await clinic.call('owner', 'GET', `/api/admin/treatment-plans/${plan.body.id}`);
    expect(before.body.options[0].items[0].billed).toBe(true);

    const note = await clinic.call('owner', 'POST', `/api/admin/invoices/${inv.body.id}/credit-notes`, { lines: [{ itemId: line.id, amount: line.totalPrice }], reason: 'Charted on the wrong tooth' });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body).toMatchObject({ id: expect.any(Number), number: expect.stringMatching(/^CN\/2026-27\/\d{4}$/), invoiceId: inv.body.id, invoiceNumber: inv.body.invoiceNumber });
    expect(note.body.lines[0]).toMatchObject({ itemId: line.id, clinicalItemId: items['36 composite'], taxableValue: line.totalPrice });

    const after = await clinic.call('owner', 'GET', `/api/admin/invoices/${inv.body.id}`);
    expect(after.body.creditNotes.map((n: any) => n.number)).toEqual([note.body.number]);
    expect(after.body.items[0]).toMatchObject({ credited: line.totalPrice, clinicalItemId: null });
    expect(after.body.creditedAmount).toBe(inv.body.totalAmount);
    expect(after.body.balance).toBe(0);
    const planAfter = await clinic.call('owner', 'GET', `/api/admin/treatment-plans/${plan.body.id}`);
    expect(planAfter.body.options[0].items[0].billed).toBe(false);

    const res = await invalidate(items['36 composite']);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.invalidatedAt).not.toBeNull();
  });

  it('a released item not invalidated may be billed again; a partly credited line keeps its item billed', async () => {
    const { patient, items, invoice } = await billed('36 MOD composite done; 11 veneer done');
    const [composite, veneer] = invoice.items;
    const partial = await clinic.call('owner', 'POST', `/api/admin/invoices/${invoice.id}/credit-notes`, { lines: [{ itemId: veneer.id, amount: 100 }], reason: 'Goodwill discount' });
    expect(partial.status).toBe(201);
    expect((await invalidate(items['11 veneer'])).status).toBe(409);

    const full = await clinic.call('owner', 'POST', `/api/admin/invoices/${invoice.id}/credit-notes`, { lines: [{ itemId: composite.id, amount: composite.totalPrice }], reason: 'Billed at the wrong price' });
    expect(full.status).toBe(201);
    const again = await clinic.call('receptionist', 'POST', `/api/admin/patients/${patient}/invoice-from-completed`, { itemIds: [items['36 composite']] });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    const res = await invalidate(items['36 composite']);
    expect(res.status).toBe(409);
    expect(res.body.invoiceNumber).toBe(again.body.invoiceNumber);
  });
});

describe('credit notes (INV-40, INV-42)', () => {
  it('reverses the tax proportionally, CGST and SGST as the invoice split them, and bounds every amount', async () => {
    const { invoice } = await billed('11 veneer done; 21 veneer done');
    const [a, b] = invoice.items;
    expect(a.taxRate).toBe(18);
    const half = Math.round(a.totalPrice * 0.5 * 9) / 100;
    const part = await clinic.call('owner', 'POST', `/api/admin/invoices/${invoice.id}/credit-notes`, { lines: [{ itemId: a.id, amount: a.totalPrice / 2 }], reason: 'Half the work redone free' });
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    expect(part.body.lines[0]).toMatchObject({ taxRate: 18, taxableValue: a.totalPrice / 2, cgst: half, sgst: half });
    expect(part.body.totalAmount).toBe(a.totalPrice / 2 + 2 * half);

    const over = await clinic.call('owner', 'POST', `/api/admin/invoices/${invoice.id}/credit-notes`, { lines: [{ itemId: a.id, amount: a.totalPrice / 2 + 0.01 }], reason: 'Too much' });
    expect(over.status).toBe(400);
    expect(over.body.error).toMatch(/cannot be more than what is left of this line/);
    expect(over.body.fields['lines.0.amount']).toBeTruthy();
    const twice = await clinic.call('owner', 'POST', `/api/admin/invoices/${invoice.id}/credit-notes`, { lines: [{ itemId: b.id, amount: b.totalPrice }, { itemId: b.id, amount: 1 }], reason: 'Twice' });
    expect(twice.status).toBe(409);
    const notLine = await clinic.call('owner', 'POST', `/api/admin/invoices/${invoice.id}/credit-notes`, { lines: [{ itemId: 999999, amount: 1 }], reason: 'x' });
    expect(notLine.status).toBe(400);
    expect(notLine.body.error).toBe(`This is not a line of invoice ${invoice.invoiceNumber}`);
    for (const body of [{ lines: [], reason: 'x' }, { lines: [{ itemId: a.id, amount: 0 }], reason: 'x' }, { lines: [{ itemId: a.id, amount: 1 }], reason: ' ' }, { lines: [{ amount: 1 }], reason: 'x' }]) {
      expect((await clinic.call('owner', 'POST', `/api/admin/invoices/${invoice.id}/credit-notes`, body)).status).toBe(400);
    }

    // The rest of both lines: the whole invoice credited, to the paisa, never more.
    const rest = await clinic.call('owner', 'POST', `/api/admin/invoices/${invoice.id}/credit-notes`, {
      lines: [{ itemId: a.id, amount: a.totalPrice / 2 }, { itemId: b.id, amount: b.totalPrice }],
      reason: 'Cosmetic work not done',
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(part.body.totalAmount + rest.body.totalAmount).toBeCloseTo(invoice.totalAmount, 2);
    expect(part.body.taxAmount + rest.body.taxAmount).toBeCloseTo(invoice.taxAmount, 2);
    const more = await clinic.call('owner', 'POST', `/api/admin/invoices/${invoice.id}/credit-notes`, { lines: [{ description: 'Anything', amount: 1 }], reason: 'More' });
    expect(more.status).toBe(409);
    expect(more.body.error).toBe('Nothing is left of this invoice to credit');
    const inv = await clinic.call('owner', 'GET', `/api/admin/invoices/${invoice.id}`);
    expect(inv.body.creditedAmount).toBe(invoice.totalAmount);
    expect(inv.body.status).toBe('paid');
  });

  it('takes a line by description on a one-rate invoice, bounded by what is left of the invoice', async () => {
    const { invoice } = await billed('11 veneer done');
    const over = await clinic.call('owner', 'POST', `/api/admin/invoices/${invoice.id}/credit-notes`, { lines: [{ description: 'Discount after the fact', amount: invoice.subtotal + 1 }], reason: 'Discount' });
    expect(over.status).toBe(400);
    const ok = await clinic.call('owner', 'POST', `/api/admin/invoices/${invoice.id}/credit-notes`, { lines: [{ description: 'Discount after the fact', amount: 500 }], reason: 'Discount' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.lines[0]).toMatchObject({ itemId: null, description: 'Discount after the fact', taxRate: 18, cgst: 45, sgst: 45, amount: 590 });
    const { invoice: mixed } = await billed('36 MOD composite done; 11 veneer done');
    const refused = await clinic.call('owner', 'POST', `/api/admin/invoices/${mixed.id}/credit-notes`, { lines: [{ description: 'Discount', amount: 10 }], reason: 'Discount' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/different GST rates/);
  });

  it('lowers what is owed: a payment cannot pass the balance left after the credit', async () => {
    const { invoice } = await billed('11 veneer done');
    const line = invoice.items[0];
    await clinic.call('owner', 'POST', `/api/admin/invoices/${invoice.id}/credit-notes`, { lines: [{ itemId: line.id, amount: 1000 }], reason: 'Discount' });
    const inv = await clinic.call('owner', 'GET', `/api/admin/invoices/${invoice.id}`);
    expect(inv.body.balance).toBe(invoice.totalAmount - 1180);
    const pay = await clinic.call('receptionist', 'POST', `/api/admin/invoices/${invoice.id}/payments`, { amount: inv.body.balance + 1, paidOn: '2026-11-10', mode: 'cash' });
    expect(pay.status).toBe(400);
    expect((await clinic.call('receptionist', 'PATCH', `/api/admin/invoices/${invoice.id}/mark-paid`, {})).body.amountPaid).toBe(inv.body.balance);
  });

  it('is the owner’s alone; a cancelled invoice takes none, and an invoice with credit notes is not cancelled', async () => {
    const { invoice } = await billed('11 veneer done');
    const body = { lines: [{ itemId: invoice.items[0].id, amount: 1 }], reason: 'x' };
    for (const role of ['receptionist', 'dentist'] as const) {
      const res = await clinic.call(role, 'POST', `/api/admin/invoices/${invoice.id}/credit-notes`, body);
      expect(res.status).toBe(403);
    }
    expect((await clinic.call('owner', 'POST', '/api/admin/invoices/999999/credit-notes', body)).status).toBe(404);
    expect((await clinic.call('owner', 'POST', `/api/admin/invoices/${invoice.id}/credit-notes`, body)).status).toBe(201);
    const cancel = await clinic.call('owner', 'DELETE', `/api/admin/invoices/${invoice.id}`);
    expect(cancel.status).toBe(409);
    expect(cancel.body.error).toMatch(/has credit notes/);

    const { invoice: other } = await billed('21 veneer done');
    expect((await clinic.call('owner', 'DELETE', `/api/admin/invoices/${other.id}`)).status).toBe(204);
    const res = await clinic.call('owner', 'POST', `/api/admin/invoices/${other.id}/credit-notes`, { lines: [{ itemId: other.items[0].id, amount: 1 }], reason: 'x' });
    expect(res.status).toBe(409);
  });

  it('audits the credit note, the invoice’s credited total and the release, and the note never changes', async () => {
    const { items, invoice } = await billed('46 MOD composite done');
    const note = await clinic.call('owner', 'POST', `/api/admin/invoices/${invoice.id}/credit-notes`, { lines: [{ itemId: invoice.items[0].id, amount: invoice.items[0].totalPrice }], reason: 'Wrong tooth' });
    const knex = clinic.app.deps.knex;
    const rows = await knex('auditLog').whereIn('entity', ['credit-note', 'invoice', 'clinical-item']).whereIn('action', ['create', 'credit', 'release']).orderBy('id').select('action', 'entity', 'entityId');
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'create', entity: 'credit-note', entityId: String(note.body.id) }),
        expect.objectContaining({ action: 'credit', entity: 'invoice', entityId: String(invoice.id) }),
        expect.objectContaining({ action: 'release', entity: 'clinical-item', entityId: String(items['46 composite']) }),
      ]),
    );
    await expect(knex.raw('update credit_notes set reason = ? where id = ?', ['changed', note.body.id])).rejects.toThrow(/append-only/);
    await expect(knex.raw('delete from credit_note_lines where credit_note_id = ?', [note.body.id])).rejects.toThrow(/append-only/);
  });
});

describe('the credit note series (INV-40)', () => {
  it('numbers consecutively without gaps, a refused note taking no number, also when many are issued at once', async () => {
    const invoices = [];
    for (let i = 0; i < 8; i += 1) invoices.push((await billed('11 veneer done')).invoice);
    const latest = async () => (await clinic.app.deps.knex('creditNotes').max('sequence as n').first())?.n ?? 0;
    const start = Number(await latest());
    const refused = await clinic.call('owner', 'POST', `/api/admin/invoices/${invoices[0].id}/credit-notes`, { lines: [{ itemId: invoices[0].items[0].id, amount: 10_000_000 }], reason: 'x' });
    expect(refused.status).toBe(400);
    const results = await Promise.all(
      invoices.flatMap((inv) => [1, 2].map(() => clinic.call('owner', 'POST', `/api/admin/invoices/${inv.id}/credit-notes`, { lines: [{ itemId: inv.items[0].id, amount: 10 }], reason: 'Concurrent' }))),
    );
    expect(results.map((r) => r.status)).toEqual(results.map(() => 201));
    const numbers = results.map((r) => r.body.number).sort();
    const expected = Array.from({ length: 16 }, (_, i) => `CN/2026-27/${String(start + i + 1).padStart(4, '0')}`);
    expect(numbers).toEqual(expected);
    // Two notes on one invoice at once never credit the same paise twice.
    for (const inv of invoices) {
      const res = await clinic.call('owner', 'GET', `/api/admin/invoices/${inv.id}`);
      expect(res.body.items[0].credited).toBe(20);
    }
  });
});

describe('the GST report (INV-44)', () => {
  it('counts a credit note as a reduction in its own month, leaving the invoice’s month as filed', async () => {
    clinic.app.clock.set('2027-01-10T05:00:00Z');
    const { invoice } = await billed('11 veneer done; 21 veneer done');
    const january = (await clinic.call('owner', 'GET', '/api/admin/reports/gst?month=2027-01')).body;
    expect(january.creditNotes.totals.count).toBe(0);
    clinic.app.clock.set('2027-02-03T05:00:00Z');
    const line = invoice.items[0];
    const note = await clinic.call('owner', 'POST', `/api/admin/invoices/${invoice.id}/credit-notes`, { lines: [{ itemId: line.id, amount: line.totalPrice }], reason: 'Not done' });
    expect(note.status).toBe(201);
    expect(note.body.issueDate).toBe('2027-02-03');
    const janAfter = (await clinic.call('owner', 'GET', '/api/admin/reports/gst?month=2027-01')).body;
    expect(janAfter.totals).toEqual(january.totals);
    expect(janAfter.creditNotes.totals.count).toBe(0);
    const february = (await clinic.call('owner', 'GET', '/api/admin/reports/gst?month=2027-02')).body;
    expect(february.creditNotes.notes).toEqual([expect.objectContaining({ number: note.body.number, invoiceNumber: invoice.invoiceNumber, taxableValue: line.totalPrice, value: note.body.totalAmount })]);
    const r18 = february.creditNotes.rates.find((r: any) => r.rate === 18);
    expect(r18).toMatchObject({ taxableValue: line.totalPrice, cgst: note.body.cgst, sgst: note.body.sgst });
    expect(february.net.taxableValue).toBe(february.totals.taxableValue - line.totalPrice);
    expect(february.net.totalTax).toBeCloseTo(february.totals.totalTax - note.body.taxAmount, 2);
    const csv = await clinic.app.request('/api/admin/reports/gst.csv?month=2027-02', { cookie: clinic.cookies.owner });
    const text = await csv.text();
    expect(text).toContain(`Credit note,${note.body.number} against ${invoice.invoiceNumber}: Not done`);
    expect(text).toContain('Net of credit notes');
    clinic.app.clock.set('2026-11-10T05:00:00Z');
  });
});

describe('the credit note PDF (INV-43)', () => {
  it('reads back in English and in Marathi, naming the invoice, the reason, the figures and the patient', async () => {
    const { invoice } = await billed('11 veneer done', 'Priya');
    const line = invoice.items[0];
    const note = (await clinic.call('owner', 'POST', `/api/admin/invoices/${invoice.id}/credit-notes`, { lines: [{ itemId: line.id, amount: line.totalPrice }], reason: 'Veneer not placed' })).body;
    const en = pdfText(await getPdf(`/api/admin/credit-notes/${note.id}.pdf`));
    expect(en).toContain('Credit Note');
    expect(en).toContain(note.number);
    expect(en).toContain(invoice.invoiceNumber);
    expect(en).toContain('Veneer not placed');
    expect(en).toContain('Priya Patil');
    expect(en).toContain('GSTIN: 27AAPFU0939F1ZV');
    expect(en).toContain('section 34 of the CGST Act');
    expect(en.replace(/\s+/g, ' ')).toContain(`₹ ${note.totalAmount.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);

    const mr = pdfText(await getPdf(`/api/admin/credit-notes/${note.id}.pdf?lang=mr`));
    expect(mr).toContain('क्रेडिट नोट');
    expect(mr).toContain('कारण');
    expect(mr).toContain('एकूण जमा रक्कम');
    expect(mr).toContain(note.number);
    expect(mr).toContain(invoice.invoiceNumber);
    // The invoice's own PDF lists the credit note under its total and, settled by it alone, reads CREDITED, not PAID.
    const invoicePdf = pdfText(await getPdf(`/api/admin/invoices/${invoice.id}/pdf`));
    expect(invoicePdf).toMatch(new RegExp(`Less ${note.number}\\s+- ₹ ${note.totalAmount.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`));
    expect(invoicePdf).toContain('CREDITED');
    expect(invoicePdf).not.toContain('PAID');
    expect(invoicePdf).not.toContain('Pay by UPI');
    expect((await clinic.call('owner', 'GET', `/api/admin/credit-notes/${note.id}.pdf?lang=fr`)).status).toBe(400);
    expect((await clinic.call('owner', 'GET', '/api/admin/credit-notes/999999.pdf')).status).toBe(404);
    expect((await clinic.call('dentist', 'GET', `/api/admin/credit-notes/${note.id}.pdf`)).status).toBe(403);
  });

  it('is drawn in the patient’s language without one asked for', async () => {
    const { patient, invoice } = await billed('11 veneer done', 'Sunita');
    const knex = clinic.app.deps.knex;
    const p = await knex('patients').where({ id: patient }).first('email', 'phone', 'firstName', 'lastName');
    await knex('appointments').insert({
      firstName: p.firstName, lastName: p.lastName, email: p.email, phone: p.phone, patientId: patient,
      preferredDate: '2026-11-12', preferredTime: '10:00', treatment: 'cleaning', status: 'confirmed', language: 'mr', createdAt: new Date('2026-11-09T05:00:00Z'),
    });
    const note = (await clinic.call('owner', 'POST', `/api/admin/invoices/${invoice.id}/credit-notes`, { lines: [{ itemId: invoice.items[0].id, amount: 100 }], reason: 'Discount' })).body;
    expect(pdfText(await getPdf(`/api/admin/credit-notes/${note.id}.pdf`))).toContain('क्रेडिट नोट');
  });
});
