import { DownOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';
import {
  suggestedWhatsAppKind,
  whatsAppGreeting,
  whatsAppKindLabels,
  whatsAppLink,
  whatsAppText,
  type WhatsAppAppointment,
  type WhatsAppMessageKind,
} from '../../../../../../shared/emails/whatsapp';
import type { Lang } from '../../../../../../shared/i18n/types';
import { withArticle } from '../../../../../../shared/domain/article';
import { usePlatform } from '../../../platform/platform-context';

const kinds: WhatsAppMessageKind[] = ['confirmation', 'reminder', 'follow-up'];

// APPT-15: one click opens WhatsApp (wa.me, country code 91) with the text written; the arrow offers the
// other texts. A phone that cannot be a mobile number disables it, with the reason as its title. The texts
// speak the patient's language (I18N-3).
export function WhatsAppButton({
  phone,
  name,
  appointment,
  status,
  language = 'en',
  compact,
}: {
  phone: string;
  /** The patient's full name, for the button's accessible name. */
  name: string;
  /** The appointment the texts speak of; without it the button opens a greeting. */
  appointment?: WhatsAppAppointment;
  status?: string;
  /** The language of the appointment, or of the patient's latest one; English without one. */
  language?: Lang;
  compact?: boolean;
}) {
  const platform = usePlatform();
  const open = (text: string) => {
    const link = whatsAppLink(phone, text);
    if (link) platform.openExternal(link);
  };
  const usable = whatsAppLink(phone, '') !== null;
  const label = `WhatsApp ${name}`;
  const icon = <WhatsAppOutlined aria-hidden="true" />;
  const text = <span className={compact ? 'label-wide' : undefined}>WhatsApp</span>;

  if (!appointment) {
    return (
      <Button icon={icon} aria-label={label} disabled={!usable} title={usable ? undefined : 'No mobile number to message'} onClick={() => open(whatsAppGreeting(name.split(' ')[0] ?? '', language))}>
        {text}
      </Button>
    );
  }
  const suggested = suggestedWhatsAppKind(status ?? 'pending');
  return (
    <Space.Compact className="whatsapp-button">
      <Button
        icon={icon}
        aria-label={label}
        disabled={!usable}
        title={usable ? `Send ${withArticle(whatsAppKindLabels[suggested].toLowerCase())} message on WhatsApp` : 'No mobile number to message'}
        onClick={() => open(whatsAppText(suggested, appointment, language))}
      >
        {text}
      </Button>
      <Dropdown
        disabled={!usable}
        trigger={['click']}
        menu={{
          items: kinds.map((kind) => ({ key: kind, label: `${whatsAppKindLabels[kind]} message` })),
          onClick: ({ key }) => open(whatsAppText(key as WhatsAppMessageKind, appointment, language)),
        }}
      >
        <Button icon={<DownOutlined aria-hidden="true" />} aria-label={`Other WhatsApp messages to ${name}`} disabled={!usable} />
      </Dropdown>
    </Space.Compact>
  );
}
