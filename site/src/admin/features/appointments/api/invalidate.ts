import type { QueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../api/query-keys';

/** After any appointment change: the list, the dashboard's counts and its recent list. */
export function invalidateAppointments(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: adminKeys.appointments });
  void queryClient.invalidateQueries({ queryKey: adminKeys.recentAppointments });
  void queryClient.invalidateQueries({ queryKey: adminKeys.stats });
}
