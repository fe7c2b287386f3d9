// First: zod must be configured before the shared schemas below are built.
import './zod-setup';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import {
  BOOKING_HONEYPOT_FIELD,
  DEFAULT_BOOKING_WINDOW_DAYS,
  bookingTreatments,
  timeSlotLabel,
  timeSlots as defaultTimeSlots,
  type BookingRules,
} from '../../../../shared/constants/booking';
import { clinicToday, isValidDateString } from '../../../../shared/domain/clinic-time';
import {
  appointmentRequestSchema,
  checkBookingDate,
  checkBookingRules,
  lastBookableDate,
  slotsOn,
  type AppointmentRequest,
  type AppointmentRequestInput,
} from '../../../../shared/schemas/appointment';
import { ApiError, api } from '../../lib/api-client';
import { paths, type Availability } from '../app/data';
import { useQuery, useQueryCache } from '../app/query';
import { ClosureNotice } from '../components/closure-notice';
import { Field, fieldId, useSay, type FieldKit } from '../components/form-field';
import { useToast } from '../components/toast';
import { fmt, useI18n } from '../app/i18n';
import { clockNow } from '../../lib/clock';

// The one booking form (BOOK-1 to BOOK-10; CLINIC-3), in every dialog and on /contact: the shared
// schema's messages, today up to the booking window's last day in Asia/Kolkata, no Sundays, and the slots
// the server says are free. The window comes with the page (GET /api/appointments/rules, embedded).

export interface BookingFormProps {
  /** Prefix of the field ids, so two forms can share a page (the contact page and the dialog). */
  idPrefix: string;
  /** A booking code to preselect (from a treatment's page). */
  defaultTreatment?: string;
  /** Called after a successful booking (the dialog closes). */
  onBooked?: () => void;
}

const schemaResolver = zodResolver(appointmentRequestSchema);
const fallbackRules: BookingRules = { windowDays: DEFAULT_BOOKING_WINDOW_DAYS };

/** A past day, a day beyond the window or a Sunday, for a well-formed date (CLINIC-3, BOOK-4); null otherwise. */
function dateProblem(date: string, rules: BookingRules): string | null {
  if (!isValidDateString(date)) return null;
  return checkBookingDate(date, clockNow(), rules)?.message ?? null;
}

/**
 * The shared schema, plus BOOK-4's rules against the clinic's clock, so the visitor hears of a Sunday or a
 * passed time here rather than from the server. The date rule is checked even while other fields are
 * still wrong, so its message never disappears when another field is corrected. The context is the
 * booking rules in force.
 */
const bookingResolver: Resolver<AppointmentRequestInput, BookingRules, AppointmentRequest> = async (values, context, options) => {
  const rules = context ?? fallbackRules;
  const result = await schemaResolver(values, context, options);
  const errors = { ...result.errors };
  const badDay = errors.preferredDate ? null : dateProblem(values.preferredDate ?? '', rules);
  if (badDay) errors.preferredDate = { type: 'rule', message: badDay };
  if (Object.keys(errors).length > 0) return { values: {}, errors };
  const problem = checkBookingRules(result.values as AppointmentRequest, clockNow(), rules);
  if (!problem) return result;
  return { values: {}, errors: { [problem.field]: { type: 'rule', message: problem.message } } };
};

export function BookingForm({ idPrefix, defaultTreatment, onBooked }: BookingFormProps) {
  const toast = useToast();
  const { lang, t } = useI18n();
  const say = useSay();
  const slotNote = { full: t.booking.fullyBooked, passed: t.booking.timePassed } as const;
  const cache = useQueryCache();
  const today = clinicToday(clockNow());
  // Embedded in every page; refetched once stale. Unreadable, the default window applies (the server decides).
  const rules = useQuery<BookingRules>(paths.bookingRules, { retry: 1 }).data ?? fallbackRules;
  const lastDay = lastBookableDate(rules, clockNow());
  // The hidden field (a honeypot): read at submit time, never part of the form's values.
  const trap = useRef<HTMLInputElement>(null);
  const defaults: AppointmentRequestInput = {
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    preferredDate: '',
    preferredTime: '',
    treatment: defaultTreatment ?? '',
    notes: '',
  };
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    getValues,
    setError,
    clearErrors,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AppointmentRequestInput, BookingRules, AppointmentRequest>({
    resolver: bookingResolver,
    context: rules,
    defaultValues: defaults,
  });

  const date = watch('preferredDate');
  const dateUsable = isValidDateString(date) && dateProblem(date, rules) === null;
  const availability = useQuery<Availability>(dateUsable ? paths.availability(date) : null, { staleTime: 30_000, retry: 1 });
  const slots = dateUsable ? availability.data?.slots : undefined;

  // A chosen time that turns out to be taken (or passed) is cleared, so it cannot be sent by mistake.
  useEffect(() => {
    const chosen = getValues('preferredTime');
    if (!slots || !chosen) return;
    if (slots.some((s) => s.time === chosen && !s.available)) setValue('preferredTime', '');
  }, [slots, getValues, setValue]);

  // Until the form is live, its button submits nothing: a tap before the script has run must not send the
  // visitor's details off in a plain form submission (they would land in the address bar).
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);

  /** UI-1: a mutation is retried once, after a network failure or a server error (never a refusal). */
  const book = async (body: AppointmentRequest & { [BOOKING_HONEYPOT_FIELD]?: string }) => {
    try {
      return await api.post<unknown>(paths.appointments, body);
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) throw err;
      await new Promise((r) => setTimeout(r, 1000));
      return api.post<unknown>(paths.appointments, body);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const filled = trap.current?.value;
      // The booking remembers the page's language: the visitor's emails are written in it (I18N-3).
      const body = { ...values, language: lang };
      await book(filled ? { ...body, [BOOKING_HONEYPOT_FIELD]: filled } : body);
      toast({ title: t.booking.bookedTitle, description: t.booking.bookedText });
      reset(defaults);
      cache.invalidate(paths.availability(''));
      onBooked?.();
    } catch (err) {
      const apiError = err instanceof ApiError ? err : null;
      toast({ title: t.booking.failedTitle, description: say(apiError?.message) || t.booking.failedText, variant: 'destructive' });
      // A 400's field messages go under their fields, and the first of them takes the focus.
      const fields = Object.entries(apiError?.fields ?? {}).filter(([field]) => field in defaults);
      fields.forEach(([field, message], i) => {
        setError(field as keyof AppointmentRequestInput, { type: 'server', message }, { shouldFocus: i === 0 });
      });
      // A slot taken meanwhile shows as full at once.
      if (apiError?.status === 409) cache.invalidate(paths.availability(''));
    }
  });

  // Every field's label, control, message and aria wiring come from one place (components/form-field.tsx).
  const kit: FieldKit<AppointmentRequestInput> = { idPrefix, register, errors, labels: t.booking };
  const id = (name: string) => fieldId(kit, name);

  // A Sunday, a past day or one beyond the window is said at once, not only on submit.
  const onDateChange = (e: { target: { value: string } }) => {
    const problem = dateProblem(e.target.value, rules);
    if (problem) setError('preferredDate', { type: 'rule', message: problem });
    else clearErrors('preferredDate');
  };

  return (
    <form className="booking-form" noValidate onSubmit={onSubmit} aria-label={t.booking.formLabel}>
      <div className="form-grid">
        <Field kit={kit} name="firstName">
          <input type="text" autoComplete="given-name" />
        </Field>
        <Field kit={kit} name="lastName">
          <input type="text" autoComplete="family-name" />
        </Field>
        <Field kit={kit} name="email">
          <input type="email" autoComplete="email" inputMode="email" />
        </Field>
        <Field kit={kit} name="phone">
          <input type="tel" autoComplete="tel" inputMode="tel" placeholder="+91 98765 43210" />
        </Field>
        <Field
          kit={kit}
          name="preferredDate"
          options={{ onChange: onDateChange }}
          describedBy={[id('date-hint'), Boolean(rules.closedDates?.length) && id('closures')]}
          hint={
            <>
              <p className="field-hint" id={id('date-hint')}>
                {(rules.closedWeekdays ?? [0]).join() === '0'
                  ? fmt(t.booking.dateHint, { days: rules.windowDays })
                  : fmt(t.booking.dateHintAny, { days: rules.windowDays })}
              </p>
              <ClosureNotice id={id('closures')} />
            </>
          }
        >
          <input type="date" min={today} max={lastDay} />
        </Field>
        <Field
          kit={kit}
          name="preferredTime"
          describedBy={[id('time-hint')]}
          hint={
            <p className="field-hint" id={id('time-hint')} aria-live="polite">
              {dateUsable && availability.isFetching
                ? t.booking.checking
                : dateUsable && availability.status === 'error'
                  ? t.booking.availabilityError
                  : slots && slots.every((s) => !s.available)
                    ? t.booking.noTimes
                    : t.booking.timesHint}
            </p>
          }
        >
          <select>
            <option value="">{t.booking.selectTime}</option>
            {(isValidDateString(date) ? slotsOn(date, rules) : (rules.timeSlots ?? defaultTimeSlots)).map((time) => {
              const slot = slots?.find((s) => s.time === time);
              const reason = slot && !slot.available ? slot.reason : null;
              return (
                <option key={time} value={time} disabled={reason !== null}>
                  {reason ? `${timeSlotLabel(time)} (${slotNote[reason]})` : timeSlotLabel(time)}
                </option>
              );
            })}
          </select>
        </Field>
        <Field kit={kit} name="treatment" wide>
          <select>
            <option value="">{t.booking.selectTreatment}</option>
            {bookingTreatments.map((b) => (
              <option key={b.code} value={b.code}>
                {t.booking.treatments[b.code]}
              </option>
            ))}
          </select>
        </Field>
        <Field kit={kit} name="notes" wide optional={t.booking.optional}>
          <textarea rows={3} />
        </Field>
      </div>
      {/* A honeypot: hidden from sight, from the keyboard and from assistive technology, so only a program
          filling every field it finds fills it; the server then refuses the request (docs/security.md). */}
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor={id(BOOKING_HONEYPOT_FIELD)}>{t.booking.honeypot}</label>
        <input id={id(BOOKING_HONEYPOT_FIELD)} name={BOOKING_HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" ref={trap} />
      </div>
      <button type={live ? 'submit' : 'button'} className="button button-primary button-block" disabled={isSubmitting}>
        {isSubmitting ? t.booking.submitting : t.common.bookAppointment}
      </button>
    </form>
  );
}
