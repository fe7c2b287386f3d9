import type { Lang } from '../i18n/types';
import type { IsoDate, IsoDateTime } from './json';

/** APPT-16: one line of the admin's reminder list (today's and tomorrow's confirmed appointments). */
export interface ReminderItem {
  id: number;
  firstName: string;
  lastName: string;
  phone: string;
  treatment: string;
  preferredDate: IsoDate;
  preferredTime: string;
  /** When the email reminder was queued (MAIL-9); null: not yet (or confirmed inside the lead time). */
  emailSentAt: IsoDateTime | null;
  /** When staff opened the WhatsApp reminder; null: not yet. */
  whatsappSentAt: IsoDateTime | null;
  /** I18N-3: the language the visit was booked in; the WhatsApp reminder is written in it. */
  language: Lang;
}

export interface ReminderList {
  today: IsoDate;
  tomorrow: IsoDate;
  items: ReminderItem[];
}
