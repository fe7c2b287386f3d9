import { zodResolver } from '@hookform/resolvers/zod';
import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, InputNumber, Select, Skeleton, Switch } from 'antd';
import { useEffect } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { timeSlotLabel } from '../../../../../../shared/constants/booking';
import type { Session } from '../../../../../../shared/domain/opening-hours';
import {
  MAX_LAST_APPOINTMENT_MINUTES_BEFORE_CLOSING,
  MAX_SESSIONS,
  clinicSettingsSchema,
  weekdays,
  type ClinicSettings,
  type ClinicSettingsInput,
  type ClinicSettingsPayload,
  type Weekday,
} from '../../../../../../shared/schemas/clinic-settings';
import { Field, fieldAria } from '../../../components/field';
import { SwitchField, TextField } from '../../../components/form-fields';
import { applyServerFieldErrors } from '../../../components/server-errors';
import { useToast } from '../../../components/toasts';
import { useClinicSettings, useUpdateClinicSettings } from '../../../api/clinic-settings';
import '../opening-hours.css';

// SET-4: the clinic's opening hours per weekday (SET-8: closed, or sessions with breaks), its booking slots, slot capacity, booking window,
// reminder lead time and notification email; review requests (REV-1) and the recall period (PAT-6). The
// public form, the availability answer, the server's rules, the scheduler and the Recall list all read what
// is saved here.

const dayLabels: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};
// Monday first, as the clinic's week reads.
const weekOrder: Weekday[] = [...weekdays.slice(1), weekdays[0]];

const resolver = zodResolver(clinicSettingsSchema);

/** A new session after the day's last one: the afternoon session of CLINIC-4, or the hour after. */
function nextSession(sessions: Session[]): Session {
  const last = sessions[sessions.length - 1];
  if (!last) return { open: '10:00', close: '14:00' };
  if (last.close <= '17:00') return { open: '17:00', close: '21:00' };
  const hour = Math.min(22, Number(last.close.slice(0, 2)) + 1);
  return { open: `${String(hour).padStart(2, '0')}:00`, close: '23:00' };
}

/** The form holds what the server sent; an older client's single object or null reads as sessions. */
function asSessions(value: unknown): Session[] {
  if (Array.isArray(value)) return value as Session[];
  if (value && typeof value === 'object') return [value as Session];
  return [];
}

/** react-hook-form puts a day's error on the day, or on a session's field inside it. */
function errorText(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as { message?: string }).message ?? (error as { root?: { message?: string } }).root?.message;
  if (own) return own;
  for (const inner of Object.values(error as Record<string, unknown>)) {
    const found = errorText(inner);
    if (found) return found;
  }
  return undefined;
}

/** SET-8: one weekday: a switch (open or closed) and its sessions, each with its opening and closing time. */
function DayHoursEditor({ day, value, onChange, error }: { day: Weekday; value: Session[]; onChange: (next: Session[]) => void; error?: string }) {
  const label = dayLabels[day];
  const open = value.length > 0;
  const change = (i: number, part: Partial<Session>) => onChange(value.map((s, j) => (j === i ? { ...s, ...part } : s)));
  return (
    <div className="opening-day" role="group" aria-labelledby={`hours-${day}-label`}>
      <div className="opening-day-head">
        <span id={`hours-${day}-label`} className="field-label">
          {label}
        </span>
        <Switch checked={open} aria-label={`Open on ${label}`} onChange={(checked) => onChange(checked ? [nextSession([])] : [])} />
        {!open && <span className="muted small">Closed all day</span>}
      </div>
      {open && (
        <ol className="opening-sessions">
          {value.map((session, i) => (
            <li key={i} className="opening-session">
              <input
                className="ant-input"
                type="time"
                aria-label={`${label} session ${i + 1} opens`}
                value={session.open}
                onChange={(e) => change(i, { open: e.target.value })}
              />
              <span aria-hidden="true">to</span>
              <input
                className="ant-input"
                type="time"
                aria-label={`${label} session ${i + 1} closes`}
                value={session.close}
                onChange={(e) => change(i, { close: e.target.value })}
              />
              {value.length > 1 && (
                <Button
                  type="text"
                  icon={<DeleteOutlined aria-hidden="true" />}
                  aria-label={`Remove ${label} session ${i + 1}`}
                  onClick={() => onChange(value.filter((_, j) => j !== i))}
                />
              )}
            </li>
          ))}
          {value.length < MAX_SESSIONS && (
            <li>
              <Button size="small" icon={<PlusOutlined aria-hidden="true" />} onClick={() => onChange([...value, nextSession(value)])}>
                Add a session on {label}
              </Button>
            </li>
          )}
        </ol>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
const FIELDS = [
  'openingHours', 'timeSlots', 'lastAppointmentMinutesBeforeClosing', 'slotCapacity', 'bookingWindowDays', 'reminderHoursBefore', 'notificationEmail',
  'reviewRequests', 'reviewRequestDelayHours', 'recallMonths',
] as const;
const HH_MM = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** A whole-number setting bound to the form: its Controller, label, hint and error in one place. */
function NumberField({
  control, name, id, label, min, max, hint, disabled, fallback,
}: {
  control: Control<ClinicSettingsInput, unknown, ClinicSettingsPayload>;
  name: 'lastAppointmentMinutesBeforeClosing' | 'slotCapacity' | 'bookingWindowDays' | 'reminderHoursBefore' | 'reviewRequestDelayHours' | 'recallMonths';
  id: string;
  label: string;
  min: number;
  max: number;
  hint?: string;
  disabled?: boolean;
  /** Shown while a setting stored by an older version lacks the field. */
  fallback?: number;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        return (
          <Field id={id} label={label} error={error} hint={hint}>
            <InputNumber {...fieldAria(id, error, Boolean(hint))} value={field.value ?? fallback} onChange={field.onChange} min={min} max={max} precision={0} disabled={disabled} style={{ width: '100%' }} />
          </Field>
        );
      }}
    />
  );
}

export function ClinicHoursForm() {
  const settings = useClinicSettings();
  const save = useUpdateClinicSettings();
  const toast = useToast();
  const form = useForm<ClinicSettingsInput, unknown, ClinicSettingsPayload>({ resolver });
  const { control, formState } = form;
  const reviewsOn = useWatch({ control, name: 'reviewRequests' }) !== false;

  useEffect(() => {
    if (settings.data) form.reset(settings.data);
  }, [settings.data, form]);

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved: ClinicSettings) => {
        form.reset(saved);
        toast.success('Clinic settings saved', 'The booking form, the calendar, reminders, review requests and the Recall list follow them now.');
      },
      onError: (err) => {
        applyServerFieldErrors(err, form.setError, FIELDS);
        toast.failure('Error saving clinic settings', err);
      },
    }),
  );

  if (settings.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (settings.isError) return <p className="inline-error">Unable to load the clinic&apos;s hours.</p>;
  const slotsError = (formState.errors.timeSlots as { message?: string } | undefined)?.message;
  const hoursError = (formState.errors.openingHours as { message?: string } | undefined)?.message;

  return (
    <form onSubmit={onSubmit} noValidate className="clinic-hours-form">
      <fieldset className="medical-fields">
        <legend>Opening hours</legend>
        {hoursError && (
          <p className="field-error" role="alert">
            {hoursError}
          </p>
        )}
        <p className="muted small opening-hint">
          A day is closed, or open in one or more sessions with a break between (for example 10:00-14:00 and
          17:00-21:00). The website, the booking form and the calendar follow these hours.
        </p>
        <div className="opening-days">
          {weekOrder.map((day) => (
            <Controller
              key={day}
              control={control}
              name={`openingHours.${day}`}
              render={({ field, fieldState }) => (
                <DayHoursEditor day={day} value={asSessions(field.value)} onChange={field.onChange} error={errorText(fieldState.error)} />
              )}
            />
          ))}
        </div>
      </fieldset>

      <div className="form-grid settings-section">
        <div className="span-2">
          <Controller
            control={control}
            name="timeSlots"
            render={({ field }) => (
              <Field id="clinic-slots" label="Booking slots" error={slotsError} hint="Start times, 24-hour HH:mm (type one and press Enter). A day offers the slots from the opening to the closing time of one of its sessions, both included.">
                <Select
                  {...fieldAria('clinic-slots', slotsError, true)}
                  mode="tags"
                  value={field.value}
                  tokenSeparators={[',', ' ']}
                  onChange={(values: string[]) => field.onChange([...new Set(values.map((v) => v.trim()).filter((v) => HH_MM.test(v)))].sort())}
                  options={(field.value ?? []).map((v) => ({ value: v, label: timeSlotLabel(v) }))}
                  style={{ width: '100%' }}
                />
              </Field>
            )}
          />
        </div>
        <div className="span-2">
          <NumberField
            control={control}
            name="lastAppointmentMinutesBeforeClosing"
            id="clinic-last-appointment"
            label="Last appointment starts (minutes before closing)"
            min={0}
            max={MAX_LAST_APPOINTMENT_MINUTES_BEFORE_CLOSING}
            fallback={0}
            hint="0: a slot at the closing time is offered (10:00 to 14:00 offers 14:00). 60: the last slot starts an hour before closing (13:00)."
          />
        </div>
        <NumberField control={control} name="slotCapacity" id="clinic-capacity" label="Patients per slot" min={1} max={50} />
        <NumberField control={control} name="bookingWindowDays" id="clinic-window" label="Booking window (days ahead)" min={1} max={365} />
        <NumberField control={control} name="reminderHoursBefore" id="clinic-reminder" label="Reminder (hours before)" min={1} max={168} />
        <TextField control={control} name="notificationEmail" id="clinic-notification-email" label="New-booking email goes to" type="email" autoComplete="off" />
      </div>

      <fieldset className="medical-fields settings-section">
        <legend>Reviews &amp; recall</legend>
        <div className="form-grid">
          <div className="span-2">
            <SwitchField
              control={control}
              name="reviewRequests"
              id="clinic-review-requests"
              label="Ask patients for a review"
              help="After a visit is marked completed, the patient gets one email with a link to rate the visit. Reviews wait for your approval."
            />
          </div>
          <NumberField
            control={control}
            name="reviewRequestDelayHours"
            id="clinic-review-delay"
            label="Review request (hours after the visit)"
            min={0}
            max={168}
            fallback={2}
            disabled={!reviewsOn}
          />
          <NumberField
            control={control}
            name="recallMonths"
            id="clinic-recall-months"
            label="Check-up recall (months after the last visit)"
            min={1}
            max={60}
            fallback={6}
            hint="Who appears on the Recall list."
          />
        </div>
      </fieldset>
      <Button type="primary" htmlType="submit" icon={<SaveOutlined aria-hidden="true" />} loading={save.isPending} disabled={!formState.isDirty}>
        {save.isPending ? 'Saving...' : 'Save Clinic Settings'}
      </Button>
    </form>
  );
}
