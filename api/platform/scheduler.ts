import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from '../logger';
import { withAuditClock } from './audit';

/** A recurring job: run about every `everyMs`, once across all processes (OPS-15, MAIL-10). */
export interface ScheduledTask {
  name: string;
  everyMs: number;
  /**
   * Does the work due at `now`. Must be idempotent: the work itself records what it did (e.g. a reminder's
   * reminder_sent_at in the transaction that queues it), so a run repeated after a crash does nothing twice.
   */
  run(now: Date): Promise<unknown>;
}

export interface SchedulerOptions {
  knex: Knex;
  logger: Logger;
  tasks: ScheduledTask[];
  /** The clock (deps.now): tests move it and call runDue(). */
  now: () => Date;
  /** How often this process looks for due tasks; default 30 s. */
  tickMs?: number;
  /** How long a claim holds a task; a crashed process's task is taken over after it. Default 5 min. */
  leaseMs?: number;
}

/**
 * OPS-15: the scheduler (docs/scheduling.md explains why this and not pg-boss). Every task has one row in
 * scheduled_tasks; a process runs a task only after claiming its row with one conditional UPDATE (due and
 * not leased by another live process), so two processes never run it together. The next run time lives
 * in the row: a restart keeps it, and a task due while every server was down runs once at the first tick
 * after one is back. Times are the app's clock (deps.now), passed as parameters, so tests move them.
 */
export class Scheduler {
  readonly id = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private readonly tickMs: number;
  private readonly leaseMs: number;

  constructor(private readonly o: SchedulerOptions) {
    this.tickMs = o.tickMs ?? 30_000;
    this.leaseMs = o.leaseMs ?? 5 * 60_000;
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.tick(), this.tickMs);
    this.timer.unref();
    this.tick();
  }

  /** OPS-12: no new runs; waits for the one under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private tick(): void {
    if (this.stopped || this.running) return;
    this.running = this.runDue()
      .then(() => undefined)
      .catch((err) => this.o.logger.error('scheduler_tick_failed', { error: String(err) }))
      .finally(() => {
        this.running = null;
      });
  }

  /** Runs every task due now that no other process holds; answers the names run. */
  async runDue(): Promise<string[]> {
    const ran: string[] = [];
    const now = this.o.now();
    await this.register(now);
    for (const task of this.o.tasks) {
      if (!(await this.claim(task, now))) continue;
      try {
        // CLINIC-12: what the task audits is stamped by the same clock.
        await withAuditClock(this.o.now, () => task.run(now));
        await this.finish(task, now, null);
        ran.push(task.name);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        this.o.logger.error('scheduled_task_failed', { task: task.name, error: message });
        await this.finish(task, now, message).catch(() => undefined);
      }
    }
    return ran;
  }

  /** A new task is due at once. */
  private async register(now: Date): Promise<void> {
    await this.o.knex.raw(
      `insert into scheduled_tasks (name, next_run_at) select unnest(?::text[]), ?::timestamptz on conflict (name) do nothing`,
      [this.o.tasks.map((t) => t.name), now.toISOString()],
    );
  }

  private async claim(task: ScheduledTask, now: Date): Promise<boolean> {
    const { rows } = await this.o.knex.raw<{ rows: unknown[] }>(
      `update scheduled_tasks set locked_until = ?::timestamptz, locked_by = ?
       where name = ? and next_run_at <= ?::timestamptz and (locked_until is null or locked_until < ?::timestamptz)
       returning name`,
      [new Date(now.getTime() + this.leaseMs).toISOString(), this.id, task.name, now.toISOString(), now.toISOString()],
    );
    return rows.length === 1;
  }

  /** The next run is a period after this one; after a failure, a minute (or the period, if shorter). */
  private async finish(task: ScheduledTask, now: Date, error: string | null): Promise<void> {
    const wait = error ? Math.min(task.everyMs, 60_000) : task.everyMs;
    await this.o.knex('scheduled_tasks')
      .where({ name: task.name, lockedBy: this.id })
      .update({
        nextRunAt: new Date(now.getTime() + wait),
        ...(error ? {} : { lastRunAt: now }),
        lastError: error ? error.slice(0, 500) : null,
        lockedUntil: null,
        lockedBy: null,
      });
  }
}
