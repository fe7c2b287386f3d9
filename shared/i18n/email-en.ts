// The English words of the patients' emails (I18N-3), apart from the rest of the catalogue so that
// shared/emails (which the admin's previews also import) carries only these few lines per language.
import { bookingTreatments, type BookingTreatmentCode } from '../constants/booking';

export const bookingTreatmentNames = Object.fromEntries(bookingTreatments.map((t) => [t.code, t.label])) as Record<BookingTreatmentCode, string>;

export const emailWords = {
  dear: 'Dear {name},',
  date: 'Date',
  time: 'Time',
  treatment: 'Treatment',
  notes: 'Notes',
  phone: 'Phone',
  email: 'Email',
  address: 'Address',
  ackSubject: 'We received your appointment request – {clinic}',
  ackThanks: 'Thank you for choosing us. We have received your appointment request:',
  ackRequest: 'This is a request, not yet a confirmed appointment. We will call or email you soon to confirm it.',
  confirmedSubject: 'Your appointment is confirmed: {date}, {time} – {clinic}',
  confirmedIntro: 'We are pleased to confirm your appointment:',
  confirmedOutro: 'Please arrive 10 minutes early. If you need to change or cancel the appointment, please call us.',
  cancelledSubject: 'Your appointment has been cancelled: {date}, {time} – {clinic}',
  cancelledIntro: 'Your appointment below has been cancelled:',
  cancelledOutro: 'If you did not expect this, or would like another time, please call us or book again on our website. We are happy to help.',
  followUpSubject: 'Your follow-up appointment on {date} – {clinic}',
  followUpIntro: 'Thank you for visiting us. We would like to see you again for a follow-up appointment.',
  followUpSuggested: 'Suggested follow-up date',
  followUpPrevious: 'Your previous appointment',
  followUpMessage: 'A message from the clinic',
  followUpOutro: 'Please call us to confirm the follow-up or to choose another time that suits you.',
  invoiceSubject: 'Your invoice {number} from {clinic}',
  invoiceIntro: 'Thank you for visiting {clinic}. Your invoice is attached to this email as a PDF.',
  invoiceNumber: 'Invoice number',
  invoiceDate: 'Invoice date',
  dueDate: 'Due date',
  totalAmount: 'Total amount',
  amountReceived: 'Amount received',
  balanceDue: 'Balance due',
  status: 'Status',
  payUpi:
    "To pay {amount} by UPI, scan the QR code on the attached invoice with any UPI app (Google Pay, PhonePe, Paytm, BHIM or your bank's app), or send it to the UPI ID {upiId} with the note {number}. You can also pay at the clinic by cash or card.",
  payAtClinic: 'You can pay {amount} at the clinic by cash, card or UPI.',
  invoicePaid: 'This invoice has been paid. Please keep it for your records.',
  invoiceQuestions: 'If you have any questions about this invoice, please reply to this email or call us.',
} as const;
