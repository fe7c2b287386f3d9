import { Radio, Skeleton } from 'antd';
import { timeSlotLabel } from '../../../../../../shared/constants/booking';
import { isSlotPassed, isValidDateString } from '../../../../../../shared/domain/clinic-time';
import { slotsOn } from '../../../../../../shared/schemas/appointment';
import { bookingRulesOf } from '../../../../../../shared/schemas/clinic-settings';
import { useClinicSettings } from '../../../api/clinic-settings';
import { useCalendar } from '../api/get-calendar';
import { clockNow } from '../../../../lib/clock';

/** What the receptionist is warned about before booking a slot (APPT-10): the server refuses it without Book anyway. */
export interface SlotProblem {
  kind: 'closed' | 'full' | 'passed';
  message: string;
}

export interface SlotInfo {
  time: string;
  capacity: number;
  booked: number;
}

/** The day's slots as the calendar answers them; a closed day falls back to the configured slots (to book anyway). */
export function useDaySlots(date: string) {
  const valid = isValidDateString(date);
  const calendar = useCalendar(date, date, valid);
  const settings = useClinicSettings();
  const day = valid ? calendar.data?.days.find((d) => d.date === date) : undefined;
  let slots: SlotInfo[] = day?.slots.map((s) => ({ time: s.time, capacity: s.capacity, booked: s.booked })) ?? [];
  if (day && slots.length === 0 && settings.data) {
    const configured = slotsOn(date, bookingRulesOf(settings.data));
    slots = (configured.length ? configured : settings.data.timeSlots).map((time) => ({ time, capacity: settings.data.slotCapacity, booked: 0 }));
  }
  return { valid, day, slots, loading: valid && calendar.isPending, error: calendar.isError };
}

/** The problem with booking `time` on `date` (closed day, full slot, passed time), or null. */
export function slotProblem(date: string, time: string, day: { closed: boolean; reason?: string } | undefined, slots: SlotInfo[]): SlotProblem | null {
  if (!date || !time) return null;
  if (day?.closed) return { kind: 'closed', message: day.reason ?? 'The clinic is closed on this date.' };
  const slot = slots.find((s) => s.time === time);
  if (slot && slot.capacity > 0 && slot.booked >= slot.capacity) {
    return { kind: 'full', message: `${timeSlotLabel(time)} is full (${slot.booked} of ${slot.capacity} places booked).` };
  }
  if (isValidDateString(date) && isSlotPassed(date, time, clockNow())) return { kind: 'passed', message: `${timeSlotLabel(time)} has already passed.` };
  return null;
}

function placesLeft(s: SlotInfo): string {
  if (s.capacity === 0) return `${s.booked} booked`;
  const left = s.capacity - s.booked;
  return left <= 0 ? 'Full' : `${left} of ${s.capacity} left`;
}

// APPT-10: the day's slots as a radio group, each with the places left; a full or passed slot stays
// choosable (the receptionist may book anyway) but reads Full / Passed. A closed day says why.
export function SlotPicker({
  id,
  date,
  value,
  onChange,
  invalid,
  describedBy,
  currentTime,
}: {
  id: string;
  date: string;
  value: string;
  onChange: (time: string) => void;
  invalid?: boolean;
  describedBy?: string;
  /** When rescheduling on the same day: the appointment's own slot, marked "current". */
  currentTime?: string;
}) {
  const { valid, day, slots, loading, error } = useDaySlots(date);
  if (!valid) return <p className="muted small" id={id}>Choose a date to see its time slots.</p>;
  if (loading) return <div id={id}><Skeleton.Input active block /></div>;
  if (error) return <p className="inline-error" id={id}>Unable to load the day&apos;s slots.</p>;
  return (
    <div>
      {day?.closed && (
        <p className="slot-closed" role="note">
          Closed: {day.reason ?? 'the clinic is closed on this date.'}
        </p>
      )}
      <Radio.Group
        id={id}
        className="slot-picker"
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        value={value || undefined}
        onChange={(e) => onChange(String(e.target.value))}
        optionType="button"
        options={slots.map((s) => {
          const full = s.capacity > 0 && s.booked >= s.capacity;
          const passed = isSlotPassed(date, s.time, clockNow());
          const note = s.time === currentTime ? 'Current' : passed ? 'Passed' : placesLeft(s);
          return {
            value: s.time,
            label: (
              <span className={full || passed || day?.closed ? 'slot-option slot-unavailable' : 'slot-option'}>
                <span className="slot-time">{timeSlotLabel(s.time)}</span>
                <span className="slot-left">{note}</span>
              </span>
            ),
          };
        })}
      />
    </div>
  );
}
