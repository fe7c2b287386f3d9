// The English words of the patients' emails (I18N-3) and of the admin's WhatsApp texts (APPT-15), apart
// from the rest of the catalogue so that shared/emails and shared/emails/whatsapp (which the admin imports)
// carry only these few lines per language.
import { bookingTreatments, type BookingTreatmentCode } from '../constants/booking';
import type { Widen } from './types';

export const bookingTreatmentNames = Object.fromEntries(bookingTreatments.map((t) => [t.code, t.label])) as Record<BookingTreatmentCode, string>;

export const emailWords = {
  dear: 'Dear {name},',
  date: 'Date',
  time: 'Time',
  treatment: 'Treatment',
  patientNote: 'Note from the clinic',
  visitorNote: 'Your note',
  phone: 'Phone',
  email: 'Email',
  address: 'Address',
  ackSubject: 'We received your appointment request – {clinic}',
  ackThanks: 'Thank you for choosing us. We have received your appointment request:',
  ackRequest: 'This is a request, not yet a confirmed appointment. We will call or email you soon to confirm it.',
  confirmedSubject: 'Your appointment is confirmed: {date}, {time} – {clinic}',
  confirmedIntro: 'We are pleased to confirm your appointment:',
  confirmedOutro: 'Please arrive 10 minutes early. If you need to change or cancel the appointment, please call us.',
  confirmedOutroLink: 'Please arrive 10 minutes early. To cancel the appointment (up to 2 hours before) or ask for another time, use your personal link below, or call us.',
  manageIntro: 'You can see, cancel or ask to move your appointment with your personal link (please keep it to yourself):',
  manageLabel: 'Manage my appointment',
  icsAttached: 'The attached calendar file adds the appointment to your calendar.',
  rescheduledSubject: 'Your appointment has moved to {date}, {time} – {clinic}',
  rescheduledIntro: 'Your appointment has been moved to a new time:',
  newDate: 'New date',
  newTime: 'New time',
  previousTime: 'Was',
  rescheduledOutro: 'Please arrive 10 minutes early. If the new time does not suit you, please call us and we will find another.',
  rescheduledOutroLink: 'Please arrive 10 minutes early. If the new time does not suit you, ask for another with your personal link below, or call us.',
  icsUpdated: 'The attached calendar file moves the appointment in your calendar to the new time.',
  reminderSubject: 'Reminder: your appointment on {date}, {time} – {clinic}',
  reminderIntro: 'This is a friendly reminder of your appointment:',
  reminderOutro: 'Please arrive 10 minutes early. The attached calendar file adds the appointment to your calendar.',
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
  recallSubject: 'Time for your dental check-up – {clinic}',
  recallIntro: 'Your last visit to us was on {date}. A regular check-up keeps small problems small.',
  recallBook: 'Book a time that suits you online, or call us:',
  recallLabel: 'Book my check-up',
  reviewSubject: 'How was your visit? – {clinic}',
  reviewIntro: 'Thank you for visiting us on {date}. We would be grateful if you told us how it went: it takes a minute and helps other families choose their dentist.',
  reviewLabel: 'Write a review',
  reviewOnce: 'The link is personal and works once.',
  reviewPageTitle: 'Your review',
  reviewPageIntro: 'How was your visit on {date}? Your review is published after the clinic has read it.',
  reviewRating: 'Your rating',
  reviewStars: '{n} of 5 stars',
  reviewText: 'Your review',
  reviewTextHint: 'What went well, what could be better (up to 1000 characters).',
  reviewName: 'Name shown with the review',
  reviewNameInitials: 'Initials only ({initials})',
  reviewNameFull: 'First name and initial ({short})',
  reviewSubmit: 'Send my review',
  reviewThanks: 'Thank you! Your review has been sent. It will appear on our website once the clinic has read it.',
  reviewErrorRating: 'Please choose a rating from 1 to 5 stars.',
  reviewErrorText: 'Your review may be at most 1000 characters long.',
  reviewUsed: 'This review link has already been used, or it is not valid. Thank you for your feedback!',
} as const;

/** The words of the emails, typed by the English ones: a missing or extra key in Marathi or Hindi fails the typecheck. */
export type EmailWords = Widen<typeof emailWords>;

/**
 * The prefilled WhatsApp texts (APPT-15, I18N-3), in the booking's language. Each message starts with
 * `hello` (or `helloNoName` when the name is blank); shared/emails/whatsapp.ts fills the placeholders with
 * the emails' date, time and treatment name and signs the appointment messages with the clinic's name and phone.
 */
export const whatsAppWords = {
  hello: 'Hello {name},',
  helloNoName: 'Hello there,',
  confirmation: 'your appointment for {treatment} at {clinic} is confirmed for {date} at {time}. Please arrive 10 minutes early. Reply here if you need to change it.',
  reminder: 'a friendly reminder of your appointment for {treatment} on {date} at {time}. We look forward to seeing you. Reply here if you cannot come.',
  followUp:
    'thank you for visiting {clinic}. How are you feeling after your {treatment}? If you have any pain or questions, reply here or call us. It is time to book your follow-up visit whenever suits you.',
  greeting: 'this is {clinic}.',
  recall: 'it is time for your dental check-up at {clinic}: your last visit was on {date}. Reply here or call {phone} to book a time that suits you.',
} as const;
export type WhatsAppWords = Widen<typeof whatsAppWords>;
