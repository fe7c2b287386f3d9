import { formatDateTime } from '../../../../../../shared/domain/dates';

/** '2 Mar 2026, 10:00 am' at the clinic (UI-6: dates are written by shared/domain/dates.ts only). */
export const when = (iso: string) => formatDateTime(iso);
