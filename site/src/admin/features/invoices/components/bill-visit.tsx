import { useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Appointment } from '../../../../../../shared/schemas/appointment';
import { useCan } from '../../../session/use-can';
import { billVisitOf, InvoiceFormDialog, type BillVisit } from './invoice-form-dialog';

/**
 * DESK-15: "Bill this visit" for a page that lists appointments: `onBill` opens the invoice dialog with the
 * visit's patient and treatment (undefined for a role that cannot bill); once created, the invoice's view
 * opens, where the payment is recorded.
 */
export function useBillVisit(): { onBill: ((a: Appointment) => void) | undefined; dialog: ReactNode } {
  const canBill = useCan('invoices.write');
  const navigate = useNavigate();
  const [visit, setVisit] = useState<BillVisit | null>(null);
  const onBill = useCallback((a: Appointment) => setVisit(billVisitOf(a)), []);
  const dialog = (
    <InvoiceFormDialog
      open={visit !== null}
      visit={visit}
      onClose={() => setVisit(null)}
      onCreated={(invoice) => navigate(`/invoices/${invoice.id}/print`)}
    />
  );
  return { onBill: canBill ? onBill : undefined, dialog: canBill ? dialog : null };
}
