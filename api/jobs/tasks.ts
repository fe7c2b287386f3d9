import type { Deps } from '../deps';
import { purgeSentEmails } from '../services/outbox-retention';
import { sendDueReminders } from '../services/reminders';
import type { ScheduledTask } from './scheduler';

/** The product's scheduled work (OPS-15); docs/scheduling.md lists it. */
export function productTasks(deps: Pick<Deps, 'knex' | 'config' | 'logger' | 'nudgeOutbox'>): ScheduledTask[] {
  return [
    // MAIL-9: every minute, so a reminder leaves within a minute of its lead time.
    { name: 'appointment-reminders', everyMs: 60_000, run: (now) => sendDueReminders(deps, now) },
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
