import type { Database } from '../db/knex';
import type { Deps } from '../deps';
import { dailyBackup } from '../platform/backups/backups';
import { purgeSentEmails } from '../platform/mail/outbox-retention';
import { sendDueReminders } from '../services/appointments/reminders';
import { sendDueReviewRequests } from '../services/content/reviews';
import type { ScheduledTask } from '../platform/scheduler';

const BACKUP_NOT_BEFORE_UPTIME_S = 10 * 60;

/** The product's scheduled work (OPS-15); docs/scheduling.md lists it. */
export function productTasks(deps: Pick<Deps, 'knex' | 'config' | 'logger' | 'nudgeOutbox' | 'storage'>, database?: Database): ScheduledTask[] {
  return [
    // OPS-13: a backup a day, the newest BACKUP_KEEP kept. Looked at hourly; taken when the newest is 20 hours
    // old, so a clinic computer switched off at night still gets its daily copy during the day. Never in a
    // process's first ten minutes: a start is busy enough, and a server that lives minutes (a try-out, the
    // tests) takes none. Only where the server holds the database (a test's scheduler has none).
    ...(database
      ? [
          {
            name: 'daily-backup',
            everyMs: 60 * 60_000,
            run: async (now: Date) => {
              if (process.uptime() < BACKUP_NOT_BEFORE_UPTIME_S) return;
              const { config } = deps;
              const done = await dailyBackup(database, { backupDir: config.backupDir, databaseUrl: config.databaseUrl, keep: config.backupKeep, storage: deps.storage }, now);
              if (done.file) deps.logger.info('backup_taken', { file: done.file, removed: done.removed.length });
            },
          },
        ]
      : []),
    // MAIL-9: every minute, so a reminder leaves within a minute of its lead time.
    { name: 'appointment-reminders', everyMs: 60_000, run: (now) => sendDueReminders(deps, now) },
    // REV-1: every five minutes, so a review request leaves within minutes of its delay after completion.
    { name: 'review-requests', everyMs: 5 * 60_000, run: (now) => sendDueReviewRequests(deps, now) },
    // MAIL-11: blank sent emails past the retention period, hourly.
    {
      name: 'purge-sent-emails',
      everyMs: 60 * 60_000,
      run: async (now) => {
        const purged = await purgeSentEmails(deps.knex, { retentionDays: deps.config.emailRetentionDays, now });
        if (purged > 0) deps.logger.info('emails_purged', { count: purged, retentionDays: deps.config.emailRetentionDays });
      },
    },
  ];
}
