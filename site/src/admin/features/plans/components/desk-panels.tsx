import { WhatsAppOutlined } from '@ant-design/icons';
import { Button, DatePicker, Modal, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, formatSentenceDateTime } from '../../../../../../shared/domain/dates';
import { ErrorState } from '../../../components/list-states';
import { formatAmount } from '../../../components/amount';
import { useToast } from '../../../components/toasts';
import { usePlatform } from '../../../platform/platform-context';
import { useCan } from '../../../session/use-can';
import { useBookVisit, useFollowUps, useVisitsToBook, type VisitToBook } from '../api/plans';

// PLAN-10: accepted plans' visits to book, with their lengths; PLAN-13: proposed plans to follow up.

const TIMES = ['10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '17:00', '17:30', '18:00', '18:30', '19:00', '19:30'];

function BookDialog({ visit, onClose }: { visit: VisitToBook; onClose: () => void }) {
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState('11:00');
  const book = useBookVisit();
  const toast = useToast();
  return (
    <Modal
      open
      title={`Book visit ${visit.visit} for ${visit.patientName}`}
      okText="Book"
      okButtonProps={{ disabled: !date }}
      confirmLoading={book.isPending}
      onCancel={onClose}
      onOk={() =>
        date &&
        book.mutate(
          { visit, preferredDate: date, preferredTime: time },
          {
            onSuccess: () => {
              toast.success('Visit booked', `${visit.patientName}, ${formatSentenceDateTime(date, time)} (${visit.minutes} min).`);
              onClose();
            },
            onError: (err) => toast.failure('Error booking the visit', err),
          },
        )
      }
    >
      <p className="muted">
        {visit.title}: {visit.items.map((i) => `${i.description} ${i.teeth.join(' ')}`).join(', ')} · {visit.minutes} min
      </p>
      <div className="plan-book-fields">
        <label>
          Date <DatePicker aria-label="Visit date" format="DD/MM/YYYY" onChange={(d) => setDate(d ? d.format('YYYY-MM-DD') : null)} />
        </label>
        <label>
          Time <Select aria-label="Visit time" value={time} onChange={setTime} options={TIMES.map((t) => ({ value: t, label: t }))} style={{ width: 110 }} />
        </label>
      </div>
    </Modal>
  );
}

export function ToBookPanel() {
  const list = useVisitsToBook();
  const canBook = useCan('appointments.write');
  const [booking, setBooking] = useState<VisitToBook | null>(null);
  return (
    <section className="panel" aria-labelledby="to-book-heading">
      <div className="panel-heading">
        <h2 id="to-book-heading">To book</h2>
      </div>
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : list.isError ? (
        <ErrorState text="Unable to load the visits to book." />
      ) : list.data.length === 0 ? (
        <p className="muted">No accepted plan has a visit left to book.</p>
      ) : (
        <ol className="row-list" aria-label="Visits to book">
          {list.data.map((v) => (
            <li key={`${v.planId}-${v.visit}`} className="list-row">
              <div className="row-main">
                <p className="row-title">
                  <Link to={`/patients/${v.patientId}/plans`}>{v.patientName}</Link> · visit {v.visit}
                  {v.label ? `: ${v.label}` : ''}
                </p>
                <p className="row-meta">
                  <span>{v.minutes} min</span>
                  <span>{v.items.map((i) => `${i.description} ${i.teeth.join(' ')}`).join(', ')}</span>
                  <span>{formatAmount(v.totalAmount)}</span>
                </p>
              </div>
              {canBook && (
                <div className="row-actions">
                  <Button type="primary" aria-label={`Book visit ${v.visit} for ${v.patientName}`} onClick={() => setBooking(v)}>
                    Book
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {booking && <BookDialog visit={booking} onClose={() => setBooking(null)} />}
    </section>
  );
}

export function FollowUpPanel() {
  const list = useFollowUps();
  const platform = usePlatform();
  return (
    <section className="panel" aria-labelledby="follow-up-heading">
      <div className="panel-heading">
        <h2 id="follow-up-heading">Plans to follow up</h2>
      </div>
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : list.isError ? (
        <ErrorState text="Unable to load the plans to follow up." />
      ) : list.data.plans.length === 0 ? (
        <p className="muted">No proposed plan has waited {list.data.days} days or more.</p>
      ) : (
        <ol className="row-list" aria-label="Plans to follow up">
          {list.data.plans.map((p) => (
            <li key={p.planId} className="list-row">
              <div className="row-main">
                <p className="row-title">
                  <Link to={`/patients/${p.patientId}/plans`}>{p.patientName}</Link> · {p.title}
                </p>
                <p className="row-meta">
                  <span>Proposed {formatDate(p.proposedOn)} ({p.days} days)</span>
                  <span>from {formatAmount(p.total)}</span>
                </p>
              </div>
              <div className="row-actions">
                <Button icon={<WhatsAppOutlined aria-hidden="true" />} disabled={!p.whatsAppLink} onClick={() => p.whatsAppLink && platform.openExternal(p.whatsAppLink)}>
                  WhatsApp
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
