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
import { useToast } from '../components/toast';

// The one booking form (SPEC sections 4, 5, 8; D11, D12, D27), in every dialog and on /contact: the shared
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

/** A past day, a day beyond the window or a Sunday, for a well-formed date (D11, D12, D27); null otherwise. */
function dateProblem(date: string, rules: BookingRules): string | null {
  if (!isValidDateString(date)) return null;
  return checkBookingDate(date, new Date(), rules)?.message ?? null;
}

/**
 * The shared schema, plus D12's rules against the clinic's clock, so the visitor hears of a Sunday or a
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
  const problem = checkBookingRules(result.values as AppointmentRequest, new Date(), rules);
  if (!problem) return result;
  return { values: {}, errors: { [problem.field]: { type: 'rule', message: problem.message } } };
};

const slotNote = { full: 'Fully booked', passed: 'Time passed' } as const;

const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "Closed on Sundays." from the clinic's hours (SET-4); nothing when it opens every day. */
function closedWeekdaysText(rules: BookingRules): string {
  const closed = rules.closedWeekdays ?? [0];
  if (closed.length === 0) return '';
  const names = closed.map((d) => `${weekdayNames[d]}s`);
  return ` Closed on ${names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]}.`;
}

export function BookingForm({ idPrefix, defaultTreatment, onBooked }: BookingFormProps) {
  const toast = useToast();
  const cache = useQueryCache();
  const today = clinicToday();
  // Embedded in every page; refetched once stale. Unreadable, the default window applies (the server decides).
  const rules = useQuery<BookingRules>(paths.bookingRules, { retry: 1 }).data ?? fallbackRules;
  const lastDay = lastBookableDate(rules);
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

  /** SPEC section 4: a mutation is retried once, after a network failure or a server error (never a refusal). */
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
      await book(filled ? { ...values, [BOOKING_HONEYPOT_FIELD]: filled } : values);
      toast({ title: 'Appointment Booked!', description: "We'll contact you soon to confirm your appointment." });
      reset(defaults);
      cache.invalidate(paths.availability(''));
      onBooked?.();
    } catch (err) {
      const apiError = err instanceof ApiError ? err : null;
      toast({ title: 'Booking Failed', description: apiError?.message || 'Please try again later.', variant: 'destructive' });
      // A 400's field messages go under their fields, and the first of them takes the focus.
      const fields = Object.entries(apiError?.fields ?? {}).filter(([field]) => field in defaults);
      fields.forEach(([field, message], i) => {
        setError(field as keyof AppointmentRequestInput, { type: 'server', message }, { shouldFocus: i === 0 });
      });
      // A slot taken meanwhile shows as full at once.
      if (apiError?.status === 409) cache.invalidate(paths.availability(''));
    }
  });

  const id = (name: string) => `${idPrefix}-${name}`;
  const errorOf = (name: keyof AppointmentRequestInput) => errors[name]?.message;
  const describe = (name: keyof AppointmentRequestInput, hint?: string) =>
    [errorOf(name) ? id(`${name}-error`) : '', hint ?? ''].filter(Boolean).join(' ') || undefined;
  const fieldError = (name: keyof AppointmentRequestInput) =>
    errorOf(name) ? (
      <p className="field-error" id={id(`${name}-error`)}>
        {errorOf(name)}
      </p>
    ) : null;

  // A Sunday, a past day or one beyond the window is said at once, not only on submit.
  const onDateChange = (e: { target: { value: string } }) => {
    const problem = dateProblem(e.target.value, rules);
    if (problem) setError('preferredDate', { type: 'rule', message: problem });
    else clearErrors('preferredDate');
  };

  return (
    <form className="booking-form" noValidate onSubmit={onSubmit} aria-label="Book an appointment">
      <div className="form-grid">
        <div className="field">
          <label htmlFor={id('firstName')}>First name</label>
          <input
            id={id('firstName')}
            type="text"
            autoComplete="given-name"
            aria-invalid={errorOf('firstName') ? true : undefined}
            aria-describedby={describe('firstName')}
            {...register('firstName')}
          />
          {fieldError('firstName')}
        </div>
        <div className="field">
          <label htmlFor={id('lastName')}>Last name</label>
          <input
            id={id('lastName')}
            type="text"
            autoComplete="family-name"
            aria-invalid={errorOf('lastName') ? true : undefined}
            aria-describedby={describe('lastName')}
            {...register('lastName')}
          />
          {fieldError('lastName')}
        </div>
        <div className="field">
          <label htmlFor={id('email')}>Email</label>
          <input
            id={id('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            aria-invalid={errorOf('email') ? true : undefined}
            aria-describedby={describe('email')}
            {...register('email')}
          />
          {fieldError('email')}
        </div>
        <div className="field">
          <label htmlFor={id('phone')}>Phone</label>
          <input
            id={id('phone')}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="+91 98765 43210"
            aria-invalid={errorOf('phone') ? true : undefined}
            aria-describedby={describe('phone')}
            {...register('phone')}
          />
          {fieldError('phone')}
        </div>
        <div className="field">
          <label htmlFor={id('preferredDate')}>Preferred date</label>
          <input
            id={id('preferredDate')}
            type="date"
            min={today}
            max={lastDay}
            aria-invalid={errorOf('preferredDate') ? true : undefined}
            aria-describedby={describe('preferredDate', [id('date-hint'), rules.closedDates?.length ? id('closures') : ''].filter(Boolean).join(' '))}
            {...register('preferredDate', { onChange: onDateChange })}
          />
          <p className="field-hint" id={id('date-hint')}>
            {(rules.closedWeekdays ?? [0]).join() === '0'
              ? `Monday to Saturday, up to ${rules.windowDays} days ahead. Closed on Sundays.`
              : `Up to ${rules.windowDays} days ahead.${closedWeekdaysText(rules)}`}
          </p>
          <ClosureNotice id={id('closures')} />
          {fieldError('preferredDate')}
        </div>
        <div className="field">
          <label htmlFor={id('preferredTime')}>Preferred time</label>
          <select
            id={id('preferredTime')}
            aria-invalid={errorOf('preferredTime') ? true : undefined}
            aria-describedby={describe('preferredTime', id('time-hint'))}
            {...register('preferredTime')}
          >
            <option value="">Select a time</option>
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
          <p className="field-hint" id={id('time-hint')} aria-live="polite">
            {dateUsable && availability.isFetching
              ? 'Checking free times…'
              : dateUsable && availability.status === 'error'
                ? 'Could not check free times; we will confirm your time by phone.'
                : slots && slots.every((s) => !s.available)
                  ? 'No times left on this day. Please choose another date.'
                  : 'Full or passed times are greyed out.'}
          </p>
          {fieldError('preferredTime')}
        </div>
        <div className="field field-wide">
          <label htmlFor={id('treatment')}>Treatment</label>
          <select
            id={id('treatment')}
            aria-invalid={errorOf('treatment') ? true : undefined}
            aria-describedby={describe('treatment')}
            {...register('treatment')}
          >
            <option value="">Select a treatment</option>
            {bookingTreatments.map((t) => (
              <option key={t.code} value={t.code}>
                {t.label}
              </option>
            ))}
          </select>
          {fieldError('treatment')}
        </div>
        <div className="field field-wide">
          <label htmlFor={id('notes')}>
            Notes <span className="optional">(optional)</span>
          </label>
          <textarea
            id={id('notes')}
            rows={3}
            aria-invalid={errorOf('notes') ? true : undefined}
            aria-describedby={describe('notes')}
            {...register('notes')}
          />
          {fieldError('notes')}
        </div>
      </div>
      {/* A honeypot: hidden from sight, from the keyboard and from assistive technology, so only a program
          filling every field it finds fills it; the server then refuses the request (docs/security.md). */}
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor={id(BOOKING_HONEYPOT_FIELD)}>Leave this field empty</label>
        <input id={id(BOOKING_HONEYPOT_FIELD)} name={BOOKING_HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" ref={trap} />
      </div>
      <button type={live ? 'submit' : 'button'} className="button button-primary button-block" disabled={isSubmitting}>
        {isSubmitting ? 'Booking...' : 'Book Appointment'}
      </button>
    </form>
  );
}
