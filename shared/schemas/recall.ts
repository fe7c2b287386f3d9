import type { Lang } from '../i18n/types';
import type { IsoDate, IsoDateTime } from './json';

export const recallStates = ['due', 'overdue', 'contacted'] as const;
export type RecallState = (typeof recallStates)[number];

/** PAT-6: one patient due for a check-up. */
export interface RecallItem {
  patientId: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** The date of the last completed visit. */
  lastVisit: IsoDate;
  /** lastVisit + the recall period. */
  dueDate: IsoDate;
  /** due: up to 30 days past dueDate; overdue: later; contacted: staff reached out since the last visit. */
  state: RecallState;
  contactedAt: IsoDateTime | null;
  /** I18N-3: the language of the last visit's booking; the recall email and WhatsApp text are written in it. */
  language: Lang;
}

export interface RecallList {
  months: number;
  items: RecallItem[];
}
