import { openBookingSql } from './places';
import { snakeCaseMappers } from 'objection';
import { addDays, clinicToday } from '../../../shared/domain/clinic-time';
import { recallEmail } from '../../../shared/emails/recall';
import { isLang, localizePath } from '../../../shared/i18n/types';
import type { RecallItem, RecallList, RecallState } from '../../../shared/schemas/recall';
import type { Deps } from '../../deps';
import { badRequest, notFound } from '../../errors';
import { noEmailMessage } from '../../../shared/schemas/patient';
import { getClinicSettings } from './clinic-settings';
import { enqueueEmail } from '../../platform/mail/outbox';

const toCamel = snakeCaseMappers().parse;
const OVERDUE_AFTER_DAYS = 30;
/** A patient's appointments: linked by id, or (unlinked bookings) by the same email. */
const MINE = `(a.patient_id = p.id or (a.patient_id is null and lower(a.email) = lower(p.email)))`;

type Row = {
  patientId: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  lastVisit: string;
  dueDate: string;
  contactedAt: Date | null;
  /** The language of the last visit's booking (I18N-3): the recall email's and WhatsApp text's. */
  language: string;
};

function state(r: Row, today: string): RecallState {
  if (r.contactedAt && new Date(r.contactedAt).toISOString().slice(0, 10) >= r.lastVisit) return 'contacted';
  return addDays(r.dueDate, OVERDUE_AFTER_DAYS) < today ? 'overdue' : 'due';
}

async function dueRows(deps: Deps, months: number, patientId: number | null): Promise<Row[]> {
  const today = clinicToday(deps.now());
  const { rows } = await deps.knex.raw<{ rows: Row[] }>(
    `select p.id as patient_id, p.first_name, p.last_name, p.email, p.phone,
            to_char(l.last_visit, 'YYYY-MM-DD') as last_visit,
            to_char(l.last_visit + make_interval(months => ?), 'YYYY-MM-DD') as due_date,
            p.recall_contacted_at as contacted_at, l.language
     from patients p
     join lateral (select a.preferred_date as last_visit, a.language from appointments a where ${MINE} and a.status = 'completed'
                   order by a.preferred_date desc, a.id desc limit 1) l on true
     where l.last_visit is not null and p.merged_into_id is null
       and (l.last_visit + make_interval(months => ?))::date <= ?::date
       and not exists (select 1 from appointments a where ${MINE} and ${openBookingSql('a')} and a.preferred_date >= ?::date)
       and (?::integer is null or p.id = ?::integer)
     order by l.last_visit, p.id`,
    [months, months, today, today, patientId, patientId],
  );
  // Raw results bypass the camelCase mapping of the query builder.
  return rows.map((r) => toCamel(r) as Row);
}

const item = (r: Row, today: string): RecallItem => ({
  patientId: r.patientId,
  firstName: r.firstName,
  lastName: r.lastName,
  email: r.email,
  phone: r.phone,
  lastVisit: r.lastVisit,
  dueDate: r.dueDate,
  state: state(r, today),
  contactedAt: r.contactedAt ? new Date(r.contactedAt).toISOString() : null,
  language: isLang(r.language) ? r.language : 'en',
});

/** PAT-6: the recall period in months: the clinic's setting (SET-4), seeded by RECALL_MONTHS. */
export async function recallMonths(deps: Pick<Deps, 'knex' | 'config'>): Promise<number> {
  return (await getClinicSettings(deps)).recallMonths;
}

/**
 * PAT-6: patients whose last completed visit is the recall period (the clinic's setting, default 6 months) ago
 * or more and who hold no open appointment from today on (booking takes a patient off the list); oldest
 * visit first.
 */
export async function recallList(deps: Deps): Promise<RecallList> {
  const today = clinicToday(deps.now());
  const months = await recallMonths(deps);
  return { months, items: (await dueRows(deps, months, null)).map((r) => item(r, today)) };
}

/** PAT-6: the recall email (with the booking link), and the patient marked contacted, in one transaction. */
export async function sendRecallEmail(deps: Deps, patientId: number): Promise<RecallItem> {
  const [row] = await dueRows(deps, await recallMonths(deps), patientId);
  if (!row) throw notFound('Patient due for a check-up');
  // PAT-11, PAT-19: staff asked for an email the patient cannot receive.
  if (!row.email) throw badRequest(noEmailMessage(`${row.firstName} ${row.lastName}`, 'message'));
  const now = deps.now();
  await deps.knex.transaction(async (trx) => {
    // I18N-3: in the language of the last visit's booking, with the booking form of the site in that language.
    const language = isLang(row.language) ? row.language : 'en';
    const bookingUrl = `${deps.config.publicUrl}${localizePath(language, '/contact')}#book`;
    await enqueueEmail(trx, { kind: 'recall', to: row.email, ...recallEmail({ ...row, language }, bookingUrl) });
    await trx('patients').where({ id: patientId }).update({ recallContactedAt: now });
  });
  deps.nudgeOutbox();
  return item({ ...row, contactedAt: now }, clinicToday(now));
}

/** PAT-6: staff contacted the patient another way (the WhatsApp recall link was clicked). */
export async function markRecallContacted(deps: Deps, patientId: number): Promise<RecallItem> {
  const [row] = await dueRows(deps, await recallMonths(deps), patientId);
  if (!row) throw notFound('Patient due for a check-up');
  const now = deps.now();
  await deps.knex('patients').where({ id: patientId }).update({ recallContactedAt: now });
  return item({ ...row, contactedAt: now }, clinicToday(now));
}
