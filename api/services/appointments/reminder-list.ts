import { addDays, clinicToday } from '../../../shared/domain/clinic-time';
import { isLang } from '../../../shared/i18n/types';
import type { ReminderItem, ReminderList } from '../../../shared/schemas/reminder';
import type { Deps } from '../../deps';
import { notFound } from '../../errors';

const COLUMNS = ['id', 'firstName', 'lastName', 'phone', 'treatment', 'preferredDate', 'preferredTime', 'reminderSentAt', 'reminderWhatsappAt', 'language'];

type Row = {
  id: number;
  firstName: string;
  lastName: string;
  phone: string;
  treatment: string;
  preferredDate: string;
  preferredTime: string;
  reminderSentAt: Date | null;
  reminderWhatsappAt: Date | null;
  language: string;
};

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function item(r: Row): ReminderItem {
  return {
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    phone: r.phone,
    treatment: r.treatment,
    preferredDate: r.preferredDate,
    preferredTime: r.preferredTime,
    emailSentAt: iso(r.reminderSentAt),
    whatsappSentAt: iso(r.reminderWhatsappAt),
    language: isLang(r.language) ? r.language : 'en',
  };
}

/** APPT-16: today's and tomorrow's confirmed appointments at the clinic, by date and time. */
export async function listReminders(deps: Deps): Promise<ReminderList> {
  const today = clinicToday(deps.now());
  const tomorrow = addDays(today, 1);
  const rows: Row[] = await deps
    .knex('appointments')
    .where({ status: 'confirmed' })
    .whereIn('preferredDate', [today, tomorrow])
    .orderBy(['preferredDate', 'preferredTime', 'id'])
    .select(COLUMNS);
  return { today, tomorrow, items: rows.map(item) };
}

/** APPT-16: the WhatsApp reminder was opened (clicked); the first time is kept. */
export async function markWhatsappReminderSent(deps: Deps, id: number): Promise<ReminderItem> {
  const [row] = await deps
    .knex('appointments')
    .where({ id })
    .update({ reminderWhatsappAt: deps.knex.raw('coalesce(reminder_whatsapp_at, ?)', [deps.now()]) }, COLUMNS);
  if (!row) throw notFound('Appointment');
  return item(row as Row);
}
