import type { InvoiceStatus } from '../constants/booking';
import { clinicToday } from './clinic-time';

/** D14: an unpaid invoice whose due date (yyyy-MM-dd) is before today at the clinic reads as overdue. */
export function effectiveInvoiceStatus(
  status: string,
  dueDate: string | null | undefined,
  now: Date = new Date(),
): InvoiceStatus {
  if (status === 'paid') return 'paid';
  if (dueDate && dueDate < clinicToday(now)) return 'overdue';
  return status === 'overdue' ? 'overdue' : 'pending';
}
