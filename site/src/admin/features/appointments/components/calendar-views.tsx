import { ClockCircleOutlined, DragOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useState, type DragEvent } from 'react';
import { timeSlotLabel } from '../../../../../../shared/constants/booking';
import { addDays, clinicToday, isSlotPassed } from '../../../../../../shared/domain/clinic-time';
import { formatDayDate, formatDate } from '../../../../../../shared/domain/dates';
import type { Appointment, CalendarDay, CalendarSlot } from '../../../../../../shared/schemas/appointment';
import { ErrorState } from '../../../components/list-states';
import { AppointmentStatusBadge } from '../../../components/status-badge';
import { useToast } from '../../../components/toasts';
import { useCalendar } from '../api/get-calendar';
import { useRescheduleAppointment } from '../api/reschedule-appointment';
import { canReschedule, fullName, type AppointmentHandlers } from './appointment-actions';
import { AppointmentRow } from './appointment-row';
import { clockNow } from '../../../../lib/clock';
import { AppointmentAlert } from './appointment-alert';

// APPT-14: the Day view (the day's slots down the page, each with its places used and its appointments)
// and the Week view (seven days side by side from 1100 px, stacked below), beside the grouped list.
// Moving in the Week view (APPT-12): "Move" on an appointment, then "Move here" on a slot (keyboard and
// touch), or drag and drop with a mouse; both call PATCH .../reschedule and show the server's refusal.

function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The Monday on or before a date. */
export function weekStart(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

/** UI-6: 'Mon, 23 Nov', a day of the week on screen. */
const shortDate = (date: string) => formatDayDate(date);

function usedText(slot: CalendarSlot): string {
  return slot.capacity > 0 ? `${slot.booked} of ${slot.capacity} booked` : `${slot.booked} booked (not a regular slot)`;
}

function slotTone(slot: CalendarSlot): string {
  if (slot.capacity === 0 || slot.booked > slot.capacity) return 'badge-red';
  if (slot.booked === slot.capacity) return 'badge-amber';
  return slot.booked > 0 ? 'badge-blue' : 'badge-grey';
}

function DateNav({ label, onPrev, onToday, onNext, date, onDate, unit }: { label: string; onPrev: () => void; onToday: () => void; onNext: () => void; date: string; onDate: (d: string) => void; unit: 'day' | 'week' }) {
  return (
    <div className="calendar-nav">
      <Button icon={<LeftOutlined aria-hidden="true" />} aria-label={`Previous ${unit}`} onClick={onPrev} />
      <Button onClick={onToday}>Today</Button>
      <Button icon={<RightOutlined aria-hidden="true" />} aria-label={`Next ${unit}`} onClick={onNext} />
      <label htmlFor="calendar-date" className="visually-hidden">
        Go to date
      </label>
      <input id="calendar-date" className="ant-input calendar-date" type="date" value={date} onChange={(e) => e.target.value && onDate(e.target.value)} />
      <h2 className="calendar-title" aria-live="polite">
        {label}
      </h2>
    </div>
  );
}

function ClosedNote({ day }: { day: CalendarDay }) {
  if (!day.closed) return null;
  return <p className="slot-closed">Closed{day.reason ? `: ${day.reason}` : ''}</p>;
}

export function DayView({ handlers }: { handlers: AppointmentHandlers }) {
  const [date, setDate] = useState(clinicToday(clockNow()));
  const calendar = useCalendar(date, date);
  const day = calendar.data?.days.find((d) => d.date === date);
  return (
    <section className="calendar" aria-label="Day view">
      <DateNav
        unit="day"
        label={formatDate(date)}
        date={date}
        onDate={setDate}
        onPrev={() => setDate(addDays(date, -1))}
        onNext={() => setDate(addDays(date, 1))}
        onToday={() => setDate(clinicToday(clockNow()))}
      />
      {calendar.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : calendar.isError ? (
        <ErrorState text="Unable to load the day." />
      ) : !day ? null : (
        <>
          <ClosedNote day={day} />
          {day.slots.length === 0 && <p className="muted">No time slots on this day.</p>}
          <ol className="day-slots" aria-busy={calendar.isFetching}>
            {day.slots.map((slot) => (
              <li key={slot.time} className="day-slot">
                <div className="day-slot-head">
                  <h3>
                    <ClockCircleOutlined aria-hidden="true" /> {timeSlotLabel(slot.time)}
                  </h3>
                  <span className={`badge ${slotTone(slot)}`}>{usedText(slot)}</span>
                </div>
                {slot.appointments.length === 0 ? (
                  <p className="muted small">{isSlotPassed(date, slot.time, clockNow()) ? 'No one booked.' : 'Free.'}</p>
                ) : (
                  <ul className="row-list">
                    {slot.appointments.map((a) => (
                      <AppointmentRow key={a.id} appointment={a} handlers={handlers} />
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

export function WeekView({ handlers }: { handlers: AppointmentHandlers }) {
  const [start, setStart] = useState(weekStart(clinicToday(clockNow())));
  const end = addDays(start, 6);
  const calendar = useCalendar(start, end);
  const reschedule = useRescheduleAppointment();
  const toast = useToast();
  const [moving, setMoving] = useState<Appointment | null>(null);

  function moveTo(a: Appointment, date: string, time: string) {
    if (a.preferredDate === date && a.preferredTime === time) {
      setMoving(null);
      return;
    }
    reschedule.mutate(
      { id: a.id, preferredDate: date, preferredTime: time },
      {
        onSuccess: () => {
          toast.success('Appointment moved', `${fullName(a)} moved to ${shortDate(date)} at ${timeSlotLabel(time)}. The patient has been emailed.`);
          setMoving(null);
        },
        onError: (err) => toast.failure('Could not move the appointment', err),
      },
    );
  }

  function onDrop(e: DragEvent, date: string, time: string) {
    e.preventDefault();
    const id = Number(e.dataTransfer.getData('text/plain'));
    const a = calendar.data?.days.flatMap((d) => d.slots.flatMap((s) => s.appointments)).find((x) => x.id === id);
    if (a) moveTo(a, date, time);
  }

  return (
    <section className="calendar" aria-label="Week view">
      <DateNav
        unit="week"
        label={`${shortDate(start)} – ${shortDate(end)}`}
        date={start}
        onDate={(d) => setStart(weekStart(d))}
        onPrev={() => setStart(addDays(start, -7))}
        onNext={() => setStart(addDays(start, 7))}
        onToday={() => setStart(weekStart(clinicToday(clockNow())))}
      />
      {moving && (
        <div className="move-banner" role="status">
          <span>
            Moving <strong>{fullName(moving)}</strong>: choose &ldquo;Move here&rdquo; on a free slot.
          </span>
          <Button onClick={() => setMoving(null)}>Stop moving</Button>
        </div>
      )}
      {calendar.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : calendar.isError ? (
        <ErrorState text="Unable to load the week." />
      ) : (
        <div className="week-grid" aria-busy={calendar.isFetching || reschedule.isPending}>
          {calendar.data.days.map((day) => {
            const shown = moving ? day.slots : day.slots.filter((s) => s.appointments.length > 0);
            const isToday = day.date === clinicToday(clockNow());
            return (
              <section key={day.date} className={isToday ? 'week-day today' : 'week-day'} aria-labelledby={`week-${day.date}`}>
                <h3 id={`week-${day.date}`} className="week-day-head">
                  {shortDate(day.date)}
                  {isToday && <span className="badge badge-blue">Today</span>}
                </h3>
                <ClosedNote day={day} />
                {shown.length === 0 && <p className="muted small">{day.closed ? '' : 'No appointments.'}</p>}
                <ul className="week-slots">
                  {shown.map((slot) => {
                    const full = slot.capacity > 0 && slot.booked >= slot.capacity;
                    const passed = isSlotPassed(day.date, slot.time, clockNow());
                    return (
                      <li
                        key={slot.time}
                        className="week-slot"
                        onDragOver={(e) => {
                          if (!passed) e.preventDefault();
                        }}
                        onDrop={(e) => onDrop(e, day.date, slot.time)}
                      >
                        <p className="week-slot-time">
                          {timeSlotLabel(slot.time)} <span className={`badge ${slotTone(slot)}`}>{slot.capacity > 0 ? `${slot.booked}/${slot.capacity}` : slot.booked}</span>
                        </p>
                        <ul className="week-appointments">
                          {slot.appointments.map((a) => {
                            const movable = canReschedule(a);
                            return (
                              <li
                                key={a.id}
                                className={moving?.id === a.id ? 'week-appointment moving' : 'week-appointment'}
                                draggable={movable}
                                onDragStart={(e) => {
                                  e.dataTransfer.setData('text/plain', String(a.id));
                                  e.dataTransfer.effectAllowed = 'move';
                                }}
                              >
                                <span className="week-appointment-name">{fullName(a)}</span>
                                <AppointmentStatusBadge status={a.status} />
                                <AppointmentAlert appointment={a} />
                                <span className="week-appointment-actions">
                                  {movable && (
                                    <Button size="small" icon={<DragOutlined aria-hidden="true" />} aria-label={`Move ${fullName(a)}`} aria-pressed={moving?.id === a.id} onClick={() => setMoving(moving?.id === a.id ? null : a)}>
                                      Move
                                    </Button>
                                  )}
                                  {movable && (
                                    <Button size="small" onClick={() => handlers.onReschedule(a)} aria-label={`Reschedule ${fullName(a)}'s appointment`}>
                                      Reschedule
                                    </Button>
                                  )}
                                </span>
                              </li>
                            );
                          })}
                        </ul>
                        {moving && !passed && !(moving.preferredDate === day.date && moving.preferredTime === slot.time) && (
                          <Button
                            size="small"
                            type={full || day.closed ? 'default' : 'primary'}
                            className="move-here"
                            loading={reschedule.isPending && reschedule.variables?.preferredDate === day.date && reschedule.variables.preferredTime === slot.time}
                            onClick={() => moveTo(moving, day.date, slot.time)}
                            aria-label={`Move here: ${shortDate(day.date)} at ${timeSlotLabel(slot.time)}${full ? ' (full)' : ''}`}
                          >
                            Move here{full ? ' (full)' : ''}
                          </Button>
                        )}
                      </li>
                    );
                  })}
                </ul>
              </section>
            );
          })}
        </div>
      )}
    </section>
  );
}
