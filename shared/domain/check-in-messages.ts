import { withArticle } from './article';
import type { AppointmentStatus } from '../constants/booking';

// DESK-10 to DESK-13: check-in and the chair (api/services/appointments/check-in.ts), refused with 409 and these.
export const CHECK_IN_MESSAGES = {
  alreadyArrived: 'This patient has already arrived.',
  notToday: "Only today's appointments can be checked in.",
  notOpen: (status: AppointmentStatus) => `${withArticle(status, { sentenceStart: true })} appointment cannot be checked in or seated.`,
  notArrived: 'This patient has not arrived yet: mark them arrived first.',
  alreadyInChair: 'This patient is already in the chair.',
  notInChair: 'This patient is not in the chair.',
  inChairFirst: 'This patient is in the chair: undo "In chair" first.',
  undoClosed: (status: AppointmentStatus) => `${withArticle(status, { sentenceStart: true })} visit keeps its check-in times.`,
  noShowArrived: 'This patient has arrived: the appointment cannot be a no-show.',
} as const;
