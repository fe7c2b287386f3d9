import type { Knex } from 'knex';
import { clinic } from '../../../shared/constants/clinic';
import { clinicToday, financialYearOf } from '../../../shared/domain/clinic-time';
import { billedRateTaxes, computeInvoiceTotals } from '../../../shared/domain/invoice-totals';
import { decimalString, fromPaise, toPaise } from '../../../shared/domain/money';
import type { Lang } from '../../../shared/i18n/types';
import { buildCreditNoteDocument, formatCreditNoteNumber, type CreditNoteDocument } from '../../../shared/invoice/credit-note';
import { formatInvoiceAmount } from '../../../shared/invoice/document';
import type { CreditNote, CreditNoteCreate } from '../../../shared/schemas/credit-note';
import type { Deps } from '../../deps';
import { badRequest, conflict, notFound } from '../../errors';
import { audit } from '../../platform/audit';
import { patientLanguage } from '../plans/plans';

// INV-40..INV-45: credit notes (CGST section 34). An issued invoice is never edited (INV-12); a line charged in
// error is reversed by a credit note the owner issues: its own gap-free series per financial year, linked
// to the invoice, the tax reversed at the line's rate (CGST and SGST halves, as the invoice split them), the
// invoice's credited total kept under the invoice's lock. Crediting the whole of a line that billed a
// clinical item releases the item (INV-41): it may then be invalidated, or billed again. One transaction.

export const CREDIT_NOTE_ERRORS = {
  cancelled: 'A cancelled invoice cannot be credited: cancelling it already took it out of the figures',
  notALine: (invoiceNumber: string) => `This is not a line of invoice ${invoiceNumber}`,
  lineDone: 'This line is already fully credited',
  overLine: (left: number) => `Amount cannot be more than what is left of this line to credit, ${formatInvoiceAmount(fromPaise(left))}`,
  overInvoice: (left: number) => `The credit cannot be more than what is left of the invoice to credit, ${formatInvoiceAmount(fromPaise(left))}`,
  mixedRates: 'This invoice has items at different GST rates: choose the invoice line (itemId) each amount credits',
  notBilledHere: (id: number, invoiceNumber: string) => `Clinical item ${id} is not billed on invoice ${invoiceNumber}`,
  nothingLeft: 'Nothing is left of this invoice to credit',
} as const;

type Row = Record<string, any>;
type DB = Knex | Knex.Transaction;

const iso = (value: unknown) => new Date(value as string | Date).toISOString();

/** a x rate(hundredths of a percent) / 20000 rounded half away from zero: one of the two GST halves, in paise. */
function halfTax(taxablePaise: number, rateHundredths: number): number {
  return Math.round((taxablePaise * rateHundredths) / 20_000);
}

/** An invoice's credit notes, oldest first, each with its lines. */
export async function readCreditNotes(db: DB, where: { invoiceId?: number; ids?: number[] }): Promise<CreditNote[]> {
  const query = db('creditNotes as n')
    .join('invoices as i', 'i.id', 'n.invoiceId')
    .leftJoin('users as u', 'u.id', 'n.createdBy')
    .orderBy('n.id')
    .select('n.*', 'i.invoiceNumber', 'u.displayName as createdByName');
  if (where.invoiceId !== undefined) query.where('n.invoiceId', where.invoiceId);
  if (where.ids !== undefined) query.whereIn('n.id', where.ids);
  const notes: Row[] = await query;
  if (notes.length === 0) return [];
  const lines: Row[] = await db('creditNoteLines')
    .whereIn('creditNoteId', notes.map((n) => n.id))
    .orderBy(['creditNoteId', 'position']);
  return notes.map((n) => {
    const own = lines.filter((l) => l.creditNoteId === n.id);
    const cgst = own.reduce((sum, l) => sum + toPaise(l.cgst), 0);
    const sgst = own.reduce((sum, l) => sum + toPaise(l.sgst), 0);
    return {
      id: Number(n.id),
      number: String(n.creditNoteNumber),
      invoiceId: Number(n.invoiceId),
      invoiceNumber: String(n.invoiceNumber),
      issueDate: String(n.issueDate),
      reason: String(n.reason),
      subtotal: Number(n.subtotal),
      cgst: fromPaise(cgst),
      sgst: fromPaise(sgst),
      taxAmount: Number(n.taxAmount),
      totalAmount: Number(n.totalAmount),
      lines: own.map((l) => ({
        id: Number(l.id),
        position: Number(l.position),
        itemId: l.invoiceItemId == null ? null : Number(l.invoiceItemId),
        clinicalItemId: l.clinicalItemId == null ? null : Number(l.clinicalItemId),
        description: String(l.description),
        sacCode: (l.sacCode as string | null) ?? null,
        taxRate: Number(l.taxRate),
        taxableValue: Number(l.taxableValue),
        cgst: Number(l.cgst),
        sgst: Number(l.sgst),
        amount: Number(l.amount),
      })),
      createdBy: n.createdBy == null ? null : Number(n.createdBy),
      createdByName: (n.createdByName as string | null) ?? null,
      createdAt: iso(n.createdAt),
      pdfUrl: `/api/admin/credit-notes/${n.id}.pdf`,
    };
  });
}

/** The taxable value credited so far, by invoice line (paise). */
export async function creditedByLine(db: DB, invoiceId: number): Promise<Map<number, number>> {
  const rows: Row[] = await db('creditNoteLines as l')
    .join('creditNotes as n', 'n.id', 'l.creditNoteId')
    .where('n.invoiceId', invoiceId)
    .whereNotNull('l.invoiceItemId')
    .groupBy('l.invoiceItemId')
    .select('l.invoiceItemId', db.raw('sum(l.taxable_value) as credited'));
  return new Map(rows.map((r) => [Number(r.invoiceItemId), toPaise(r.credited)]));
}

export async function getCreditNote(deps: Deps, id: number): Promise<CreditNote> {
  const [note] = await readCreditNotes(deps.knex, { ids: [id] });
  if (!note) throw notFound('Credit note');
  return note;
}

interface PlannedLine {
  position: number;
  invoiceItemId: number | null;
  clinicalItemId: number | null;
  description: string;
  sacCode: string | null;
  rate: number; // hundredths of a percent
  taxable: number; // paise
  cgst: number;
  sgst: number;
  releases: boolean;
}

/**
 * POST /api/admin/invoices/{id}/credit-notes (INV-40): `{ lines: [{ itemId | description, amount,
 * clinicalItemId? }], reason }`. The invoice's row is locked first (as payments lock it), so two credit notes
 * at once never credit more than the invoice between them; the number is taken from the financial year's
 * counter row, locked until commit (gap-free, as the invoice series).
 */
export async function createCreditNote(deps: Deps, invoiceId: number, userId: number | null, input: CreditNoteCreate): Promise<CreditNote> {
  const id = await deps.knex.transaction(async (trx) => {
    const invoice = await trx('invoices').where({ id: invoiceId }).forUpdate().first();
    if (!invoice) throw notFound('Invoice');
    if (invoice.status === 'cancelled') throw conflict(CREDIT_NOTE_ERRORS.cancelled);
    const number = String(invoice.invoiceNumber);
    const registered = Boolean(invoice.gstRegistered);
    const items: Row[] = await trx('invoiceItems').where({ invoiceId }).orderBy('position');
    const rateOf = (item: Row) => (registered ? toPaise(item.taxRate) : 0);

    // The invoice's own figures per rate, as its document prints them (billedRateTaxes).
    const totals = computeInvoiceTotals(
      items.map((i) => ({ quantity: Number(i.quantity), unitPrice: String(i.unitPrice), taxRate: String(i.taxRate) })),
      String(invoice.taxPercentage),
      { registered },
    );
    const billed = new Map(billedRateTaxes(totals.rates, toPaise(invoice.taxAmount)).map((r) => [toPaise(r.rate), r]));
    const invoiceRate = new Map<number, { taxable: number; cgst: number; sgst: number }>();
    for (const line of totals.rates) {
      const hundredths = toPaise(line.rate);
      const b = billed.get(hundredths);
      invoiceRate.set(hundredths, { taxable: line.paise.taxable, cgst: b?.cgst ?? 0, sgst: b?.sgst ?? 0 });
    }
    const priorRows: Row[] = await trx('creditNoteLines as l')
      .join('creditNotes as n', 'n.id', 'l.creditNoteId')
      .where('n.invoiceId', invoiceId)
      .select('l.invoiceItemId', 'l.taxRate', 'l.taxableValue', 'l.cgst', 'l.sgst');
    const prior = new Map<number, { taxable: number; cgst: number; sgst: number }>();
    const priorByLine = new Map<number, number>();
    for (const r of priorRows) {
      const rate = toPaise(r.taxRate);
      const p = prior.get(rate) ?? { taxable: 0, cgst: 0, sgst: 0 };
      p.taxable += toPaise(r.taxableValue);
      p.cgst += toPaise(r.cgst);
      p.sgst += toPaise(r.sgst);
      prior.set(rate, p);
      if (r.invoiceItemId != null) priorByLine.set(Number(r.invoiceItemId), (priorByLine.get(Number(r.invoiceItemId)) ?? 0) + toPaise(r.taxableValue));
    }
    const leftOfInvoice = toPaise(invoice.totalAmount) - toPaise(invoice.creditedAmount);
    if (leftOfInvoice <= 0) throw conflict(CREDIT_NOTE_ERRORS.nothingLeft);

    const planned: PlannedLine[] = [];
    const thisNote = new Map<number, number>();
    for (const [index, line] of input.lines.entries()) {
      const amount = toPaise(line.amount);
      let clinicalItemId = line.clinicalItemId ?? null;
      if (clinicalItemId !== null) {
        const row = await trx('billedClinicalItems').where({ clinicalItemId, invoiceId }).first('clinicalItemId');
        if (!row) throw badRequest(CREDIT_NOTE_ERRORS.notBilledHere(clinicalItemId, number), { [`lines.${index}.clinicalItemId`]: CREDIT_NOTE_ERRORS.notBilledHere(clinicalItemId, number) });
      }
      if (line.itemId != null) {
        const item = items.find((i) => Number(i.id) === line.itemId);
        if (!item) throw badRequest(CREDIT_NOTE_ERRORS.notALine(number), { [`lines.${index}.itemId`]: CREDIT_NOTE_ERRORS.notALine(number) });
        const left = toPaise(item.totalPrice) - (priorByLine.get(line.itemId) ?? 0) - (thisNote.get(line.itemId) ?? 0);
        if (left <= 0) throw conflict(CREDIT_NOTE_ERRORS.lineDone);
        if (amount > left) throw badRequest(CREDIT_NOTE_ERRORS.overLine(left), { [`lines.${index}.amount`]: CREDIT_NOTE_ERRORS.overLine(left) });
        thisNote.set(line.itemId, (thisNote.get(line.itemId) ?? 0) + amount);
        if (clinicalItemId === null) {
          const billedHere = await trx('billedClinicalItems').where({ invoiceId, invoiceItemId: line.itemId }).first('clinicalItemId');
          clinicalItemId = billedHere ? Number(billedHere.clinicalItemId) : null;
        }
        planned.push({
          position: index + 1,
          invoiceItemId: line.itemId,
          clinicalItemId,
          description: line.description ?? String(item.description),
          sacCode: (item.sacCode as string | null) ?? null,
          rate: rateOf(item),
          taxable: amount,
          cgst: 0,
          sgst: 0,
          releases: amount === left,
        });
      } else {
        const rates = [...new Set(items.map(rateOf))];
        if (rates.length !== 1) throw badRequest(CREDIT_NOTE_ERRORS.mixedRates, { [`lines.${index}.itemId`]: CREDIT_NOTE_ERRORS.mixedRates });
        planned.push({
          position: index + 1,
          invoiceItemId: null,
          clinicalItemId,
          description: line.description!,
          sacCode: (items[0]?.sacCode as string | null) ?? null,
          rate: rates[0],
          taxable: amount,
          cgst: 0,
          sgst: 0,
          releases: clinicalItemId !== null,
        });
      }
    }

    // The tax reversed, rate by rate: half the rate on the value credited at it, each half rounded to the
    // paisa; the rest of a rate's tax exactly when the whole of its value is credited, and never more than is
    // left of it. Spread over the rate's lines in order, the last taking the remainder.
    for (const rate of new Set(planned.map((p) => p.rate))) {
      const lines = planned.filter((p) => p.rate === rate);
      const taxable = lines.reduce((sum, p) => sum + p.taxable, 0);
      const whole = invoiceRate.get(rate) ?? { taxable: 0, cgst: 0, sgst: 0 };
      const before = prior.get(rate) ?? { taxable: 0, cgst: 0, sgst: 0 };
      const leftTaxable = whole.taxable - before.taxable;
      if (taxable > leftTaxable) throw badRequest(CREDIT_NOTE_ERRORS.overInvoice(Math.max(0, leftTaxable)), { lines: CREDIT_NOTE_ERRORS.overInvoice(Math.max(0, leftTaxable)) });
      let cgst: number;
      let sgst: number;
      if (taxable === leftTaxable) {
        cgst = whole.cgst - before.cgst;
        sgst = whole.sgst - before.sgst;
      } else {
        cgst = Math.min(halfTax(taxable, rate), whole.cgst - before.cgst);
        sgst = Math.min(halfTax(taxable, rate), whole.sgst - before.sgst);
      }
      let cgstLeft = Math.max(0, cgst);
      let sgstLeft = Math.max(0, sgst);
      lines.forEach((p, i) => {
        const last = i === lines.length - 1;
        p.cgst = last ? cgstLeft : Math.min(cgstLeft, halfTax(p.taxable, rate));
        p.sgst = last ? sgstLeft : Math.min(sgstLeft, halfTax(p.taxable, rate));
        cgstLeft -= p.cgst;
        sgstLeft -= p.sgst;
      });
    }
    const subtotal = planned.reduce((sum, p) => sum + p.taxable, 0);
    const tax = planned.reduce((sum, p) => sum + p.cgst + p.sgst, 0);
    const total = subtotal + tax;
    if (total > leftOfInvoice) throw badRequest(CREDIT_NOTE_ERRORS.overInvoice(leftOfInvoice), { lines: CREDIT_NOTE_ERRORS.overInvoice(leftOfInvoice) });

    const now = deps.now();
    const issueDate = clinicToday(now);
    const financialYear = financialYearOf(issueDate);
    const counter = await trx.raw(
      `insert into credit_note_counters (financial_year, last_sequence) values (?, 1)
       on conflict (financial_year) do update set last_sequence = credit_note_counters.last_sequence + 1
       returning last_sequence`,
      [financialYear],
    );
    const sequence = Number(counter.rows[0].last_sequence);
    const creditNoteNumber = formatCreditNoteNumber(financialYear, sequence);
    const [{ id: noteId }] = await trx('creditNotes')
      .insert({
        creditNoteNumber,
        financialYear,
        sequence,
        invoiceId,
        issueDate,
        reason: input.reason,
        subtotal: decimalString(subtotal),
        taxAmount: decimalString(tax),
        totalAmount: decimalString(total),
        createdBy: userId,
        createdAt: now,
      })
      .returning<{ id: number }[]>('id');
    await trx('creditNoteLines').insert(
      planned.map((p) => ({
        creditNoteId: noteId,
        position: p.position,
        invoiceItemId: p.invoiceItemId,
        clinicalItemId: p.clinicalItemId,
        description: p.description,
        sacCode: p.sacCode,
        taxRate: decimalString(p.rate),
        taxableValue: decimalString(p.taxable),
        cgst: decimalString(p.cgst),
        sgst: decimalString(p.sgst),
        amount: decimalString(p.taxable + p.cgst + p.sgst),
      })),
    );
    const creditedBefore = toPaise(invoice.creditedAmount);
    // INV-42: an invoice whose credit notes leave nothing more to pay reads paid (money paid beyond what is
    // now owed is given back as a refund, INV-30, separately).
    const settles = invoice.status === 'pending' && toPaise(invoice.totalAmount) - creditedBefore - total <= toPaise(invoice.amountPaid);
    const lastPaidOn = settles ? ((await trx('invoicePayments').where({ invoiceId }).max('paidOn as d').first())?.d as string | null) : null;
    await trx('invoices')
      .where({ id: invoiceId })
      .update({
        creditedAmount: decimalString(creditedBefore + total),
        ...(settles ? { status: 'paid', paidOn: lastPaidOn ?? issueDate } : {}),
        updatedAt: now,
      });
    await audit(trx, {
      action: 'create',
      entity: 'credit-note',
      entityId: noteId,
      changes: {
        creditNoteNumber: { old: null, new: creditNoteNumber },
        invoiceId: { old: null, new: invoiceId },
        reason: { old: null, new: input.reason },
        totalAmount: { old: null, new: fromPaise(total) },
        lines: { old: null, new: planned.map((p) => ({ itemId: p.invoiceItemId, clinicalItemId: p.clinicalItemId, taxableValue: fromPaise(p.taxable) })) },
      },
    });
    await audit(trx, {
      action: 'credit',
      entity: 'invoice',
      entityId: invoiceId,
      changes: {
        creditedAmount: { old: fromPaise(creditedBefore), new: fromPaise(creditedBefore + total) },
        creditNote: { old: null, new: creditNoteNumber },
        ...(settles ? { status: { old: invoice.status, new: 'paid' } } : {}),
      },
    });

    // INV-41: a clinical item whose line is wholly credited is billed no more. Its row is locked first, the
    // lock the invalidation takes, so an invalidation waits for the release and then sees it.
    for (const p of planned) {
      if (!p.releases || p.clinicalItemId === null) continue;
      await trx('clinicalItems').where({ id: p.clinicalItemId }).forUpdate().first('id');
      const released = await trx('billedClinicalItems').where({ clinicalItemId: p.clinicalItemId, invoiceId }).delete().returning('clinicalItemId');
      if (released.length > 0) {
        await audit(trx, {
          action: 'release',
          entity: 'clinical-item',
          entityId: p.clinicalItemId,
          changes: { billedOnInvoice: { old: number, new: null }, creditNote: { old: null, new: creditNoteNumber } },
        });
      }
    }
    deps.logger.info('credit_note_issued', { id: noteId, creditNoteNumber, invoiceId });
    return Number(noteId);
  });
  return getCreditNote(deps, id);
}

/** The credit note's document in `lang`, else the patient's language (their latest booking's; English without one). */
export async function creditNoteDocument(deps: Deps, id: number, lang?: Lang): Promise<CreditNoteDocument> {
  const note = await getCreditNote(deps, id);
  const invoice: Row | undefined = await deps
    .knex('invoices as i')
    .leftJoin('patients as p', 'p.id', 'i.patientId')
    .where('i.id', note.invoiceId)
    .first('i.invoiceNumber', 'i.issueDate', 'i.supplierGstin', 'i.gstRegistered', 'i.billTo', 'i.patientId', 'p.fileNumber');
  if (!invoice) throw notFound('Invoice');
  const billTo = (typeof invoice.billTo === 'string' ? JSON.parse(invoice.billTo) : invoice.billTo) as { name: string; phone: string | null };
  const language = lang ?? (invoice.patientId != null ? await patientLanguage(deps.knex, Number(invoice.patientId)) : 'en');
  return buildCreditNoteDocument(
    {
      ...note,
      invoice: {
        invoiceNumber: String(invoice.invoiceNumber),
        issueDate: String(invoice.issueDate),
        supplierGstin: (invoice.supplierGstin as string | null) ?? null,
        gstRegistered: Boolean(invoice.gstRegistered),
        billTo,
        patient: invoice.fileNumber ? { fileNumber: String(invoice.fileNumber) } : null,
      },
    },
    clinic,
    language,
  );
}
