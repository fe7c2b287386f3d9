import { z } from 'zod';

// REV-3..REV-6: a patient's review of a completed visit, as the admin and the public site read it.

export const reviewStatuses = ['pending', 'approved', 'hidden'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

export const REVIEW_TEXT_MAX = 1000;
/** REV-5: the public rating and its AggregateRating appear only from this many approved reviews. */
export const REVIEW_RATING_THRESHOLD = 10;

/** The review form's post (REV-3): stars, text, and how the name is shown (initials by default). */
export const reviewSubmissionSchema = z.object({
  rating: z.coerce.number({ error: 'rating' }).int('rating').min(1, 'rating').max(5, 'rating'),
  text: z.string().trim().max(REVIEW_TEXT_MAX, 'text').default(''),
  name: z.enum(['initials', 'short']).default('initials'),
});
export type ReviewSubmission = z.output<typeof reviewSubmissionSchema>;

/** REV-4: the owner's moderation: a status and/or a reply (an empty reply removes it). */
export const reviewModerationSchema = z
  .object({
    status: z.enum(reviewStatuses).optional(),
    reply: z.string().trim().max(REVIEW_TEXT_MAX, `Reply must be at most ${REVIEW_TEXT_MAX} characters`).nullable().optional(),
  })
  .strict()
  .refine((v) => v.status !== undefined || v.reply !== undefined, 'Nothing to change');
export type ReviewModeration = z.output<typeof reviewModerationSchema>;

export interface AdminReview {
  id: number;
  appointmentId: number;
  rating: number;
  text: string;
  displayName: string;
  status: ReviewStatus;
  reply: string | null;
  language: string;
  patientName: string;
  visitDate: string;
  createdAt: string;
}

/** What the public site shows of an approved review (no patient data beyond the chosen display name). */
export interface PublicReview {
  id: number;
  rating: number;
  text: string;
  displayName: string;
  reply: string | null;
  date: string;
}

export interface PublicReviews {
  reviews: PublicReview[];
  /** REV-5: null below REVIEW_RATING_THRESHOLD approved reviews. */
  rating: { value: number; count: number } | null;
}
