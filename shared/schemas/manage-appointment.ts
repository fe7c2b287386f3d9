import type { AppointmentStatus } from '../constants/booking';
import { isLang, type Lang } from '../i18n/types';

/** BOOK-14: what the personal link's page shows: this appointment only, nothing about any other. */
export interface ManagedAppointment {
  firstName: string;
  preferredDate: string;
  preferredTime: string;
  treatment: string;
  status: AppointmentStatus;
  /** BOOK-15: the other time the visitor asked for, waiting for the clinic (BOOK-16: one at a time; null once it has passed). */
  requested: { date: string; time: string } | null;
  /** Cancel is offered (pending or confirmed, and more than 2 hours ahead). */
  canCancel: boolean;
  /** Ask for another time is offered (pending or confirmed, not started). */
  canRequest: boolean;
  /** Open slots of the coming days, for "ask for another time". */
  openSlots: { date: string; times: string[] }[];
  /** I18N-7: the language the visit was booked in; the page speaks it. */
  language: Lang;
}

/**
 * UI-11: what a manage link's page shows once the link opens nothing any more (the visit is over): that it has
 * expired, in the language the visit was booked in. An unknown token has no data at all (null).
 */
export interface ExpiredManageLink {
  expired: true;
  language: Lang;
}

/** The page's data: the appointment while the link is live; else an expired link's language, or null. */
export type ManagePageData = ManagedAppointment | ExpiredManageLink | null;

export function isLiveManageData(data: unknown): data is ManagedAppointment {
  return typeof data === 'object' && data !== null && !('expired' in data);
}

/** I18N-7: the language a manage page speaks once its data (GET managePath) is known; null for none (404). */
export function manageLanguage(data: unknown): Lang | null {
  const lang = (data as Partial<ManagedAppointment> | null | undefined)?.language;
  return isLang(lang) ? lang : null;
}

/**
 * The outcome shown after a form post (/appointment/{token}/{outcome}). BOOK-16: 'already-requested' (409)
 * and 'too-many' (429) are the refusals the post answers with the page itself, not with a redirect.
 */
export const manageOutcomes = ['cancelled', 'requested', 'too-late', 'slot-taken', 'invalid', 'already-requested', 'too-many'] as const;
export type ManageOutcome = (typeof manageOutcomes)[number];

/** BOOK-15: the cut-off for cancelling from the page. */
export const CANCEL_CUTOFF_HOURS = 2;

/** The path of the data a manage page renders with (the token is the only key). */
export const managePath = (token: string) => `/api/appointment-links/${token}`;

/** Tokens are 32 random bytes in base64url (api/services/appointments/manage-links.ts). */
export const MANAGE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * SEC-7: every address whose next segment is a personal token (the manage link BOOK-12, the review link REV-2),
 * declared once. The pages also answer under a language prefix (/mr/appointment/{token}). The logger's
 * sanitiser (api/logger.ts) replaces the segment after any of them, and api/test/security/token-logs.test.ts
 * checks that every route taking a token lies under one.
 */
export const TOKEN_PATH_PREFIXES = ['/appointment/', '/review/', '/api/appointment-links/', '/plan/'] as const;
