import type { QueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../api/query-keys';

/** After any invoice change: every invoice list and view, and the dashboard's counts. */
export function invalidateInvoices(queryClient: QueryClient, id?: number): void {
  void queryClient.invalidateQueries({ queryKey: adminKeys.invoices });
  if (id !== undefined) void queryClient.invalidateQueries({ queryKey: adminKeys.invoice(id) });
  void queryClient.invalidateQueries({ queryKey: adminKeys.stats });
  // INV-28 to INV-30: credit and the appointments' "billed" link move with invoices and payments.
  void queryClient.invalidateQueries({ queryKey: ['admin', 'patient-credit'] });
  void queryClient.invalidateQueries({ queryKey: adminKeys.appointments });
}
