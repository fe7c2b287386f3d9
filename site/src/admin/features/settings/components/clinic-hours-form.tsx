import { SaveOutlined } from '@ant-design/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, InputNumber, Select, Skeleton, Switch } from 'antd';
import { useEffect } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { timeSlotLabel } from '../../../../../../shared/constants/booking';
import {
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

// SET-4: the clinic's opening hours per weekday, its booking slots, slot capacity, booking window,
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
const FIELDS = [
  'openingHours', 'timeSlots', 'slotCapacity', 'bookingWindowDays', 'reminderHoursBefore', 'notificationEmail',
  'reviewRequests', 'reviewRequestDelayHours', 'recallMonths',
] as const;
const HH_MM = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** A whole-number setting bound to the form: its Controller, label, hint and error in one place. */
function NumberField({
  control, name, id, label, min, max, hint, disabled, fallback,
}: {
  control: Control<ClinicSettingsInput, unknown, ClinicSettingsPayload>;
  name: 'slotCapacity' | 'bookingWindowDays' | 'reminderHoursBefore' | 'reviewRequestDelayHours' | 'recallMonths';
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
  const hours = useWatch({ control, name: 'openingHours' });
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
        <div className="hours-table">
          {weekOrder.map((day) => {
            const open = hours?.[day] != null;
            const dayError = (formState.errors.openingHours?.[day] as { message?: string } | undefined)?.message;
            return (
              <div key={day} className="hours-row">
                <span id={`hours-${day}-label`} className="field-label">
                  {dayLabels[day]}
                </span>
                <Controller
                  control={control}
                  name={`openingHours.${day}`}
                  render={({ field }) => (
                    <>
                      <Switch
                        checked={open}
                        aria-label={`Open on ${dayLabels[day]}`}
                        onChange={(checked) => field.onChange(checked ? { open: '10:00', close: '21:00' } : null)}
                      />
                      {open && field.value ? (
                        <>
                          <input
                            className="ant-input"
                            type="time"
                            aria-label={`${dayLabels[day]} opens`}
                            value={field.value.open}
                            onChange={(e) => field.onChange({ ...field.value, open: e.target.value })}
                          />
                          <input
                            className="ant-input"
                            type="time"
                            aria-label={`${dayLabels[day]} closes`}
                            value={field.value.close}
                            onChange={(e) => field.onChange({ ...field.value, close: e.target.value })}
                          />
                        </>
                      ) : (
                        <span className="muted small">Closed all day</span>
                      )}
                    </>
                  )}
                />
                {dayError && (
                  <p className="field-error span-all" role="alert">
                    {dayError}
                  </p>
                )}
              </div>
            );
          })}
        </div>
      </fieldset>

      <div className="form-grid settings-section">
        <div className="span-2">
          <Controller
            control={control}
            name="timeSlots"
            render={({ field }) => (
              <Field id="clinic-slots" label="Booking slots" error={slotsError} hint="Start times, 24-hour HH:mm (type one and press Enter). A day offers the slots inside its hours.">
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
