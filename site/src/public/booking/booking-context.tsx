import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useT } from '../app/i18n';
import { Dialog } from '../components/dialog';
import { LazyBookingForm, prefetchBookingForm } from './lazy-booking-form';

// One booking dialog for the whole site, opened by every Book Appointment button (SITE-2, SITE-6, SITE-11), with
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
  const t = useT();
  const value = useMemo(() => ({ openBooking }), [openBooking]);
  return (
    <BookingContext.Provider value={value}>
      {children}
      {open && (
        <Dialog
          title={t.common.bookAnAppointment}
          description={t.booking.dialogDescription}
          onClose={close}
          className="booking-dialog"
        >
          <LazyBookingForm idPrefix="dialog-booking" defaultTreatment={open.treatment} onBooked={close} />
        </Dialog>
      )}
    </BookingContext.Provider>
  );
}

