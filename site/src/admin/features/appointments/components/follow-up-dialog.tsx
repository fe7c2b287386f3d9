import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { clinicToday, isValidDateString } from '../../../../../../shared/domain/clinic-time';
import { followUpEmail } from '../../../../../../shared/emails/follow-up';
import { followUpDateProblem, followUpSchema, type Appointment, type FollowUpInput } from '../../../../../../shared/schemas/appointment';
import { FormDialog, useDialogForm } from '../../../components/form-dialog';
import { TextField } from '../../../components/form-fields';
import { useSendFollowUp } from '../api/send-follow-up';
import { clockNow } from '../../../../lib/clock';

/** yyyy-MM-dd plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + days));
  return next.toISOString().slice(0, 10);
}

const initialValues = (): FollowUpInput => ({ followUpDate: '', customMessage: '' });
// The schema's rules, and the one of the clock (the date is in the future), asked when the form is checked.
const resolver = zodResolver(
  followUpSchema.superRefine((input, ctx) => {
    const problem = followUpDateProblem(input.followUpDate, clockNow());
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  }),
);

// APPT-9: "Send Follow-up Appointment Email" for a completed appointment: a date (past dates, and
// today, cannot be chosen: the follow-up must be in the future), an optional message, and a live preview
// rendered by followUpEmail, the function the server sends with. The date goes as yyyy-MM-dd, a calendar
// day at the clinic, so the preview and the email show the same date.
export function FollowUpDialog({ appointment, onClose }: { appointment: Appointment | null; onClose: () => void }) {
  const send = useSendFollowUp();
  const { form, save } = useDialogForm({
    open: appointment !== null,
    item: appointment,
    initialValues,
    resolver,
    serverFields: ['followUpDate', 'customMessage'],
    onClose,
  });
  const [followUpDate, customMessage] = useWatch({ control: form.control, name: ['followUpDate', 'customMessage'] });
  const minDate = addDays(clinicToday(clockNow()), 1);

  const preview = useMemo(() => {
    if (!appointment || !followUpDate || !isValidDateString(followUpDate)) return null;
    return followUpEmail({ appointment, followUpDate, customMessage: customMessage ?? '' });
  }, [appointment, followUpDate, customMessage]);

  const onSubmit = form.handleSubmit((values) => {
    if (!appointment) return;
    save(send, { id: appointment.id, ...values }, {
      success: () => ['Follow-up email sent', `A follow-up email has been sent to ${appointment.firstName} ${appointment.lastName}.`],
      failure: 'Error sending follow-up email',
    });
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
          <TextField
            control={form.control}
            name="followUpDate"
            id="follow-up-date"
            label="Follow-up Date"
            required
            hint="Choose a date from tomorrow on."
            type="date"
            min={minDate}
          />
          <TextField
            control={form.control}
            name="customMessage"
            id="follow-up-message"
            label="Custom Message (optional)"
            rows={3}
            placeholder="e.g. Please bring your previous X-rays."
          />
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
