import { z } from 'zod';
import type { BookingTreatmentCode } from '../constants/booking';
import { languages, type Lang } from '../i18n/types';
import { idField, numberInput } from './fields';

// Treatment plans (docs/clinical.md "Treatment plans", PLAN-1..PLAN-14): the bodies the admin sends and
// the plan as the API answers it.

export const PLAN_MESSAGES = {
  title: 'Please give the plan a title',
  titleLong: 'Title must be at most 200 characters',
  options: 'A plan needs at least one option with at least one planned item',
  tooManyOptions: 'A plan can have at most 5 options',
  optionName: 'Options are named by one capital letter: A, B, C',
  optionTwice: 'Each option needs a name of its own',
  itemIds: 'Choose at least one planned item for each option',
  itemTwice: 'An item is listed twice in one option',
  price: 'Price must be zero or more',
  discount: 'Discount must be zero or more',
  visit: 'Visit must be a whole number from 1 to 20',
  minutes: 'A visit lasts 5 to 480 minutes',
  label: 'Visit name must be at most 60 characters',
  option: 'Please choose the option the patient accepts',
  signature: 'Please sign in the box (the signature is missing)',
  signatureLarge: 'The signature image is too large',
  signedBy: 'Please enter the name of the person signing',
  appointment: 'Please choose the appointment to link',
  teeth: 'Please name the teeth done at this sitting',
  itemIdsBill: 'Choose the completed items to bill',
  reasonLong: 'Reason must be at most 500 characters',
} as const;

export const PLAN_LIMITS = { options: 5, itemsPerOption: 60, visits: 20 } as const;

const money = (message: string) =>
  z.preprocess(numberInput(undefined), z.number({ error: message }).min(0, message).max(10_000_000, 'Amount is too large'));
const id = idField;

const lineSchema = z.object({
  itemId: id(PLAN_MESSAGES.itemIds),
  unitPrice: money(PLAN_MESSAGES.price).optional(),
  discount: money(PLAN_MESSAGES.discount).optional(),
  visit: z.number({ error: PLAN_MESSAGES.visit }).int(PLAN_MESSAGES.visit).min(1, PLAN_MESSAGES.visit).max(PLAN_LIMITS.visits, PLAN_MESSAGES.visit).optional(),
});

const visitSchema = z.object({
  label: z.string({ error: PLAN_MESSAGES.label }).trim().max(60, PLAN_MESSAGES.label).optional(),
  minutes: z.number({ error: PLAN_MESSAGES.minutes }).int(PLAN_MESSAGES.minutes).min(5, PLAN_MESSAGES.minutes).max(480, PLAN_MESSAGES.minutes).optional(),
});

const optionSchema = z.object({
  name: z.string({ error: PLAN_MESSAGES.optionName }).regex(/^[A-Z]$/, PLAN_MESSAGES.optionName),
  itemIds: z.array(id(PLAN_MESSAGES.itemIds), { error: PLAN_MESSAGES.itemIds }).min(1, PLAN_MESSAGES.itemIds).max(PLAN_LIMITS.itemsPerOption),
  /** The plan discount of this option, rupees (PLAN-4). */
  discount: money(PLAN_MESSAGES.discount).optional(),
  /** Per item: an edited price, a discount, the visit (PLAN-3, PLAN-4). */
  lines: z.array(lineSchema).max(PLAN_LIMITS.itemsPerOption).optional(),
  /** Visit 1, 2, ...: a name ("Urgent", "Phase 1") and a length in minutes. */
  visits: z.array(visitSchema).max(PLAN_LIMITS.visits).optional(),
});

/** POST /api/admin/patients/{id}/treatment-plans and PUT /api/admin/treatment-plans/{id}. */
export const treatmentPlanSchema = z
  .object({
    title: z.string({ error: PLAN_MESSAGES.title }).trim().min(1, PLAN_MESSAGES.title).max(200, PLAN_MESSAGES.titleLong),
    options: z.array(optionSchema, { error: PLAN_MESSAGES.options }).min(1, PLAN_MESSAGES.options).max(PLAN_LIMITS.options, PLAN_MESSAGES.tooManyOptions),
  })
  .superRefine((plan, ctx) => {
    const names = new Set<string>();
    plan.options.forEach((option, i) => {
      if (names.has(option.name)) ctx.addIssue({ code: 'custom', path: ['options', i, 'name'], message: PLAN_MESSAGES.optionTwice });
      names.add(option.name);
      if (new Set(option.itemIds).size !== option.itemIds.length) ctx.addIssue({ code: 'custom', path: ['options', i, 'itemIds'], message: PLAN_MESSAGES.itemTwice });
    });
  });
export type TreatmentPlanInput = z.output<typeof treatmentPlanSchema>;

/** POST /api/admin/patients/{id}/treatment-plans/preview (PLAN-24): the options priced, nothing saved. */
export const planPreviewSchema = z.object({
  planId: id('Plan id must be a positive whole number').optional(),
  options: treatmentPlanSchema.shape.options,
});
export type PlanPreviewInput = z.output<typeof planPreviewSchema>;

/** PLAN-24: what the preview answers: each option's lines with their figures, and its totals. */
export interface PlanPreview {
  gstRegistered: boolean;
  options: {
    name: string;
    listTotal: number;
    discountTotal: number;
    subtotal: number;
    taxAmount: number;
    total: number;
    items: {
      itemId: number;
      code: string;
      teeth: string[];
      description: string;
      patientName: string;
      visit: number;
      taxRate: number;
      unitPrice: number;
      discount: number;
      planDiscountShare: number;
      netPrice: number;
      total: number;
    }[];
  }[];
}

// A signature drawn on the screen: a PNG as a data URL, at most 400 KB of base64.
const SIGNATURE = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

/** POST /api/admin/treatment-plans/{id}/accept */
export const planAcceptSchema = z.object({
  option: z.string({ error: PLAN_MESSAGES.option }).regex(/^[A-Z]$/, PLAN_MESSAGES.option),
  signature: z
    .string({ error: PLAN_MESSAGES.signature })
    .max(400_000, PLAN_MESSAGES.signatureLarge)
    .regex(SIGNATURE, PLAN_MESSAGES.signature),
  signedBy: z.string({ error: PLAN_MESSAGES.signedBy }).trim().min(1, PLAN_MESSAGES.signedBy).max(200, PLAN_MESSAGES.signedBy),
  /** The estimate's language; the patient's (their latest booking's) when left out. */
  language: z.enum(languages).optional(),
});
export type PlanAccept = z.output<typeof planAcceptSchema>;

/**
 * POST /api/admin/treatment-plans/{id}/decline (PLAN-7, PLAN-15): without `option`, every proposed option of
 * the current version (the whole plan); with it, that option only. The patient's reason is optional.
 */
export const planDeclineSchema = z.object({
  option: z.string({ error: PLAN_MESSAGES.option }).regex(/^[A-Z]$/, PLAN_MESSAGES.option).optional(),
  reason: z.string({ error: PLAN_MESSAGES.reasonLong }).trim().max(500, PLAN_MESSAGES.reasonLong).optional(),
});
export type PlanDecline = z.output<typeof planDeclineSchema>;

/** POST /api/admin/treatment-plans/{id}/visits/{visit}/bookings */
export const planBookingSchema = z.object({ appointmentId: id(PLAN_MESSAGES.appointment) });

/** POST /api/admin/treatment-plans/{id}/sittings (PLAN-11) */
export const planSittingSchema = z.object({
  itemId: id(PLAN_MESSAGES.itemIds),
  teeth: z.array(z.string().regex(/^[1-8][1-8]$/, PLAN_MESSAGES.teeth)).max(32).optional(),
  final: z.boolean().optional(),
  note: z.string().trim().max(2000, 'Note must be at most 2000 characters').optional(),
});
export type PlanSitting = z.output<typeof planSittingSchema>;

/** POST /api/admin/patients/{id}/invoice-from-completed */
export const invoiceFromCompletedSchema = z.object({
  itemIds: z.array(id(PLAN_MESSAGES.itemIdsBill)).min(1, PLAN_MESSAGES.itemIdsBill).max(100).optional(),
});

/** PLAN-7, PLAN-20: `superseded` once a plan accepted later holds its work. */
export type PlanStatus = 'proposed' | 'accepted' | 'in-progress' | 'completed' | 'declined' | 'superseded';
export type OptionStatus = 'proposed' | 'accepted' | 'declined';

export interface PlanLine {
  id: number;
  itemId: number;
  visit: number;
  description: string;
  /** PLAN-21: what the patient reads for it (in English; the estimate prints it in their language). */
  patientName: string;
  code: string;
  teeth: string[];
  sacCode: string | null;
  taxRate: number;
  unitPrice: number;
  discount: number;
  planDiscountShare: number;
  netPrice: number;
  tax: number;
  total: number;
  /** The clinical item's status now (`declined` once another option was accepted, PLAN-18), the teeth done at sittings so far, and whether it is billed. */
  itemStatus: string;
  /** The clinical item was invalidated (entered in error). */
  itemInvalidated: boolean;
  teethDone: string[];
  /** PLAN-16: the sittings recorded for the item so far. */
  sittings: number;
  /** NOTE-15: the notes of those sittings ("Sitting 1": local anaesthetic used), oldest first. */
  sittingNotes?: { label: string; at: string; userName: string | null; note: string }[];
  billed: boolean;
}

export interface PlanVisit {
  visit: number;
  label: string;
  minutes: number;
  subtotal: number;
  taxAmount: number;
  totalAmount: number;
  /** The appointment booked for it (accepted plans), or null. */
  appointment: { id: number; date: string; time: string; status: string } | null;
}

export interface PlanOption {
  name: string;
  status: OptionStatus;
  /** PLAN-15: the patient's reason, when the option was declined with one. */
  declineReason: string | null;
  discount: number;
  listTotal: number;
  discountTotal: number;
  subtotal: number;
  taxAmount: number;
  total: number;
  /** PLAN-6: the monthly amount over each EMI length the clinic offers. */
  emi: { months: number; monthly: number }[];
  visits: PlanVisit[];
  items: PlanLine[];
}

export interface PlanVersionSummary {
  version: number;
  createdAt: string;
  acceptedOption: string | null;
  acceptedAt: string | null;
  signedBy: string | null;
  via: 'screen' | 'link' | null;
  documentHash: string | null;
}

export interface TreatmentPlan {
  id: number;
  patientId: number;
  patientName: string;
  dentistId: number;
  dentistName: string | null;
  title: string;
  status: PlanStatus;
  version: number;
  gstRegistered: boolean;
  createdAt: string;
  updatedAt: string;
  /** PLAN-20: the plan accepted later that holds this plan's work, when superseded. */
  supersededBy: number | null;
  options: PlanOption[];
  versions: PlanVersionSummary[];
  /** The accepted estimate of the current version (its PDF's hash and verify address), or null. */
  acceptance: { option: string; signedBy: string; acceptedAt: string; via: 'screen' | 'link'; language: Lang; documentHash: string; verifyUrl: string } | null;
}

/** GET /api/admin/treatment-plans/to-book: one accepted visit without an appointment (PLAN-10). */
export interface VisitToBook {
  planId: number;
  patientId: number;
  patientName: string;
  phone: string | null;
  title: string;
  option: string;
  visit: number;
  label: string;
  minutes: number;
  items: { itemId: number; description: string; teeth: string[] }[];
  totalAmount: number;
  /** PLAN-23: the treatment its appointment is booked for (a booking treatment code). */
  treatment: BookingTreatmentCode;
}

/** GET /api/admin/treatment-plans/follow-up: a proposed plan not accepted after N days (PLAN-13). */
export interface FollowUp {
  planId: number;
  patientId: number;
  patientName: string;
  phone: string | null;
  title: string;
  proposedOn: string;
  days: number;
  total: number;
  language: string;
  whatsAppText: string;
  whatsAppLink: string | null;
}

/** GET /api/admin/reports/case-acceptance: one month and dentist (PLAN-14). */
export interface CaseAcceptanceRow {
  month: string;
  dentistId: number;
  dentistName: string | null;
  proposed: number;
  proposedAmount: number;
  accepted: number;
  acceptedAmount: number;
  declined: number;
}
