import type { QueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../api/query-keys';

/** After any appointment change: the list and calendar, patients' histories, the dashboard's counts and lists. */
export function invalidateAppointments(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: adminKeys.appointments });
  void queryClient.invalidateQueries({ queryKey: adminKeys.recentAppointments });
  void queryClient.invalidateQueries({ queryKey: adminKeys.stats });
  void queryClient.invalidateQueries({ queryKey: adminKeys.closedDates });
  void queryClient.invalidateQueries({ queryKey: adminKeys.reminders });
  void queryClient.invalidateQueries({ queryKey: ['admin', 'patients', 'one'] });
}
