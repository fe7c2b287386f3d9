import { useEffect, useState, type ComponentType } from 'react';
import type { BookingFormProps } from './booking-form';
import { useT } from '../app/i18n';

// The booking form (react-hook-form + zod) is its own chunk: most visits never open it. The contact page,
// which shows it at once, loads the chunk before hydrating; the server registers it before rendering.

let BookingFormComponent: ComponentType<BookingFormProps> | null = null;
let loading: Promise<void> | null = null;

export function loadBookingForm(): Promise<void> {
  loading ??= import('./booking-form').then(
    (m) => {
      BookingFormComponent = m.BookingForm;
    },
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** The server renders synchronously, so it hands the component over before the first render. */
export function registerBookingForm(component: ComponentType<BookingFormProps>): void {
  BookingFormComponent = component;
}

/** Starts fetching the chunk early (a pointer over a Book button, a focus) without waiting for it. */
export function prefetchBookingForm(): void {
  loadBookingForm().catch(() => {});
}

export function LazyBookingForm(props: BookingFormProps) {
  const t = useT();
  const [Form, setForm] = useState(() => BookingFormComponent);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (Form) return;
    let live = true;
    loadBookingForm().then(
      () => live && setForm(() => BookingFormComponent),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [Form]);
  if (Form) return <Form {...props} />;
  if (failed) {
    return (
      <p className="form-load-error" role="alert">
        {t.booking.loadFailed}
      </p>
    );
  }
  return <FormSkeleton />;
}

function FormSkeleton() {
  const t = useT();
  return (
    <div className="form-skeleton" aria-busy="true" aria-label={t.booking.loadingForm}>
      {Array.from({ length: 7 }, (_, i) => (
        <div key={i} className="skeleton skeleton-field" />
      ))}
    </div>
  );
}
