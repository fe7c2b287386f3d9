import {
  CalendarOutlined,
  FileAddOutlined,
  FileTextOutlined,
  LoginOutlined,
  RollbackOutlined,
  UserOutlined,
  CheckCircleOutlined,
  CheckOutlined,
  CloseCircleOutlined,
  DeleteOutlined,
  SendOutlined,
  StopOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import { memo, useCallback, useMemo, useState, type ReactNode } from 'react';
import { timeSlotLabel, type AppointmentStatus } from '../../../../../../shared/constants/booking';
import { formatDate } from '../../../../../../shared/domain/dates';
import { clinicNowTime, clinicToday, isSlotPassed, isValidDateString } from '../../../../../../shared/domain/clinic-time';
import { RouterButtonLink } from '../../../components/router-button-link';
import { useCheckIn, type CheckInChange } from '../api/check-in';
import type { Appointment } from '../../../../../../shared/schemas/appointment';
import { ConfirmDialog, useConfirmAction } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toasts';
import { useApproveRequest } from '../api/approve-request';
import { useCancelAppointment } from '../api/cancel-appointment';
import { useDeleteAppointment } from '../api/delete-appointment';
import { useUpdateAppointmentStatus } from '../api/update-appointment-status';
import { FollowUpDialog } from './follow-up-dialog';
import { RescheduleDialog } from './reschedule-dialog';
import { WhatsAppButton } from './whatsapp-button';
import { clockNow } from '../../../../lib/clock';
import { useCan } from '../../../session/use-can';

// What can be done to one appointment, wherever it shows (the grouped list, the Day and Week views, the
// dashboard's today, a patient's history): APPT-3's Approve / Mark Completed / Cancel / Follow-up, and the
// front desk's Reschedule (APPT-12), No-show (APPT-13) and WhatsApp (APPT-15). One controller per screen holds
// the dialogs; the buttons call it.

export function fullName(a: Pick<Appointment, 'firstName' | 'lastName'>): string {
  return `${a.firstName} ${a.lastName}`;
}

export function when(a: Pick<Appointment, 'preferredDate' | 'preferredTime'>): string {
  const date = isValidDateString(a.preferredDate) ? formatDate(a.preferredDate) : a.preferredDate;
  return `${date} at ${timeSlotLabel(a.preferredTime)}`;
}

/** APPT-13: a confirmed appointment whose time has passed at the clinic. */
export function canMarkNoShow(a: Pick<Appointment, 'status' | 'preferredDate' | 'preferredTime'>): boolean {
  return a.status.toLowerCase() === 'confirmed' && isValidDateString(a.preferredDate) && isSlotPassed(a.preferredDate, a.preferredTime, clockNow());
}

export function canReschedule(a: Pick<Appointment, 'status'>): boolean {
  const s = a.status.toLowerCase();
  return s === 'pending' || s === 'confirmed';
}

/** ADMIN-21: the status changes that cannot be taken back, each confirmed first. */
const FINAL_STATUSES: readonly AppointmentStatus[] = ['completed', 'no-show'];
interface FinalChange {
  appointment: Appointment;
  status: AppointmentStatus;
}

export interface AppointmentHandlers {
  onStatus: (a: Appointment, status: AppointmentStatus) => void;
  onCancel: (a: Appointment) => void;
  onDelete: (a: Appointment) => void;
  onFollowUp: (a: Appointment) => void;
  onReschedule: (a: Appointment) => void;
  /** BOOK-15: move it to the time the visitor asked for. */
  onApproveRequest: (a: Appointment) => void;
  /** DESK-10 to DESK-12: arrived, in the chair, and their undo. */
  onCheckIn: (a: Appointment, step: CheckInChange['step'], undo: boolean) => void;
  /** DESK-15: "Bill this visit", when the page that shows the row can open the invoice dialog. */
  onBill?: (a: Appointment) => void;
  busyId: number | null;
}

/** DESK-10: a pending or confirmed appointment of today (the clinic's date) that has not arrived. */
export function canArrive(a: Pick<Appointment, 'status' | 'preferredDate' | 'arrivedAt'>): boolean {
  return canReschedule(a) && !a.arrivedAt && a.preferredDate === clinicToday(clockNow());
}

/** DESK-10, DESK-11: "Arrived 10:02 AM" or "In chair since 10:17 AM" while the visit is open. */
export function CheckInBadge({ appointment: a }: { appointment: Appointment }) {
  if (a.status.toLowerCase() !== 'confirmed' || !a.arrivedAt) return null;
  const at = (iso: string) => timeSlotLabel(clinicNowTime(new Date(iso)));
  return a.inChairAt ? (
    <span className="badge badge-blue check-in-badge">In chair since {at(a.inChairAt)}</span>
  ) : (
    <span className="badge badge-amber check-in-badge">Arrived {at(a.arrivedAt)}</span>
  );
}

export function useAppointmentActions(options: { onBill?: (a: Appointment) => void } = {}): { handlers: AppointmentHandlers; dialogs: ReactNode } {
  const { onBill } = options;
  const toast = useToast();
  const [followUp, setFollowUp] = useState<Appointment | null>(null);
  const [moving, setMoving] = useState<Appointment | null>(null);
  const updateStatus = useUpdateAppointmentStatus();
  const cancel = useConfirmAction({
    mutation: useCancelAppointment(),
    variables: (a: Appointment) => a.id,
    success: () => ['Appointment cancelled', 'The appointment has been cancelled and a notification sent to patient.'],
    failure: 'Error cancelling appointment',
  });
  const remove = useConfirmAction({
    mutation: useDeleteAppointment(),
    variables: (a: Appointment) => a.id,
    success: () => ['Appointment deleted', 'The appointment has been permanently deleted.'],
    failure: 'Error deleting appointment',
  });
  // ADMIN-21: a change no one can take back (completed and no-show are final, APPT-3) asks first.
  const final = useConfirmAction({
    mutation: updateStatus,
    variables: ({ appointment, status }: FinalChange) => ({ id: appointment.id, status }),
    success: ({ status }) => ['Status updated', `Appointment status changed to ${status}.`],
    failure: 'Error updating status',
  });
  const mutateStatus = updateStatus.mutate;
  const askFinal = final.ask;
  const onStatus = useCallback(
    (a: Appointment, next: AppointmentStatus) =>
      FINAL_STATUSES.includes(next) ? askFinal({ appointment: a, status: next }) : mutateStatus(
        { id: a.id, status: next },
        {
          onSuccess: () => toast.success('Status updated', `Appointment status changed to ${next}.`),
          onError: (err) => toast.failure('Error updating status', err),
        },
      ),
    [mutateStatus, askFinal, toast],
  );
  const approve = useApproveRequest();
  const mutateApprove = approve.mutate;
  const onApproveRequest = useCallback(
    (a: Appointment) =>
      mutateApprove(a.id, {
        onSuccess: () => toast.success('Appointment moved', 'The appointment is moved to the requested time and the patient is emailed.'),
        onError: (err) => toast.failure('Error moving appointment', err),
      }),
    [mutateApprove, toast],
  );
  const checkIn = useCheckIn();
  const mutateCheckIn = checkIn.mutate;
  const onCheckIn = useCallback(
    (a: Appointment, step: CheckInChange['step'], undo: boolean) =>
      mutateCheckIn(
        { id: a.id, step, undo },
        {
          onSuccess: () =>
            toast.success(
              undo ? 'Undone' : step === 'arrived' ? 'Patient arrived' : 'Patient in the chair',
              undo
                ? `${fullName(a)} is ${step === 'arrived' ? 'no longer marked arrived' : 'back in the waiting list'}.`
                : step === 'arrived'
                  ? `${fullName(a)} is waiting.`
                  : `${fullName(a)} is in the chair.`,
            ),
          onError: (err) => toast.failure('Could not update the check-in', err),
        },
      ),
    [mutateCheckIn, toast],
  );
  const busyId = updateStatus.isPending
    ? (updateStatus.variables?.id ?? null)
    : approve.isPending
      ? (approve.variables ?? null)
      : checkIn.isPending
        ? (checkIn.variables?.id ?? null)
        : null;
  const handlers = useMemo(
    () => ({ onStatus, onCancel: cancel.ask, onDelete: remove.ask, onFollowUp: setFollowUp, onReschedule: setMoving, onApproveRequest, onCheckIn, onBill, busyId }),
    [onStatus, cancel.ask, remove.ask, onApproveRequest, onCheckIn, onBill, busyId],
  );

  const dialogs = (
    <>
      <ConfirmDialog {...cancel.dialogProps} title="Cancel appointment?" confirmLabel="Cancel Appointment" cancelLabel="Keep Appointment">
        {cancel.item && (
          <p>
            Cancel <strong>{fullName(cancel.item)}</strong>&apos;s appointment on {when(cancel.item)}? The patient will be notified by email.
          </p>
        )}
      </ConfirmDialog>
      <ConfirmDialog {...remove.dialogProps} title="Delete appointment permanently?" confirmLabel="Delete Permanently" cancelLabel="Cancel">
        {remove.item && (
          <p>
            <strong>{fullName(remove.item)}</strong>&apos;s appointment on {when(remove.item)} will be permanently deleted. This cannot be undone, and the
            patient will not be notified.
          </p>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        {...final.dialogProps}
        title={final.item?.status === 'no-show' ? 'Mark as no-show?' : 'Mark as completed?'}
        confirmLabel={final.item?.status === 'no-show' ? 'Mark No-show' : 'Mark Completed'}
        cancelLabel="Go Back"
        danger={final.item?.status === 'no-show'}
      >
        {final.item && (
          <p>
            {final.item.status === 'no-show' ? 'Mark' : 'Mark the visit of'} <strong>{fullName(final.item.appointment)}</strong> on {when(final.item.appointment)}{' '}
            {final.item.status === 'no-show' ? 'as a no-show' : 'as completed'}? This cannot be changed afterwards.
          </p>
        )}
      </ConfirmDialog>
      <FollowUpDialog appointment={followUp} onClose={() => setFollowUp(null)} />
      <RescheduleDialog appointment={moving} onClose={() => setMoving(null)} />
    </>
  );
  return { handlers, dialogs };
}

/** The buttons for one appointment. `withDelete` for the full list only; `compact` hides labels on phones. */
export const AppointmentActionButtons = memo(function AppointmentActionButtons({
  appointment: a,
  handlers,
  withDelete = false,
}: {
  appointment: Appointment;
  handlers: AppointmentHandlers;
  withDelete?: boolean;
}) {
  const status = a.status.toLowerCase();
  const name = fullName(a);
  const busy = handlers.busyId === a.id;
  const nameId = `appointment-${a.id}-name`;
  // AUTH-16: a role that may not change appointments (a dentist) sees none of the buttons that would.
  const canWrite = useCan('appointments.write');
  if (!canWrite) return <WhatsAppButton phone={a.phone} name={name} appointment={a} status={a.status} language={a.language} compact />;
  return (
    <>
      {a.requested && canReschedule(a) && (
        <Button
          type="primary"
          icon={<SwapOutlined aria-hidden="true" />}
          disabled={busy}
          onClick={() => handlers.onApproveRequest(a)}
          aria-label={`Approve new time: ${when({ preferredDate: a.requested.date, preferredTime: a.requested.time })}, ${name}'s request to move`}
        >
          Approve new time: {when({ preferredDate: a.requested.date, preferredTime: a.requested.time })}
        </Button>
      )}
      {canArrive(a) && (
        <Button type="primary" icon={<LoginOutlined aria-hidden="true" />} disabled={busy} onClick={() => handlers.onCheckIn(a, 'arrived', false)} aria-describedby={nameId}>
          Arrived
        </Button>
      )}
      {status === 'confirmed' && a.arrivedAt && !a.inChairAt && (
        <>
          <Button type="primary" icon={<UserOutlined aria-hidden="true" />} disabled={busy} onClick={() => handlers.onCheckIn(a, 'in-chair', false)} aria-describedby={nameId}>
            In chair
          </Button>
          <Button icon={<RollbackOutlined aria-hidden="true" />} disabled={busy} onClick={() => handlers.onCheckIn(a, 'arrived', true)} aria-label={`Undo arrived: ${name}`}>
            <span className="label-wide">Undo arrived</span>
          </Button>
        </>
      )}
      {status === 'confirmed' && a.inChairAt && (
        <Button icon={<RollbackOutlined aria-hidden="true" />} disabled={busy} onClick={() => handlers.onCheckIn(a, 'in-chair', true)} aria-label={`Undo in chair: ${name}`}>
          <span className="label-wide">Undo in chair</span>
        </Button>
      )}
      {status === 'completed' && handlers.onBill && !a.invoiceId && (
        <Button type="primary" icon={<FileAddOutlined aria-hidden="true" />} onClick={() => handlers.onBill?.(a)} aria-describedby={nameId}>
          Bill this visit
        </Button>
      )}
      {status === 'completed' && a.invoiceId && (
        <RouterButtonLink icon={<FileTextOutlined aria-hidden="true" />} to={`/invoices/${a.invoiceId}/print`} aria-label={`Billed: view the invoice of ${name}'s visit`}>
          Billed
        </RouterButtonLink>
      )}
      {status === 'completed' && handlers.onBill && a.invoiceId && (
        <Button icon={<FileAddOutlined aria-hidden="true" />} onClick={() => handlers.onBill?.(a)} aria-label={`Bill again: ${name}'s visit`}>
          <span className="label-wide">Bill again</span>
        </Button>
      )}
      {status === 'pending' && (
        <Button type="primary" icon={<CheckOutlined aria-hidden="true" />} disabled={busy} onClick={() => handlers.onStatus(a, 'confirmed')} aria-label={`Approve ${name}'s appointment`}>
          Approve
        </Button>
      )}
      {status === 'confirmed' && (
        // Named by its words (WCAG 2.5.3); the row's patient is its description.
        <Button type="primary" icon={<CheckCircleOutlined aria-hidden="true" />} disabled={busy} onClick={() => handlers.onStatus(a, 'completed')} aria-describedby={nameId}>
          Mark Completed
        </Button>
      )}
      {canMarkNoShow(a) && (
        <Button icon={<StopOutlined aria-hidden="true" />} disabled={busy} onClick={() => handlers.onStatus(a, 'no-show')} aria-label={`Mark ${name} as no-show`}>
          No-show
        </Button>
      )}
      {/* PAT-19: a follow-up is an email, offered only when the appointment has an address. */}
      {status === 'completed' && a.email && (
        <Button icon={<SendOutlined aria-hidden="true" />} onClick={() => handlers.onFollowUp(a)} aria-label={`Send follow-up to ${name}`}>
          Send Follow-up
        </Button>
      )}
      {canReschedule(a) && (
        <Button icon={<CalendarOutlined aria-hidden="true" />} onClick={() => handlers.onReschedule(a)} aria-label={`Reschedule ${name}'s appointment`}>
          Reschedule
        </Button>
      )}
      <WhatsAppButton phone={a.phone} name={name} appointment={a} status={a.status} language={a.language} compact />
      {(status === 'pending' || status === 'confirmed') && (
        <Button icon={<CloseCircleOutlined aria-hidden="true" />} disabled={busy} onClick={() => handlers.onCancel(a)} aria-label={`Cancel ${name}'s appointment`}>
          Cancel
        </Button>
      )}
      {withDelete && (
        <Button danger icon={<DeleteOutlined aria-hidden="true" />} onClick={() => handlers.onDelete(a)} aria-label={`Delete ${name}'s appointment`}>
          <span className="label-wide">Delete</span>
        </Button>
      )}
    </>
  );
});
