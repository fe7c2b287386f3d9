import { zodResolver } from '@hookform/resolvers/zod';
import { Input } from 'antd';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { clinicToday, isValidDateString } from '../../../../../../shared/domain/clinic-time';
import { followUpEmail } from '../../../../../../shared/emails/follow-up';
import { followUpSchema, type Appointment, type FollowUp, type FollowUpInput } from '../../../../../../shared/schemas/appointment';
import { Field, fieldAria } from '../../../components/field';
import { FormDialog } from '../../../components/form-dialog';
import { applyServerFieldErrors } from '../../../components/server-errors';
import { useToast } from '../../../components/use-toast';
import { useSendFollowUp } from '../api/send-follow-up';

/** yyyy-MM-dd plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + days));
  return next.toISOString().slice(0, 10);
}

// SPEC 2/4/5/9: "Send Follow-up Appointment Email" for a completed appointment: a date (past dates, and
// today, cannot be chosen: the follow-up must be in the future), an optional message, and a live preview
// rendered by followUpEmail, the function the server sends with. The date goes as yyyy-MM-dd, a calendar
// day at the clinic, so the preview and the email show the same date.
export function FollowUpDialog({ appointment, onClose }: { appointment: Appointment | null; onClose: () => void }) {
  const toast = useToast();
  const send = useSendFollowUp();
  const form = useForm<FollowUpInput, unknown, FollowUp>({
    resolver: zodResolver(followUpSchema),
    defaultValues: { followUpDate: '', customMessage: '' },
  });
  const { errors } = form.formState;
  const [followUpDate, customMessage] = useWatch({ control: form.control, name: ['followUpDate', 'customMessage'] });
  const minDate = addDays(clinicToday(), 1);

  useEffect(() => {
    if (appointment) form.reset({ followUpDate: '', customMessage: '' });
  }, [appointment, form]);

  const preview = useMemo(() => {
    if (!appointment || !followUpDate || !isValidDateString(followUpDate)) return null;
    return followUpEmail({ appointment, followUpDate, customMessage: customMessage ?? '' });
  }, [appointment, followUpDate, customMessage]);

  const onSubmit = form.handleSubmit((values) => {
    if (!appointment) return;
    send.mutate(
      { id: appointment.id, ...values },
      {
        onSuccess: () => {
          toast.success('Follow-up email sent', `A follow-up email has been sent to ${appointment.firstName} ${appointment.lastName}.`);
          onClose();
        },
        onError: (err) => {
          applyServerFieldErrors(err, form.setError, ['followUpDate', 'customMessage']);
          toast.failure('Error sending follow-up email', err);
        },
      },
    );
  });

  return (
    <FormDialog
      open={appointment !== null}
      title="Send Follow-up Appointment Email"
      formId="follow-up-form"
      submitLabel="Send Follow-up Email"
      pending={send.isPending}
      width={720}
      onCancel={onClose}
    >
      {appointment && (
        <form id="follow-up-form" onSubmit={onSubmit} noValidate className="follow-up-form">
          <p className="muted">
            To {appointment.firstName} {appointment.lastName} &lt;{appointment.email}&gt;
          </p>
          <Field id="follow-up-date" label="Follow-up Date" error={errors.followUpDate?.message} required hint="Choose a date from tomorrow on.">
            <Controller
              control={form.control}
              name="followUpDate"
              render={({ field }) => (
                <Input
                  {...field}
                  value={field.value ?? ''}
                  {...fieldAria('follow-up-date', errors.followUpDate?.message, true)}
                  type="date"
                  min={minDate}
                />
              )}
            />
          </Field>
          <Field id="follow-up-message" label="Custom Message (optional)" error={errors.customMessage?.message}>
            <Controller
              control={form.control}
              name="customMessage"
              render={({ field }) => (
                <Input.TextArea
                  {...field}
                  value={field.value ?? ''}
                  {...fieldAria('follow-up-message', errors.customMessage?.message)}
                  rows={3}
                  placeholder="e.g. Please bring your previous X-rays."
                />
              )}
            />
          </Field>
          <section className="email-preview" aria-label="Email preview">
            <h3>Email Preview</h3>
            {preview ? (
              <>
                <p className="email-subject">
                  <strong>Subject:</strong> {preview.subject}
                </p>
                {/* A new frame per change: some engines keep showing the first srcdoc when only the attribute changes. */}
                <iframe key={preview.html} title="Follow-up email preview" srcDoc={preview.html} sandbox="" className="email-frame" />
              </>
            ) : (
              <p className="muted">Choose a follow-up date to see the email the patient will receive.</p>
            )}
          </section>
        </form>
      )}
    </FormDialog>
  );
}
