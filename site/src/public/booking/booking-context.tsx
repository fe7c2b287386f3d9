import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { isPlainClick } from '../app/router';
import { Dialog } from '../components/dialog';
import { LazyBookingForm, prefetchBookingForm } from './lazy-booking-form';

// One booking dialog for the whole site, opened by every Book Appointment button (SPEC section 2), with
// the treatment preselected when it is opened from a treatment's page.

interface BookingValue {
  openBooking: (treatmentCode?: string) => void;
}

const BookingContext = createContext<BookingValue>({ openBooking: () => {} });

export function useBooking(): BookingValue {
  return useContext(BookingContext);
}

export function BookingProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<{ treatment?: string } | null>(null);
  const openBooking = useCallback((treatment?: string) => {
    prefetchBookingForm();
    setOpen({ treatment });
  }, []);
  const close = useCallback(() => setOpen(null), []);
  const value = useMemo(() => ({ openBooking }), [openBooking]);
  return (
    <BookingContext.Provider value={value}>
      {children}
      {open && (
        <Dialog
          title="Book an Appointment"
          description="Choose a day and time that suits you. We'll call or message you to confirm."
          onClose={close}
          className="booking-dialog"
        >
          <LazyBookingForm idPrefix="dialog-booking" defaultTreatment={open.treatment} onBooked={close} />
        </Dialog>
      )}
    </BookingContext.Provider>
  );
}

/**
 * A Book Appointment control: a link to the contact page's booking form, which — once the page is live —
 * opens the booking dialog instead. So a tap before the page's code has arrived (on a slow phone) still
 * leads to the form. It starts loading the form's code as soon as it is pointed at.
 */
export function BookButton({
  children = 'Book Appointment',
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
  return (
    <a
      href="/contact#book"
      className={className}
      aria-haspopup="dialog"
      onPointerEnter={prefetchBookingForm}
      onFocus={prefetchBookingForm}
      onClick={(e) => {
        if (!isPlainClick(e)) return;
        e.preventDefault();
        onBeforeOpen?.();
        openBooking(treatment);
      }}
    >
      {children}
    </a>
  );
}
