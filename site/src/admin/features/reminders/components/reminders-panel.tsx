import { CheckOutlined, MailOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { timeSlotLabel, treatmentLabel } from '../../../../../../shared/constants/booking';
import { formatDate } from '../../../../../../shared/domain/dates';
import { whatsAppLink, whatsAppText } from '../../../../../../shared/emails/whatsapp';
import type { ReminderItem } from '../../../../../../shared/schemas/reminder';
import { ErrorState } from '../../../components/list-states';
import { useCan } from '../../../session/use-can';
import { usePlatform } from '../../../platform/platform-context';
import { useMarkWhatsappSent, useReminders } from '../api/reminders';
import { formatPhone } from '../../../../../../shared/domain/phone';

// APPT-16: today's and tomorrow's confirmed appointments, each with its email reminder's state (MAIL-9) and
// a one-click WhatsApp reminder (wa.me, 91, prefilled in the booking's language, I18N-3); clicking it opens
// WhatsApp and marks it sent.

function ReminderRow({ item }: { item: ReminderItem }) {
  const platform = usePlatform();
  const mark = useMarkWhatsappSent();
  const canWrite = useCan('appointments.write');
  const name = `${item.firstName} ${item.lastName}`;
  const link = whatsAppLink(item.phone, whatsAppText('reminder', item, item.language));
  return (
    <li className="list-row reminder-row">
      <p className="today-time">{timeSlotLabel(item.preferredTime)}</p>
      <div className="row-main">
        <p className="row-title">{name}</p>
        <p className="row-meta">
          <span>{treatmentLabel(item.treatment)}</span>
          <span>{formatPhone(item.phone)}</span>
        </p>
        <p className="row-meta">
          {item.emailSentAt ? (
            <span className="state-pill is-done">
              <MailOutlined aria-hidden="true" /> Email reminder sent
            </span>
          ) : (
            <span className="state-pill">
              <MailOutlined aria-hidden="true" /> Email reminder not sent
            </span>
          )}
          {item.whatsappSentAt && (
            <span className="state-pill is-done">
              <CheckOutlined aria-hidden="true" /> WhatsApp sent
            </span>
          )}
        </p>
      </div>
      <div className="row-actions">
        <Button
          icon={<WhatsAppOutlined aria-hidden="true" />}
          disabled={!link}
          title={link ? undefined : 'No mobile number to message'}
          aria-label={`Send ${name} a WhatsApp reminder`}
          onClick={() => {
            if (!link) return;
            platform.openExternal(link);
            if (canWrite && !item.whatsappSentAt) mark.mutate(item.id);
          }}
        >
          {item.whatsappSentAt ? 'WhatsApp again' : 'WhatsApp reminder'}
        </Button>
      </div>
    </li>
  );
}

export function RemindersPanel() {
  const reminders = useReminders();
  const days = reminders.data ? [reminders.data.today, reminders.data.tomorrow] : [];
  return (
    <section className="panel" aria-labelledby="reminders-heading">
      <div className="panel-heading">
        <h2 id="reminders-heading">Reminders</h2>
      </div>
      {reminders.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : reminders.isError ? (
        <ErrorState text="Unable to load the reminders." />
      ) : (
        days.map((day, i) => {
          const items = reminders.data.items.filter((r) => r.preferredDate === day);
          const label = `${i === 0 ? 'Today' : 'Tomorrow'}, ${formatDate(day)}`;
          return (
            <div key={day} className="reminder-day">
              <h3 className="reminder-day-heading">{label}</h3>
              {items.length === 0 ? (
                <p className="muted">No confirmed appointments.</p>
              ) : (
                <ol className="row-list" aria-label={label}>
                  {items.map((item) => (
                    <ReminderRow key={item.id} item={item} />
                  ))}
                </ol>
              )}
            </div>
          );
        })
      )}
    </section>
  );
}
