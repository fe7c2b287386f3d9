import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useT } from '../app/i18n';
import { Dialog } from '../components/dialog';
import { LazyBookingForm, prefetchBookingForm } from './lazy-booking-form';

// One booking dialog for the whole site, opened by every Book Appointment button (SITE-2, SITE-6, SITE-11), with
// the treatment preselected when it is opened from a treatment's page.

interface BookingValue {
  openBooking: (treatmentCode?: string) => void;
  setPageTreatment: (treatmentCode: string | undefined) => void;
}

const BookingContext = createContext<BookingValue>({ openBooking: () => {}, setPageTreatment: () => {} });

/** A treatment's page names its booking code while it is on screen (UI-12). */
export function usePageTreatment(treatmentCode: string | undefined): void {
  const { setPageTreatment } = useContext(BookingContext);
  useEffect(() => {
    setPageTreatment(treatmentCode);
    return () => setPageTreatment(undefined);
  }, [treatmentCode, setPageTreatment]);
}

export function useBooking(): BookingValue {
  return useContext(BookingContext);
}

export function BookingProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<{ treatment?: string } | null>(null);
  // UI-12: the treatment whose page is on screen (set by that page, usePageTreatment): any Book button there
  // (the page's own, the header's, the floating one) opens the form with it chosen.
  const [pageTreatment, setPageTreatment] = useState<string | undefined>(undefined);
  const openBooking = useCallback(
    (treatment?: string) => {
      prefetchBookingForm();
      setOpen({ treatment: treatment ?? pageTreatment });
    },
    [pageTreatment],
  );
  const close = useCallback(() => setOpen(null), []);
  const t = useT();
  const value = useMemo(() => ({ openBooking, setPageTreatment }), [openBooking]);
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

