import { RightOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { timeSlotLabel, treatmentLabel } from '../../../../../../shared/constants/booking';
import { clinicNowTime, clinicToday } from '../../../../../../shared/domain/clinic-time';
import { formatWait, todayBoard } from '../../../../../../shared/domain/front-desk-day';
import type { Appointment } from '../../../../../../shared/schemas/appointment';
import { ErrorState } from '../../../components/list-states';
import { AppointmentAlert } from './appointment-alert';
import { AppointmentStatusBadge } from '../../../components/status-badge';
import { useClockTick } from '../../../hooks/use-clock-tick';
import { useQuery } from '@tanstack/react-query';
import { calendarQueryOptions } from '../api/get-calendar';
import { AppointmentActionButtons, fullName, useAppointmentActions } from './appointment-actions';
import '../today-board.css';
import { formatPhone } from '../../../../../../shared/domain/phone';

/** An instant as the clinic's wall-clock time: "10:02 AM". */
export const clinicTimeLabel = (iso: string) => timeSlotLabel(clinicNowTime(new Date(iso)));

function BoardRow({ a, lead, actions, showTime = true }: { a: Appointment; lead: ReactNode; actions: ReturnType<typeof useAppointmentActions>; showTime?: boolean }) {
  return (
    <li className="list-row appointment-row" data-testid="today-row">
      <div className="today-lead">{lead}</div>
      <div className="row-main">
        <div className="row-title-line">
          <p className="row-title" id={`appointment-${a.id}-name`}>
            {a.patientId ? <Link to={`/patients/${a.patientId}`}>{fullName(a)}</Link> : fullName(a)}
          </p>
          <AppointmentStatusBadge status={a.status} />
        </div>
        <p className="row-meta">
          {showTime && <span>Booked {timeSlotLabel(a.preferredTime)}</span>}
          <span>{treatmentLabel(a.treatment)}</span>
          <span>{formatPhone(a.phone)}</span>
        </p>
        <AppointmentAlert appointment={a} />
      </div>
      <div className="row-actions">
        <AppointmentActionButtons appointment={a} handlers={actions.handlers} />
      </div>
    </li>
  );
}

/**
 * ADMIN-12, DESK-14: today at the desk: who is waiting (arrived, not in the chair) in arrival order with the minutes
 * they have waited, counting up; who is in the chair; then the rest of the day by time. Each row carries the
 * day's actions (Arrived, In chair, their undo, Mark Completed, Bill this visit).
 */
export function TodayBoard({ onBill }: { onBill?: (a: Appointment) => void }) {
  const now = useClockTick(30_000);
  const today = clinicToday(now);
  // Other desks check patients in too: the board asks again every minute.
  const calendar = useQuery({ ...calendarQueryOptions(today, today), refetchInterval: 60_000 });
  const actions = useAppointmentActions({ onBill });
  const day = calendar.data?.days.find((d) => d.date === today);
  const rows = (day?.slots ?? []).flatMap((slot) => slot.appointments);
  const board = todayBoard(rows, now);
  return (
    <section className="panel today-panel" aria-labelledby="today-heading">
      <div className="panel-heading">
        <h2 id="today-heading">Today&apos;s Schedule</h2>
        <Link to="/appointments" className="view-all">
          Calendar <RightOutlined aria-hidden="true" />
        </Link>
      </div>
      {calendar.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : calendar.isError ? (
        <ErrorState text="Unable to load today's schedule." />
      ) : (
        <>
          {day?.closed && <p className="slot-closed">Closed today{day.reason ? `: ${day.reason}` : ''}</p>}
          <div className="today-group" aria-labelledby="waiting-heading">
            <h3 id="waiting-heading">
              Waiting <span className="today-count">{board.waiting.length}</span>
            </h3>
            {board.waiting.length === 0 ? (
              <p className="muted">Nobody is waiting.</p>
            ) : (
              <ol className="row-list today-list" aria-label="Waiting, first come first">
                {board.waiting.map(({ appointment: a, minutes }) => (
                  <BoardRow
                    key={a.id}
                    a={a}
                    actions={actions}
                    lead={
                      <>
                        <span className="wait-time" data-testid="wait-time">
                          {formatWait(minutes)}
                        </span>
                        <span className="muted small">since {clinicTimeLabel(a.arrivedAt!)}</span>
                      </>
                    }
                  />
                ))}
              </ol>
            )}
          </div>
          <div className="today-group" aria-labelledby="chair-heading">
            <h3 id="chair-heading">
              In the chair <span className="today-count">{board.inChair.length}</span>
            </h3>
            {board.inChair.length === 0 ? (
              <p className="muted">Nobody is in the chair.</p>
            ) : (
              <ol className="row-list today-list" aria-label="In the chair">
                {board.inChair.map(({ appointment: a, minutes }) => (
                  <BoardRow
                    key={a.id}
                    a={a}
                    actions={actions}
                    lead={
                      <>
                        <span className="chair-time">{formatWait(minutes)}</span>
                        <span className="muted small">since {clinicTimeLabel(a.inChairAt!)}</span>
                      </>
                    }
                  />
                ))}
              </ol>
            )}
          </div>
          <div className="today-group" aria-labelledby="rest-heading">
            <h3 id="rest-heading">
              Rest of the day <span className="today-count">{board.rest.length}</span>
            </h3>
            {board.rest.length === 0 ? (
              <p className="muted">{rows.length === 0 ? 'No appointments today.' : 'Nobody else today.'}</p>
            ) : (
              <ol className="row-list today-list" aria-label="The rest of the day">
                {board.rest.map((a) => (
                  <BoardRow key={a.id} a={a} actions={actions} showTime={false} lead={<span className="today-time">{timeSlotLabel(a.preferredTime)}</span>} />
                ))}
              </ol>
            )}
          </div>
        </>
      )}
      {actions.dialogs}
    </section>
  );
}
