import type { Knex } from 'knex';
import { snakeCaseMappers } from 'objection';
import type { Logger } from '../logger';
import { OutboxEmail, type Attachment } from '../models/outbox-email';
import type { Mailer, OutgoingMail } from './mailer';

export interface OutboxWorkerOptions {
  knex: Knex;
  mailer: Mailer;
  logger: Logger;
  from: string;
  /** Turns an attachment reference into bytes at send time (the invoice PDF). */
  renderAttachment?: (a: Attachment, trx: Knex) => Promise<NonNullable<OutgoingMail['attachments']>[number]>;
  pollMs?: number;
  /**
   * At most this many messages a second. Mail providers throttle senders that burst; and a burst of
   * bookings should not have the mail worker take the CPU the requests need. 0 means no limit.
   */
  maxPerSecond?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  leaseMs?: number;
}

const toCamel = snakeCaseMappers().parse;
const BATCH = 20;

/**
 * Delivers the outbox (D4): at least once, with exponential backoff and no upper limit on attempts, so an
 * SMTP outage delays mail and never loses it. A row is leased before sending, so two workers (or a tick
 * and a nudge) never send the same message; it is marked sent straight after the server accepts it.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly pollMs: number;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly leaseMs: number;

  constructor(private readonly o: OutboxWorkerOptions) {
    this.pollMs = o.pollMs ?? 5_000;
    this.retryBaseMs = o.retryBaseMs ?? 10_000;
    this.retryMaxMs = o.retryMaxMs ?? 60 * 60_000;
    this.leaseMs = o.leaseMs ?? 120_000;
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
    this.running = this.drain()
      .then(() => undefined)
      .catch((err) => this.o.logger.error('outbox_pass_failed', { error: String(err) }))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.nudge();
        }
      });
  };

  /** Sends everything due now; resolves with how many were sent. */
  async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      if (this.stopped) return sent;
      const rows = await this.claim();
      if (rows.length === 0) return sent;
      for (const row of rows) {
        await this.pace();
        if (await this.deliver(row)) sent += 1;
      }
    }
  }

  private windowStart = 0;
  private sentInWindow = 0;

  /** Waits when this second's allowance is used up. */
  private async pace(): Promise<void> {
    const limit = this.o.maxPerSecond ?? 0;
    if (limit <= 0) return;
    const now = Date.now();
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.sentInWindow = 0;
    }
    if (this.sentInWindow >= limit) {
      await new Promise((resolve) => setTimeout(resolve, this.windowStart + 1000 - now));
      this.windowStart = Date.now();
      this.sentInWindow = 0;
    }
    this.sentInWindow += 1;
  }

  /** D26: stop polling and wait for the send under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Leases up to a batch of due messages in one statement (one round trip for many sends). */
  private async claim(): Promise<OutboxEmail[]> {
    const rows = await this.o.knex.raw(
      `update email_outbox set locked_until = now() + (? * interval '1 millisecond'), attempts = attempts + 1
       where id in (
         select id from email_outbox
         where sent_at is null and next_attempt_at <= now() and (locked_until is null or locked_until < now())
         order by id limit ? for update skip locked)
       returning *`,
      [this.leaseMs, BATCH],
    );
    // Raw results bypass the camelCase mapping of the query builder.
    return (rows.rows ?? [])
      .map((raw: Record<string, unknown>) => OutboxEmail.fromDatabaseJson(toCamel(raw)))
      .sort((a: OutboxEmail, b: OutboxEmail) => a.id - b.id);
  }

  private async deliver(row: OutboxEmail): Promise<boolean> {
    const { knex, mailer, logger } = this.o;
    try {
      const attachments = await Promise.all(
        (row.attachments ?? []).map((a) => {
          if (!this.o.renderAttachment) throw new Error(`No renderer for attachment ${a.type}`);
          return this.o.renderAttachment(a, knex);
        }),
      );
      const info = await mailer.send({
        from: this.o.from,
        to: row.toAddress,
        subject: row.subject,
        html: row.html,
        text: row.textBody,
        attachments,
      });
      await OutboxEmail.query(knex)
        .findById(row.id)
        .patch({ sentAt: new Date(), lockedUntil: null, messageId: info.messageId, lastError: null });
      logger.info('email_sent', { id: row.id, kind: row.kind, attempts: row.attempts });
      return true;
    } catch (err) {
      const delay = Math.min(this.retryBaseMs * 2 ** Math.max(0, row.attempts - 1), this.retryMaxMs);
      const message = err instanceof Error ? err.message : String(err);
      await OutboxEmail.query(knex)
        .findById(row.id)
        .patch({ lockedUntil: null, nextAttemptAt: new Date(Date.now() + delay), lastError: message.slice(0, 500) });
      logger.error('email_failed', { id: row.id, kind: row.kind, attempts: row.attempts, retryInMs: delay, error: message });
      return false;
    }
  }
}
