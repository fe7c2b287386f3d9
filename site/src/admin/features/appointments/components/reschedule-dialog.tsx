import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useWatch } from 'react-hook-form';
import { timeSlotLabel } from '../../../../../../shared/constants/booking';
import { clinicToday } from '../../../../../../shared/domain/clinic-time';
import { formatDate } from '../../../../../../shared/domain/dates';
import { rescheduleSchema, type Appointment, type RescheduleInput } from '../../../../../../shared/schemas/appointment';
import { ApiError } from '../../../../lib/api-client';
import { Field } from '../../../components/field';
import { FormDialog, useDialogForm } from '../../../components/form-dialog';
import { TextField } from '../../../components/form-fields';
import { AppointmentAlert } from './appointment-alert';
import { useRescheduleAppointment } from '../api/reschedule-appointment';
import { BookAnywayWarning } from './book-anyway-warning';
import { SlotPicker, slotProblem, useDaySlots } from './slot-picker';
import { clockNow } from '../../../../lib/clock';

const resolver = zodResolver(rescheduleSchema);
const FIELDS = ['preferredDate', 'preferredTime'] as const;

function initialValues(a: Appointment | null): RescheduleInput {
  return { preferredDate: a?.preferredDate ?? clinicToday(clockNow()), preferredTime: '', bookAnyway: false };
}

// APPT-12: move a pending or confirmed appointment to another date and slot (PATCH .../reschedule); the
// server emails the patient. A full slot is refused with the server's message unless Book anyway.
export function RescheduleDialog({ appointment, onClose }: { appointment: Appointment | null; onClose: () => void }) {
  const reschedule = useRescheduleAppointment();
  const { form, save } = useDialogForm({ open: appointment !== null, item: appointment, initialValues, resolver, serverFields: FIELDS, onClose });
  const { control } = form;
  const [date, time, bookAnyway] = useWatch({ control, name: ['preferredDate', 'preferredTime', 'bookAnyway'] });
  const { day, slots } = useDaySlots(date);
  const problem = slotProblem(date, time, day, slots);
  const err = reschedule.error;
  const refusal = err instanceof ApiError && (err.status === 409 || err.status === 400) ? err.message : null;
  const name = appointment ? `${appointment.firstName} ${appointment.lastName}` : '';

  const onSubmit = form.handleSubmit((values) => {
    if (!appointment) return;
    save(reschedule, { id: appointment.id, ...values }, {
      success: (moved) => ['Appointment rescheduled', `${name} moved to ${formatDate(moved.preferredDate)} at ${timeSlotLabel(moved.preferredTime)}. The patient has been emailed.`],
      failure: 'Error rescheduling appointment',
    });
  });

  return (
    <FormDialog
      open={appointment !== null}
      title="Reschedule Appointment"
      formId="reschedule-form"
      submitLabel={bookAnyway ? 'Move Anyway' : 'Reschedule'}
      pending={reschedule.isPending}
      width={600}
      onCancel={() => {
        reschedule.reset();
        onClose();
      }}
    >
      {appointment && (
        <form id="reschedule-form" onSubmit={onSubmit} noValidate className="form-grid">
          <div className="span-2">
            <p className="muted">
              <strong>{name}</strong> is booked for {formatDate(appointment.preferredDate)} at {timeSlotLabel(appointment.preferredTime)}.
            </p>
            <AppointmentAlert appointment={appointment} />
          </div>
          <TextField control={control} name="preferredDate" id="reschedule-date" label="New Date" required type="date" min={clinicToday(clockNow())} />
          <div className="span-2">
            <Controller
              control={control}
              name="preferredTime"
              render={({ field, fieldState }) => (
                <Field id="reschedule-time" label="New Time Slot" required error={fieldState.error?.message}>
                  <SlotPicker
                    id="reschedule-time"
                    date={date}
                    value={field.value}
                    onChange={(v) => {
                      field.onChange(v);
                      reschedule.reset();
                    }}
                    currentTime={date === appointment.preferredDate ? appointment.preferredTime : undefined}
                    invalid={Boolean(fieldState.error)}
                    describedBy={fieldState.error ? 'reschedule-time-error' : undefined}
                  />
                </Field>
              )}
            />
          </div>
          {(problem || refusal) && (
            <div className="span-2">
              <Controller
                control={control}
                name="bookAnyway"
                render={({ field }) => (
                  <BookAnywayWarning id="reschedule-book-anyway" message={refusal ?? problem?.message ?? ''} checked={Boolean(field.value)} onChange={field.onChange} />
                )}
              />
            </div>
          )}
        </form>
      )}
    </FormDialog>
  );
}
