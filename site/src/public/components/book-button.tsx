import { useSyncExternalStore, type ReactNode } from 'react';
import { useBooking } from '../booking/booking-context';
import { prefetchBookingForm } from '../booking/lazy-booking-form';
import { localizePath } from '../../../../shared/i18n/types';
import { useI18n } from '../app/i18n';

// Is the page live? False while the server renders and while the browser hydrates its HTML (the two must
// match), true from the render right after hydration on, and at once on pages rendered in the browser.
const noSubscription = () => () => {};
function useLive(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * A Book Appointment control. In the server's HTML (before the page's code has arrived, or with scripts
 * off) it is a link to the contact page's booking form, so a tap on a slow phone still leads to the form.
 * Once the page is live it is a button that opens the booking dialog (aria-haspopup="dialog"), which is
 * what assistive technology then announces. It starts loading the form's code when pointed at or focused.
 */
export function BookButton({
  children,
  className = 'button button-primary',
  treatment,
  onBeforeOpen,
}: {
  children?: ReactNode;
  className?: string;
  treatment?: string;
  onBeforeOpen?: () => void;
}) {
  const { openBooking } = useBooking();
  const { lang, t } = useI18n();
  const live = useLive();
  children ??= t.common.bookAppointment;
  if (!live) {
    return (
      <a href={localizePath(lang, '/contact#book')} className={className} data-book-link="" onPointerEnter={prefetchBookingForm} onFocus={prefetchBookingForm}>
        {children}
      </a>
    );
  }
  return (
    <button
      type="button"
      className={className}
      aria-haspopup="dialog"
      onPointerEnter={prefetchBookingForm}
      onFocus={prefetchBookingForm}
      onClick={() => {
        onBeforeOpen?.();
        openBooking(treatment);
      }}
    >
      {children}
    </button>
  );
}
