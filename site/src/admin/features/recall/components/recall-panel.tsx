import { MailOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../../../../shared/domain/dates';
import { whatsAppLink, whatsAppRecallText } from '../../../../../../shared/emails/whatsapp';
import type { RecallItem, RecallState } from '../../../../../../shared/schemas/recall';
import { ErrorState } from '../../../components/list-states';
import { useToast } from '../../../components/toasts';
import { useCan } from '../../../session/use-can';
import { usePlatform } from '../../../platform/platform-context';
import { useRecallAction, useRecallList } from '../api/recall';
import { formatPhone } from '../../../../../../shared/domain/phone';

// PAT-6: patients due for a check-up (due, overdue, contacted), each with a recall email and a WhatsApp link.

const stateTag: Record<RecallState, { label: string; tone: string }> = {
  due: { label: 'Due', tone: 'is-due' },
  overdue: { label: 'Overdue', tone: 'is-late' },
  contacted: { label: 'Contacted', tone: 'is-done' },
};

function RecallRow({ item }: { item: RecallItem }) {
  const platform = usePlatform();
  const toast = useToast();
  const email = useRecallAction('email');
  const contacted = useRecallAction('contacted');
  const canWrite = useCan('patients.write');
  const name = `${item.firstName} ${item.lastName}`;
  // I18N-3: in the language of the last visit's booking, as the recall email.
  const link = whatsAppLink(item.phone, whatsAppRecallText(item.firstName, item.lastVisit, item.language));
  const tag = stateTag[item.state];
  return (
    <li className="list-row reminder-row">
      <div className="row-main">
        <div className="row-title-line">
          <p className="row-title">
            <Link to={`/patients/${item.patientId}`}>{name}</Link>
          </p>
          <span className={`state-pill ${tag.tone}`}>{tag.label}</span>
        </div>
        <p className="row-meta">
          <span>Last visit {formatDate(item.lastVisit)}</span>
          <span>{formatPhone(item.phone)}</span>
        </p>
      </div>
      {canWrite && (
        <div className="row-actions">
          {/* PAT-19: the recall email is offered only to a patient with an address. */}
          {item.email && (
            <Button
              icon={<MailOutlined aria-hidden="true" />}
              disabled={email.isPending}
              aria-label={`Email ${name} a check-up reminder`}
              onClick={() =>
                email.mutate(item.patientId, {
                  onSuccess: () => toast.success('Recall email sent', `${name} is emailed a link to book a check-up.`),
                  onError: (err) => toast.failure('Error sending recall email', err),
                })
              }
            >
              Email
            </Button>
          )}
          <Button
            icon={<WhatsAppOutlined aria-hidden="true" />}
            disabled={!link}
            title={link ? undefined : 'No mobile number to message'}
            aria-label={`Send ${name} a WhatsApp check-up reminder`}
            onClick={() => {
              if (!link) return;
              platform.openExternal(link);
              contacted.mutate(item.patientId);
            }}
          >
            WhatsApp
          </Button>
        </div>
      )}
    </li>
  );
}

export function RecallPanel() {
  const recall = useRecallList();
  return (
    <section className="panel" aria-labelledby="recall-heading">
      <div className="panel-heading">
        <h2 id="recall-heading">Recall</h2>
      </div>
      {recall.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : recall.isError ? (
        <ErrorState text="Unable to load the recall list." />
      ) : recall.data.items.length === 0 ? (
        <p className="muted">Nobody is due for a check-up.</p>
      ) : (
        <>
          <p className="muted small">Patients whose last visit was {recall.data.months} months ago or more, with nothing booked.</p>
          <ol className="row-list" aria-label="Patients due for a check-up">
            {recall.data.items.map((item) => (
              <RecallRow key={item.patientId} item={item} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
