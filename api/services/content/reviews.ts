import type { Knex } from 'knex';
import { reviewRequestEmail } from '../../../shared/emails/review-request';
import { isLang, type Lang } from '../../../shared/i18n/types';
import {
  REVIEW_RATING_THRESHOLD,
  type AdminReview,
  type PublicReviews,
  type ReviewModeration,
  type ReviewSubmission,
} from '../../../shared/schemas/review';
import type { Deps } from '../../deps';
import { Appointment } from '../../models/appointment';
import { hashToken, placeholderUrl } from '../appointments/manage-links';
import { audit } from '../../platform/audit';
import { getClinicSettings } from '../appointments/clinic-settings';
import { enqueueEmail } from '../../platform/mail/outbox';
import { publicChange } from '../../platform/public-cache';

const BATCH = 50;
/** REV-1: a visit completed longer ago than this is never asked (no flood of old visits on the first run). */
const MAX_AGE_DAYS = 14;

/** REV-1: the clinic's setting: review requests on (default) and their delay after completion (default 2 hours). */
export async function reviewRequestSettings(deps: Pick<Deps, 'knex' | 'config'>): Promise<{ on: boolean; delayHours: number }> {
  const s = await getClinicSettings(deps);
  return { on: s.reviewRequests, delayHours: s.reviewRequestDelayHours };
}

/**
 * REV-1 / OPS-15: queues one review request for every appointment completed at least the delay ago (and
 * not more than MAX_AGE_DAYS ago) that has not been asked. review_requested_at is set in the transaction
 * that queues the email (its single-use link is made as it is sent, SEC-7); rows are locked (skip locked),
 * so the request goes once however many processes sweep, and a request due while the server was down goes
 * when it is back.
 */
export async function sendDueReviewRequests(deps: Pick<Deps, 'knex' | 'config' | 'logger' | 'nudgeOutbox'>, now: Date): Promise<number> {
  const { on, delayHours } = await reviewRequestSettings(deps);
  if (!on) return 0;
  let queued = 0;
  for (;;) {
    const count = await deps.knex.transaction(async (trx) => {
      const { rows } = await trx.raw<{ rows: { id: number }[] }>(
        `select id from appointments
         where status = 'completed' and review_requested_at is null and completed_at is not null
           and completed_at <= ?::timestamptz - (? * interval '1 hour')
           and completed_at > ?::timestamptz - (? * interval '1 day')
           and not exists (select 1 from reviews r where r.appointment_id = appointments.id)
         order by id limit ? for update skip locked`,
        [now.toISOString(), delayHours, now.toISOString(), MAX_AGE_DAYS, BATCH],
      );
      for (const { id } of rows) {
        const a = await Appointment.query(trx).findById(id);
        if (!a) continue;
        // REV-2, SEC-7: the single-use link is made as the email is sent.
        await enqueueEmail(trx, {
          kind: 'review-request',
          to: a.email,
          ...reviewRequestEmail(a, placeholderUrl('review', deps.config.publicUrl)),
          link: { kind: 'review', appointmentId: id },
        });
        await trx('appointments').where({ id }).update({ reviewRequestedAt: now });
      }
      return rows.length;
    });
    queued += count;
    if (count < BATCH) break;
  }
  if (queued > 0) {
    deps.nudgeOutbox();
    deps.logger.info('review_requests_queued', { count: queued });
  }
  return queued;
}

export interface ReviewInvite {
  appointmentId: number;
  firstName: string;
  lastName: string;
  visitDate: string;
  language: Lang;
}

/** REV-2: the visit an unused review link opens, or null (unknown, tampered, used, or already reviewed). */
export async function reviewInvite(db: Knex | Knex.Transaction, token: string, lock = false): Promise<ReviewInvite | null> {
  const q = db('review_links as l')
    .join('appointments as a', 'a.id', 'l.appointmentId')
    .where('l.tokenHash', hashToken(token))
    .whereNull('l.usedAt')
    .whereNotExists(db('reviews').whereRaw('reviews.appointment_id = a.id'))
    .first('a.id', 'a.firstName', 'a.lastName', 'a.preferredDate', 'a.language');
  const row = await (lock ? q.forUpdate() : q);
  if (!row) return null;
  return { appointmentId: Number(row.id), firstName: row.firstName, lastName: row.lastName, visitDate: String(row.preferredDate), language: row.language };
}

/**
 * I18N-7: the language of the visit a review link was made for, used or not, and when it was used; null for
 * an unknown token.
 */
export async function reviewLinkState(db: Knex | Knex.Transaction, token: string): Promise<{ language: Lang; usedAt: Date | null } | null> {
  const row = await db('review_links as l')
    .join('appointments as a', 'a.id', 'l.appointmentId')
    .where('l.tokenHash', hashToken(token))
    .first<{ language: string; usedAt: Date | string | null } | undefined>('a.language', 'l.usedAt');
  if (!row) return null;
  return { language: isLang(row.language) ? row.language : 'en', usedAt: row.usedAt ? new Date(row.usedAt) : null };
}

const initial = (s: string) => (s.trim()[0] ?? '').toLocaleUpperCase();

/** REV-3: the name shown with a review: initials by default ("A. S."), or the first name and initial ("Asha S."). */
export function displayName(firstName: string, lastName: string, how: 'initials' | 'short'): string {
  const last = initial(lastName);
  if (how === 'short') return `${firstName.trim().slice(0, 40)}${last ? ` ${last}.` : ''}`;
  return [initial(firstName), last].filter(Boolean).map((c) => `${c}.`).join(' ');
}

/** REV-2 / REV-3: stores the review and spends the link in one transaction; false when the link no longer works. */
export async function submitReview(deps: Pick<Deps, 'knex' | 'now' | 'logger'>, token: string, input: ReviewSubmission): Promise<boolean> {
  const ok = await deps.knex.transaction(async (trx) => {
    const invite = await reviewInvite(trx, token, true);
    if (!invite) return false;
    const now = deps.now();
    const inserted = await trx('reviews')
      .insert({
        appointmentId: invite.appointmentId,
        rating: input.rating,
        text: input.text,
        displayName: displayName(invite.firstName, invite.lastName, input.name),
        language: invite.language,
        createdAt: now,
        updatedAt: now,
      })
      .onConflict('appointmentId')
      .ignore()
      .returning('id');
    await trx('review_links').where({ tokenHash: hashToken(token) }).update({ usedAt: now });
    return inserted.length > 0;
  });
  if (ok) deps.logger.info('review_received', { rating: input.rating });
  return ok;
}

interface ReviewRow {
  id: number;
  appointmentId: number;
  rating: number;
  text: string;
  displayName: string;
  status: AdminReview['status'];
  reply: string | null;
  language: string;
  firstName: string;
  lastName: string;
  preferredDate: string;
  createdAt: Date;
  approvedAt: Date | null;
}

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : String(d));

/** REV-4: every review for the owner, newest first, optionally by status. */
export async function listReviews(knex: Knex, status?: string): Promise<AdminReview[]> {
  const q = knex('reviews as r')
    .join('appointments as a', 'a.id', 'r.appointmentId')
    .select('r.*', 'a.firstName', 'a.lastName', 'a.preferredDate')
    .orderBy('r.createdAt', 'desc')
    .orderBy('r.id', 'desc')
    .limit(500);
  if (status) q.where('r.status', status);
  const rows: ReviewRow[] = await q;
  return rows.map((r) => ({
    id: r.id,
    appointmentId: r.appointmentId,
    rating: r.rating,
    text: r.text,
    displayName: r.displayName,
    status: r.status,
    reply: r.reply,
    language: r.language,
    patientName: `${r.firstName} ${r.lastName}`,
    visitDate: String(r.preferredDate),
    createdAt: iso(r.createdAt),
  }));
}

/** REV-4: approve, hide or reply; audited. Null when there is no such review. */
export async function moderateReview(deps: Pick<Deps, 'knex' | 'now' | 'cache'>, id: number, change: ReviewModeration): Promise<AdminReview | null> {
  // The home page's testimonials and rating (REV-5) are dropped once the change commits.
  const found = await publicChange(deps, 'reviews', async (trx) => {
    const before = await trx('reviews').where({ id }).forUpdate().first<{ status: string; reply: string | null } | undefined>('status', 'reply');
    if (!before) return false;
    const now = deps.now();
    const patch: Record<string, unknown> = { updatedAt: now };
    if (change.status !== undefined) {
      patch.status = change.status;
      if (change.status === 'approved' && before.status !== 'approved') patch.approvedAt = now;
    }
    if (change.reply !== undefined) patch.reply = change.reply ? change.reply : null;
    await trx('reviews').where({ id }).update(patch);
    const changes: Record<string, { old: unknown; new: unknown }> = {};
    if (change.status !== undefined && change.status !== before.status) changes.status = { old: before.status, new: change.status };
    if (change.reply !== undefined && (change.reply || null) !== before.reply) changes.reply = { old: before.reply ? 'set' : null, new: change.reply ? 'set' : null };
    await audit(trx, { action: 'update', entity: 'review', entityId: id, changes });
    return true;
  });
  if (!found) return null;
  return (await listReviews(deps.knex)).find((r) => r.id === id) ?? null;
}

/** REV-5 / REV-6: the approved reviews the public site shows, and the rating only from the threshold on. */
export async function publicReviews(knex: Knex | Knex.Transaction, limit = 12): Promise<PublicReviews> {
  const rows: ReviewRow[] = await knex('reviews')
    .where({ status: 'approved' })
    .orderBy('approvedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .select('*');
  const agg = await knex('reviews').where({ status: 'approved' }).first(knex.raw('count(*)::int as count'), knex.raw('avg(rating)::float as avg'));
  const count = Number(agg?.count ?? 0);
  return {
    reviews: rows.map((r) => ({ id: r.id, rating: r.rating, text: r.text, displayName: r.displayName, reply: r.reply, date: iso(r.approvedAt ?? r.createdAt) })),
    rating: count >= REVIEW_RATING_THRESHOLD ? { value: Math.round(Number(agg?.avg) * 10) / 10, count } : null,
  };
}
