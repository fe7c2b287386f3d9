import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import addressparser from 'nodemailer/lib/addressparser';
import { snakeCaseMappers } from 'objection';
import type { Logger } from '../../logger';
import { OutboxEmail, type Attachment } from '../../models/outbox-email';
import type { Mailer, OutgoingMail } from './mailer';
import type { MakeLinks } from './personal-link';
import { purgeSentEmails } from './outbox-retention';

export interface OutboxWorkerOptions {
  knex: Knex;
  /** SEC-7: makes an email's personal link as it is sent (the appointments domain's sendableBodies). */
  makeLinks: MakeLinks;
  mailer: Mailer;
  logger: Logger;
  from: string;
  /**
   * The product's clock (deps.now, CLINIC-12): when a message was sent, the retention age, and the date an
   * attachment is rendered for. Leases, retries and due times are by the database's clock (see claim()).
   */
  now: () => Date;
  /** Turns an attachment reference into bytes at send time (the invoice PDF, as of `now`). */
  renderAttachment?: (a: Attachment, trx: Knex, now: Date) => Promise<NonNullable<OutgoingMail['attachments']>[number]>;
  pollMs?: number;
  /**
   * At most this many messages a second. Mail providers throttle senders that burst; and a burst of
   * bookings should not have the mail worker take the CPU the requests need. 0 means no limit.
   */
  maxPerSecond?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** How long a claim holds a row unless renewed; the heartbeat renews it every quarter of this. */
  leaseMs?: number;
  /** Blank sent emails older than this many days (outbox-retention.ts), at most hourly; unset: never. */
  retentionDays?: number;
}

const toCamel = snakeCaseMappers().parse;
const BATCH = 20;
const PURGE_EVERY_MS = 60 * 60_000;

/**
 * Delivers the outbox (MAIL-1, MAIL-11): at least once, with exponential backoff and no upper limit on attempts, so an
 * SMTP outage delays mail and never loses it. A batch of rows is leased before sending, so two workers (or
 * a tick and a nudge) never send the same message; a row is marked sent straight after the server accepts it.
 *
 * Crash safety: leases are short (10 s) and a heartbeat renews the rows this worker holds while it works
 * through them, however long a send takes. When the process dies the heartbeat stops, and within one lease
 * any worker of any process (several may share one PostgreSQL, OPS-14) takes the rows over. A message the SMTP
 * server had accepted just before the crash is sent again with the same Message-ID (fixed when the row was
 * created), so the receiving server can drop the copy.
 */
export class OutboxWorker {
  /** Names this worker's leases in the database. */
  readonly id = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private wakeTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** Rows claimed and not yet sent, failed or released. */
  private readonly held = new Set<number>();
  private lastPurge = -Infinity;
  private readonly pollMs: number;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly leaseMs: number;
  private readonly messageIdDomain: string;

  constructor(private readonly o: OutboxWorkerOptions) {
    this.pollMs = o.pollMs ?? 5_000;
    this.retryBaseMs = o.retryBaseMs ?? 10_000;
    this.retryMaxMs = o.retryMaxMs ?? 60 * 60_000;
    this.leaseMs = o.leaseMs ?? 10_000;
    this.messageIdDomain = domainOf(o.from);
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.nudge(), this.pollMs);
    this.timer.unref();
    this.nudge();
  }

  /** Runs a pass soon; a nudge during a pass schedules one more pass right after it. */
  nudge = (): void => {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass()
      .catch((err) => this.o.logger.error('outbox_pass_failed', { error: String(err) }))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.nudge();
        }
      });
  };

  /** OPS-12: stop polling, finish the send under way, hand the rest of the batch back, then return. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.stopHeartbeat();
  }

  /** Sends everything due now; resolves with how many were sent. */
  async drain(): Promise<number> {
    let sent = 0;
    while (!this.stopped) {
      const rows = await this.claim();
      if (rows.length === 0) break;
      sent += await this.sendBatch(rows);
    }
    return sent;
  }

  private async pass(): Promise<void> {
    await this.drain();
    await this.purgeIfDue();
    await this.wakeWhenNextDue();
  }

  private async sendBatch(rows: OutboxEmail[]): Promise<number> {
    let sent = 0;
    for (const row of rows) this.held.add(row.id);
    this.startHeartbeat();
    try {
      for (const row of rows) {
        // A row is skipped when stopping, or when its lease was lost (this process stalled past it).
        const ours = () => !this.stopped && this.held.has(row.id);
        if (!ours()) continue;
        await this.pace();
        if (ours() && (await this.deliver(row))) sent += 1;
      }
    } finally {
      await this.release(rows.map((r) => r.id).filter((id) => this.held.has(id)));
    }
    return sent;
  }

  private windowStart = -Infinity;
  private sentInWindow = 0;

  /** Waits when this second's allowance is used up. */
  private async pace(): Promise<void> {
    const limit = this.o.maxPerSecond ?? 0;
    if (limit <= 0) return;
    const now = performance.now();
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.sentInWindow = 0;
    }
    if (this.sentInWindow >= limit) {
      await new Promise((resolve) => setTimeout(resolve, this.windowStart + 1000 - now));
      this.windowStart = performance.now();
      this.sentInWindow = 0;
    }
    this.sentInWindow += 1;
  }

  /**
   * Leases up to a batch of due messages in one statement (one round trip for many sends). Leases, retry
   * times and due times are all by the database's now(), the one clock every process shares: a process
   * whose own clock is off neither steals a lease nor waits a day to retry.
   */
  private async claim(): Promise<OutboxEmail[]> {
    const rows = await this.o.knex.raw(
      `update email_outbox
         set locked_until = now() + (? * interval '1 millisecond'), locked_by = ?, attempts = attempts + 1
       where id in (
         select id from email_outbox
         where sent_at is null and next_attempt_at <= now() and (locked_until is null or locked_until < now())
         order by id limit ? for update skip locked)
       returning *`,
      [this.leaseMs, this.id, BATCH],
    );
    // Raw results bypass the camelCase mapping of the query builder.
    return (rows.rows ?? [])
      .map((raw: Record<string, unknown>) => OutboxEmail.fromDatabaseJson(toCamel(raw)))
      .sort((a: OutboxEmail, b: OutboxEmail) => a.id - b.id);
  }

  private startHeartbeat(): void {
    if (this.heartbeatTimer) return;
    this.heartbeatTimer = setInterval(() => void this.renew(), this.leaseMs / 4);
    this.heartbeatTimer.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
  }

  /** Extends the lease of every row still held; a row no longer ours is dropped from the batch. */
  private async renew(): Promise<void> {
    const ids = [...this.held];
    if (ids.length === 0) return;
    try {
      const renewed: { id: number }[] = await this.o
        .knex('email_outbox')
        .whereIn('id', ids)
        .where({ lockedBy: this.id })
        .whereNull('sentAt')
        .update({ lockedUntil: this.leaseEnd() }, ['id']);
      const kept = new Set(renewed.map((r) => r.id));
      for (const id of ids) {
        if (kept.has(id) || !this.held.delete(id)) continue;
        this.o.logger.error('email_lease_lost', { id });
      }
    } catch (err) {
      // The next beat tries again; the lease has three more beats before it runs out.
      this.o.logger.error('email_lease_renewal_failed', { error: String(err) });
    }
  }

  /** Hands back rows claimed but not tried (on stop), so another worker can take them at once. */
  private async release(ids: number[]): Promise<void> {
    for (const id of ids) this.held.delete(id);
    if (this.held.size === 0) this.stopHeartbeat();
    if (ids.length === 0) return;
    await this.o
      .knex('email_outbox')
      .whereIn('id', ids)
      .where({ lockedBy: this.id })
      .whereNull('sentAt')
      .update({ lockedUntil: null, lockedBy: null, attempts: this.o.knex.raw('attempts - 1') });
  }

  private leaseEnd(): Knex.Raw {
    return this.o.knex.raw(`now() + (? * interval '1 millisecond')`, [this.leaseMs]);
  }

  private async deliver(row: OutboxEmail): Promise<boolean> {
    const { knex, mailer, logger } = this.o;
    const messageId = `<${row.messageUuid}@${this.messageIdDomain}>`;
    const now = this.o.now();
    try {
      const attachments = await Promise.all(
        (row.attachments ?? []).map((a) => {
          if (!this.o.renderAttachment) throw new Error(`No renderer for attachment ${a.type}`);
          return this.o.renderAttachment(a, knex, now);
        }),
      );
      // SEC-7: the personal link is made now; the stored row keeps its placeholder.
      const { html, text } =
        row.linkKind && row.linkAppointmentId
          ? await this.o.makeLinks(knex, { kind: row.linkKind, appointmentId: row.linkAppointmentId }, { html: row.html, text: row.textBody })
          : { html: row.html, text: row.textBody };
      await mailer.send({
        from: this.o.from,
        to: row.toAddress,
        subject: row.subject,
        html,
        text,
        messageId,
        date: now,
        attachments,
      });
      await OutboxEmail.query(knex)
        .findById(row.id)
        .patch({ sentAt: now, lockedUntil: null, lockedBy: null, messageId, lastError: null });
      logger.info('email_sent', { id: row.id, kind: row.kind, attempts: row.attempts });
      return true;
    } catch (err) {
      const delay = Math.min(this.retryBaseMs * 2 ** Math.max(0, row.attempts - 1), this.retryMaxMs);
      const message = err instanceof Error ? err.message : String(err);
      await OutboxEmail.query(knex)
        .findById(row.id)
        .patch({
          lockedUntil: null,
          lockedBy: null,
          nextAttemptAt: knex.raw(`now() + (? * interval '1 millisecond')`, [delay]),
          lastError: message.slice(0, 500),
        });
      logger.error('email_failed', { id: row.id, kind: row.kind, attempts: row.attempts, retryInMs: delay, error: message });
      return false;
    } finally {
      this.held.delete(row.id);
    }
  }

  /** Retention (outbox-retention.ts) rides on the worker's loop, at most hourly, until a scheduler exists. */
  private async purgeIfDue(): Promise<void> {
    const retentionDays = this.o.retentionDays;
    if (!retentionDays || this.stopped || performance.now() - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = performance.now();
    const purged = await purgeSentEmails(this.o.knex, { retentionDays, now: this.o.now() });
    if (purged > 0) this.o.logger.info('emails_purged', { count: purged, retentionDays });
  }

  /**
   * Sleeps until the next row falls due (a retry's backoff, or a lease a crashed worker left) rather than
   * until the next poll, so mail a dead process held goes out the moment its lease ends. Timed by the
   * database's clock, which every process shares.
   */
  private async wakeWhenNextDue(): Promise<void> {
    if (this.stopped) return;
    const { rows } = await this.o.knex.raw<{ rows: { wait: number | string | null }[] }>(
      `select ceil(extract(epoch from min(greatest(next_attempt_at, coalesce(locked_until, next_attempt_at))) - now()) * 1000) as wait
       from email_outbox where sent_at is null`,
    );
    const wait = rows[0]?.wait;
    if (wait === null || wait === undefined || Number(wait) >= this.pollMs) return;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = setTimeout(() => this.nudge(), Math.max(0, Number(wait)) + 20);
    this.wakeTimer.unref();
  }
}

/** The domain of MAIL_FROM, for Message-IDs (RFC 5322 asks for a domain the sender may use). */
function domainOf(from: string): string {
  const [first] = addressparser(from, { flatten: true });
  return first?.address?.split('@')[1] || 'localhost';
}
