import { invoiceBalance, invoiceStatus } from '../../../shared/domain/invoice-status';
import type { Deps } from '../../deps';
import { appointmentJson, appointmentRows } from '../appointments/appointments';
import { phoneKeySql } from './contact-match';
import { findPatient } from './patients';
import { auditRead } from '../../platform/audit';

// PAT-5: a patient's history.

/**
 * The patient, every appointment linked to them (by patientId, or by the same email or phone as the
 * bookings link), newest first, and their invoices with totals billed, paid and due (cancelled invoices
 * are listed but count in no total).
 */
export async function patientHistory(deps: Deps, id: number) {
  const patient = await findPatient(deps.knex, id);
  const now = deps.now();
  const [appointments, invoices] = await Promise.all([
    appointmentRows(deps.knex)
      // BOOK-17: every booking is linked, so a family sharing a phone sees each member's own visits; an
      // appointment whose patient was deleted (unlinked) still shows by the same email or phone.
      .where((w) =>
        w.where('appointments.patientId', id).orWhere((u) =>
          u
            .whereNull('appointments.patientId')
            .where((m) =>
              m
                .whereRaw('lower(appointments.email) = lower(?)', [patient.email ?? ''])
                .orWhereRaw(`${phoneKeySql('appointments.phone')} = ${phoneKeySql('?')}`, [patient.phone]),
            ),
        ),
      )
      .orderBy('appointments.preferredDate', 'desc')
      .orderBy('appointments.preferredTime', 'desc')
      .orderBy('appointments.id', 'desc'),
    deps
      .knex('invoices')
      .where({ patientId: id })
      .orderBy('issueDate', 'desc')
      .orderBy('id', 'desc')
      .select<
        { id: number; invoiceNumber: string; issueDate: string; dueDate: string | null; totalAmount: string; amountPaid: string; status: string }[]
      >('id', 'invoiceNumber', 'issueDate', 'dueDate', 'totalAmount', 'amountPaid', 'status'),
  ]);
  const summaries = invoices.map((i) => {
    const cancelled = i.status === 'cancelled';
    return {
      id: i.id,
      invoiceNumber: i.invoiceNumber,
      issueDate: i.issueDate,
      total: Number(i.totalAmount),
      paid: Number(i.amountPaid),
      balance: cancelled ? 0 : invoiceBalance(i.totalAmount, i.amountPaid),
      status: invoiceStatus({ cancelled, totalAmount: i.totalAmount, amountPaid: i.amountPaid, dueDate: i.dueDate }, now),
    };
  });
  // DATA-10: the page carries the patient's alert summary and each appointment's (PAT-7): an audited read.
  await auditRead(deps.knex, 'read-alerts', [id]);
  const counted = summaries.filter((s) => s.status !== 'cancelled');
  const paise = (n: number) => Math.round(n * 100);
  const sum = (f: (s: (typeof summaries)[number]) => number) => counted.reduce((acc, s) => acc + paise(f(s)), 0) / 100;
  return {
    patient,
    appointments: appointments.map(appointmentJson),
    invoices: summaries,
    totals: { billed: sum((s) => s.total), paid: sum((s) => s.paid), due: sum((s) => s.balance) },
  };
}
