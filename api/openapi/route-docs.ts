import { z } from 'zod';
import { appointmentRequestSchema, appointmentStatusUpdateSchema, followUpSchema, rescheduleSchema, staffBookingForPatientSchema, staffBookingNewPatientSchema } from '../../shared/schemas/appointment';
import { changePasswordSchema, loginSchema } from '../../shared/schemas/auth';
import { blogPostSchema } from '../../shared/schemas/blog-post';
import { clinicSettingsSchema, closedDateSchema } from '../../shared/schemas/clinic-settings';
import {
  chartCommandSchema,
  clinicalItemCreateSchema,
  clinicalItemInvalidateSchema,
  clinicalItemsInvalidateSchema,
  clinicalItemStatusSchema,
  findingCreateSchema,
  findingUpdateSchema,
} from '../../shared/schemas/clinical-item';
import { medicalHistorySchema } from '../../shared/clinical/medical-history';
import { addendumSchema, visitNoteCreateSchema, visitNoteTemplatesSchema, visitNoteUpdateSchema } from '../../shared/clinical/visit-note';
import { galleryImageSchema } from '../../shared/schemas/gallery-image';
import { invoiceFromCompletedSchema, planAcceptSchema, planBookingSchema, planDeclineSchema, planPreviewSchema, planSittingSchema, treatmentPlanSchema } from '../../shared/schemas/treatment-plan';
import { invoiceCreateSchema } from '../../shared/schemas/invoice';
import { creditNoteCreateSchema } from '../../shared/schemas/credit-note';
import { languages } from '../../shared/i18n/types';
import { advanceCreateSchema, applyCreditSchema, markPaidSchema, paymentCreateSchema, refundCreateSchema } from '../../shared/schemas/payment';
import { eraseRequestSchema, guardianSchema, mergePatientSchema, patientSchema } from '../../shared/schemas/patient';
import { priceListItemSchema } from '../../shared/schemas/price-list';
import { reviewModerationSchema } from '../../shared/schemas/review';
import { siteSettingValueSchema } from '../../shared/schemas/site-setting';
import { staffCreateSchema, staffUpdateSchema } from '../../shared/schemas/staff';
import {
  alertSummaryText,
  billableItemAnswer,
  chartAnswer,
  fhirRecordAnswer,
  followUpAnswer,
  medicalHistoryAnswer,
  medicalHistoryVersionAnswer,
  patientExportAnswer,
  treatmentPlanAnswer,
  unsignedNoteAnswer,
  visitNoteAnswer,
  visitNoteDraftAnswer,
  visitToBookAnswer,
} from '../../shared/schemas/clinical-read';

/**
 * API-8: what each route is for, in one line, with the shared zod schemas its body is checked with and, where the
 * entity has one, the shape it answers. The routes themselves are read from the routers the app mounts
 * (api/openapi/document.ts); api/test/operations/openapi.test.ts fails when a route has no line here or
 * a line names a route that no longer exists.
 */
export interface RouteDoc {
  summary: string;
  tag: string;
  /** The JSON body, checked by this schema with parseBody (one definition per entity, API-4). */
  body?: z.ZodType;
  /** The answer, when the entity has a zod schema; otherwise documented as a JSON object. */
  response?: z.ZodType;
  /** The answer is a list of `response`. */
  list?: boolean;
  /** What the route answers when it is not JSON. */
  produces?: 'application/pdf' | 'text/csv' | 'text/html' | 'text/plain' | 'application/xml' | 'image/*' | 'application/octet-stream' | 'application/fhir+json';
  /** Needs a signed-in user without a capability of its own (admin routes declare theirs). */
  session?: boolean;
  /** Query parameters (all optional strings). */
  query?: string[];
}

/** A stored row: the entity's fields plus its id. */
const row = (schema: z.ZodObject) => schema.extend({ id: z.number().int() });

/** PAT-7: the patient as one record answers it, with the alert summary (clinical, DATA-10). */
const patient = row(patientSchema).extend({ allergies: alertSummaryText, conditions: alertSummaryText, medications: alertSummaryText });
/** I18N-3: the patient with the language of their latest booking, a staff booking's default. */
const patientDetail = patient.extend({ language: z.enum(languages) });
/** DATA-11: the list's patient: whether an alert exists, not what it is. */
const patientListItem = row(patientSchema).omit({ allergies: true, conditions: true, medications: true }).extend({ fileNumber: z.string(), hasAlerts: z.boolean() });
const blogPost = row(blogPostSchema);
const gallery = row(galleryImageSchema);
const priceItem = row(priceListItemSchema);
const listQuery = ['q', 'limit', 'offset'];

export const ROUTE_DOCS: Record<string, RouteDoc> = {
  // Public API
  'GET /api/blog-posts': { tag: 'Public', summary: 'Published blog posts', response: blogPost, list: true },
  'GET /api/blog-posts/:slug': { tag: 'Public', summary: 'One published blog post by its slug', response: blogPost },
  'GET /api/gallery': { tag: 'Public', summary: 'The gallery images', response: gallery, list: true },
  'GET /api/site-settings/:key': { tag: 'Public', summary: 'A public site setting (only doctor_image is public)' },
  'POST /api/appointments': { tag: 'Public', summary: 'Book an appointment from the public form', body: appointmentRequestSchema },
  'GET /api/appointments/availability': { tag: 'Public', summary: 'Free times of a day for the booking form', query: ['date'] },
  'GET /api/appointments/rules': { tag: 'Public', summary: 'The booking window for the date picker' },
  // The visitor's personal link (BOOK-12..15)
  'GET /api/appointment-links/:token': { tag: 'Public', summary: "The appointment a personal link opens (404 when over or unknown)" },
  'POST /appointment/:token/cancel': { tag: 'Public', summary: 'Cancel from the personal link (a form post; 303 back to the page)', produces: 'text/html' },
  'POST /appointment/:token/request': { tag: 'Public', summary: 'Ask for another time from the personal link (form field slot; 303 back)', produces: 'text/html' },
  // Patients' reviews (REV-2, REV-3, REV-5)
  'GET /review/:token': { tag: 'Public', summary: 'The review form a review request link opens (404 once used or unknown)', produces: 'text/html' },
  'GET /review{/*rest}': { tag: 'Public', summary: 'A review link copied wrong: the "used or not valid" page (404), SITE-30', produces: 'text/html' },
  'GET /:lang/review{/*rest}': { tag: 'Public', summary: 'A review link under a language prefix: the "used or not valid" page in that language (404)', produces: 'text/html' },
  'POST /review/:token': { tag: 'Public', summary: 'Send a review (form fields rating, text, name=initials|short); once per link', produces: 'text/html' },
  'GET /api/reviews': { tag: 'Public', summary: 'Approved reviews, and the rating once there are at least 10' },
  // Sign-in
  'POST /api/auth/login': { tag: 'Auth', summary: 'Sign in; sets the session cookie', body: loginSchema },
  'POST /api/auth/logout': { tag: 'Auth', session: true, summary: 'Sign out this session' },
  'GET /api/auth/me': { tag: 'Auth', session: true, summary: 'The signed-in user and their capabilities' },
  'POST /api/auth/change-password': { tag: 'Auth', session: true, summary: 'Change the own password', body: changePasswordSchema },
  'GET /api/auth/sessions': { tag: 'Auth', session: true, summary: 'The own signed-in sessions' },
  'DELETE /api/auth/sessions/:id': { tag: 'Auth', session: true, summary: 'Sign out one of the own sessions' },
  // Admin
  'GET /api/admin/stats': { tag: 'Dashboard', summary: 'The dashboard figures' },
  'GET /api/admin/recent-appointments': { tag: 'Dashboard', summary: 'The latest appointment requests' },
  'GET /api/admin/dashboard/charts': { tag: 'Dashboard', summary: "The owner's charts: appointments per day (30 days), revenue per month (12)" },
  'GET /api/admin/patients': { tag: 'Patients', summary: 'List patients (paged, searchable): that a patient has alerts, not what they are', query: listQuery, response: patientListItem, list: true },
  'POST /api/admin/patients': { tag: 'Patients', summary: 'Add a patient', body: patientSchema, response: patient },
  'GET /api/admin/patients/:id': { tag: 'Patients', summary: "One patient, with the language of their latest booking (English without one)", response: patientDetail },
  'GET /api/admin/patients/:id/history': { tag: 'Patients', summary: "A patient's appointments and invoices", response: z.object({ patient, appointments: z.array(z.object({}).loose()), invoices: z.array(z.object({}).loose()), totals: z.object({}).loose() }) },
  'GET /api/admin/patients/:id/usage': { tag: 'Patients', summary: 'What deleting the patient would remove' },
  'PUT /api/admin/patients/:id': { tag: 'Patients', summary: 'Change a patient', body: patientSchema, response: patient },
  'DELETE /api/admin/patients/:id': { tag: 'Patients', summary: 'Delete a patient' },
  'GET /api/admin/patients/:id/export': { tag: 'Patients', summary: "Download everything held about the patient as JSON (owner)", response: patientExportAnswer },
  'POST /api/admin/patients/:id/merge': { tag: 'Patients', summary: "Merge another record of the same person into this patient, with a reason: appointments, invoices, the clinical record and dependants move, every moved value recorded; the other is kept, marked merged. Records with clinical data: owner or dentist; without: also a receptionist. Answers the mergeId", body: mergePatientSchema },
  'POST /api/admin/merges/:mergeId/undo': { tag: 'Patients', summary: 'Undo a merge within 30 days (owner): every value the merge recorded is put back where it still holds what the merge wrote, and the merged record is shown again' },
  'PUT /api/admin/patients/:id/guardian': { tag: 'Patients', summary: "Set or clear the patient's guardian (another patient); null clears it", body: guardianSchema },
  'POST /api/admin/patients/:id/erase': { tag: 'Patients', summary: "Erase the patient's personal details everywhere; invoices keep what GST law requires (owner)", body: eraseRequestSchema },
  // The dentist's chart (CHART-5..CHART-9)
  'GET /api/admin/patients/:id/chart': { tag: 'Clinical', summary: "A patient's chart: the clinical items and each tooth's state, now or at the end of a clinic day (every read audited)", query: ['at', 'primary'], response: chartAnswer },
  'POST /api/admin/patients/:id/clinical-items': { tag: 'Clinical', summary: 'Record a finding or procedure on a tooth or teeth', body: clinicalItemCreateSchema },
  'POST /api/admin/patients/:id/chart-commands': { tag: 'Clinical', summary: "Record what the chart's command bar typed (or only read it, with preview)", body: chartCommandSchema },
  'PATCH /api/admin/clinical-items/:id': { tag: 'Clinical', summary: "Change a procedure's status (a completed one is locked)", body: clinicalItemStatusSchema },
  'POST /api/admin/clinical-items/:id/invalidate': { tag: 'Clinical', summary: 'Invalidate a clinical item with a reason (it is kept)', body: clinicalItemInvalidateSchema },
  'POST /api/admin/patients/:id/clinical-items/invalidate': { tag: 'Clinical', summary: 'Invalidate several items of a patient together (the chart’s undo)', body: clinicalItemsInvalidateSchema },
  'GET /api/admin/chart-codes': { tag: 'Clinical', summary: "The chart's vocabulary: the price list's procedures and the findings, with their names" },
  'GET /api/admin/findings': { tag: 'Clinical', summary: 'The findings list' },
  'POST /api/admin/findings': { tag: 'Clinical', summary: 'Add a finding to the list (owner)', body: findingCreateSchema },
  'PUT /api/admin/findings/:code': { tag: 'Clinical', summary: 'Rename a finding, change how it is drawn while no chart uses it, or retire it (owner)', body: findingUpdateSchema },
  'DELETE /api/admin/findings/:code': { tag: 'Clinical', summary: 'Delete a finding no chart uses (owner; one on a chart is retired instead)' },
  // The medical history, visit notes and the record as FHIR (MED-1..MED-6, NOTE-1..NOTE-9, FHIR-1..FHIR-5)
  'GET /api/admin/patients/:id/medical-history': { tag: 'Clinical', summary: "The patient's current medical history, its alerts and every version's who and when (every read audited)", response: medicalHistoryAnswer },
  'PUT /api/admin/patients/:id/medical-history': { tag: 'Clinical', summary: "Save the medical history as a new version (a receptionist's is the patient's, to be confirmed)", body: medicalHistorySchema },
  'GET /api/admin/patients/:id/medical-history/versions/:version': { tag: 'Clinical', summary: 'One version of the medical history, whole (audited)', response: medicalHistoryVersionAnswer },
  'POST /api/admin/patients/:id/medical-history/versions/:version/confirm': { tag: 'Clinical', summary: 'Confirm the current version the patient gave' },
  'GET /api/admin/patients/:id/visit-notes': { tag: 'Clinical', summary: "The patient's visit notes with their versions and addenda (every read audited)", response: visitNoteAnswer, list: true },
  'POST /api/admin/patients/:id/visit-notes': { tag: 'Clinical', summary: 'Write a visit note', body: visitNoteCreateSchema },
  'GET /api/admin/patients/:id/visit-notes/draft': { tag: 'Clinical', summary: "A new note's prompts, its treatment pre-filled from the day's procedures", query: ['templateId', 'appointmentId'], response: visitNoteDraftAnswer },
  'GET /api/admin/visit-notes': { tag: 'Clinical', summary: 'Visit notes unsigned for more than a day: mine, or all (the owner; 403 to a dentist)', query: ['unsigned'], response: unsignedNoteAnswer, list: true },
  'GET /api/admin/visit-notes/:id': { tag: 'Clinical', summary: 'One visit note (audited)', response: visitNoteAnswer },
  'PUT /api/admin/visit-notes/:id': { tag: 'Clinical', summary: 'Edit an unsigned note (its dentist): a new version', body: visitNoteUpdateSchema },
  'POST /api/admin/visit-notes/:id/sign': { tag: 'Clinical', summary: 'Sign a note (its dentist): it is locked' },
  'POST /api/admin/visit-notes/:id/addenda': { tag: 'Clinical', summary: 'Add an addendum to a signed note', body: addendumSchema },
  'GET /api/admin/visit-note-templates': { tag: 'Clinical', summary: "The visit notes' templates and each procedure code's default text" },
  'PUT /api/admin/visit-note-templates': { tag: 'Clinical', summary: 'Save the templates and default texts (owner)', body: visitNoteTemplatesSchema },
  'GET /api/admin/patients/:id/record.fhir.json': { tag: 'Clinical', summary: "The patient's clinical record as a FHIR R4 Bundle (audited)", produces: 'application/fhir+json', response: fhirRecordAnswer },
  'GET /api/admin/patients/:id/treatment-plans': { tag: 'Plans', summary: "A patient's treatment plans, newest first", response: treatmentPlanAnswer, list: true },
  'POST /api/admin/patients/:id/treatment-plans': { tag: 'Plans', summary: 'Make a treatment plan from planned items: options, visits, prices', body: treatmentPlanSchema },
  'POST /api/admin/patients/:id/treatment-plans/preview': { tag: 'Plans', summary: "A plan's options priced as saving would, nothing written (the editor's live prices)", body: planPreviewSchema },
  'GET /api/admin/patients/:id/billable-items': { tag: 'Plans', summary: 'Completed, unbilled work at its accepted prices', response: billableItemAnswer, list: true },
  'POST /api/admin/patients/:id/invoice-from-completed': { tag: 'Plans', summary: 'Invoice the completed work (201), or 409 when nothing is left to bill', body: invoiceFromCompletedSchema },
  'GET /api/admin/treatment-plans/to-book': { tag: 'Plans', summary: "Accepted plans' visits without an appointment, with their lengths", response: visitToBookAnswer, list: true },
  'GET /api/admin/treatment-plans/follow-up': { tag: 'Plans', summary: 'Proposed plans not accepted after N days, with a WhatsApp text', response: followUpAnswer },
  'GET /api/admin/treatment-plans/:id': { tag: 'Plans', summary: 'A treatment plan with its options, visits, versions and acceptance', response: treatmentPlanAnswer },
  'PUT /api/admin/treatment-plans/:id': { tag: 'Plans', summary: 'Change a plan: a new version, proposed again', body: treatmentPlanSchema },
  'POST /api/admin/treatment-plans/:id/accept': { tag: 'Plans', summary: 'Accept one option with a signature (the others are declined); stores the signed estimate', body: planAcceptSchema },
  'POST /api/admin/treatment-plans/:id/decline': { tag: 'Plans', summary: 'The patient declines the whole plan, or one option, with a reason', body: planDeclineSchema },
  'GET /api/admin/treatment-plans/:id/estimate.pdf': { tag: 'Plans', summary: 'The estimate PDF: the signed one as stored, else a draft', produces: 'application/pdf', query: ['lang'], response: treatmentPlanAnswer },
  'POST /api/admin/treatment-plans/:id/link': { tag: 'Plans', summary: 'A personal link for the patient to accept the plan' },
  'POST /api/admin/treatment-plans/:id/sittings': { tag: 'Plans', summary: 'Record a sitting: teeth done, or the last sitting', body: planSittingSchema },
  'POST /api/admin/treatment-plans/:id/visits/:visit/bookings': { tag: 'Plans', summary: "Link an appointment to a plan's visit", body: planBookingSchema },
  'GET /api/admin/reports/case-acceptance': { tag: 'Plans', summary: 'Case acceptance by dentist and month (owner)', query: ['from', 'to'] },
  'GET /api/admin/reports/case-acceptance.csv': { tag: 'Plans', summary: 'The case-acceptance report as CSV (owner)', query: ['from', 'to'], produces: 'text/csv' },
  'GET /verify': { tag: 'Public', summary: 'The page to check a document: choose the PDF you hold, or type its printed code (?code= answers 303 to /verify/{code})', produces: 'text/html' },
  'POST /verify': { tag: 'Public', summary: 'Whether this exact PDF (multipart field `file`) was issued: { issued, kind?, issuedOn? } as JSON, or the page for a browser; 413 over 20 MB, 415 not a PDF, 429 too many' },
  'GET /verify/:hash': { tag: 'Public', summary: "The document a printed code names: its kind, day, the patient's initials and total (JSON, or the page for a browser)" },
  'GET /plan/:token': { tag: 'Public', summary: "The personal link's page to read and accept a treatment plan (404 once accepted, changed or expired)", produces: 'text/html' },
  'GET /plan{/*rest}': { tag: 'Public', summary: 'A plan link copied wrong: the "not valid" page (404), SITE-30', produces: 'text/html' },
  'GET /:lang/plan{/*rest}': { tag: 'Public', summary: 'A plan link under a language prefix: the "not valid" page in that language (404)', produces: 'text/html' },
  'POST /plan/:token': { tag: 'Public', summary: "Accept a treatment plan (form fields option, signedBy, agree=yes)", produces: 'text/html' },
  'GET /api/admin/appointments': { tag: 'Appointments', summary: 'List appointments (paged, filtered), each with the language it was booked in', query: [...listQuery, 'status', 'from', 'to'] },
  'POST /api/admin/appointments': { tag: 'Appointments', summary: "Book for a patient (existing or new), in the language given, else that of the patient's latest booking", body: z.union([staffBookingForPatientSchema, staffBookingNewPatientSchema]) },
  'GET /api/admin/appointments/calendar': { tag: 'Appointments', summary: 'Appointments of a date range for the calendar', query: ['from', 'to'] },
  'PATCH /api/admin/appointments/:id/reschedule': { tag: 'Appointments', summary: 'Move an appointment', body: rescheduleSchema },
  'PUT /api/admin/appointments/:id': { tag: 'Appointments', summary: "Change an appointment's status", body: appointmentStatusUpdateSchema },
  'PATCH /api/admin/appointments/:id/cancel': { tag: 'Appointments', summary: 'Cancel an appointment' },
  'DELETE /api/admin/appointments/:id': { tag: 'Appointments', summary: 'Delete an appointment' },
  'POST /api/admin/appointments/:id/approve-request': { tag: 'Appointments', summary: "Move an appointment to the time its patient asked for" },
  'GET /api/admin/reminders': { tag: 'Appointments', summary: "Today's and tomorrow's reminders, with their email and WhatsApp state and the booking's language" },
  'POST /api/admin/reminders/:id/whatsapp-sent': { tag: 'Appointments', summary: 'Mark the WhatsApp reminder sent' },
  'GET /api/admin/recall': { tag: 'Patients', summary: "Patients due, overdue or contacted for a check-up, with the language of the last visit's booking" },
  'POST /api/admin/recall/:patientId/email': { tag: 'Patients', summary: 'Email the recall with a booking link; marks contacted' },
  'POST /api/admin/recall/:patientId/contacted': { tag: 'Patients', summary: 'Mark a patient contacted for recall (WhatsApp)' },
  'POST /api/admin/appointments/:id/follow-up': { tag: 'Appointments', summary: 'Book a follow-up visit', body: followUpSchema },
  'POST /api/admin/appointments/:id/arrived': { tag: 'Appointments', summary: "Check in: the patient has arrived (today's appointments)" },
  'DELETE /api/admin/appointments/:id/arrived': { tag: 'Appointments', summary: 'Undo the check-in (not while in the chair)' },
  'POST /api/admin/appointments/:id/in-chair': { tag: 'Appointments', summary: 'The patient is in the chair (after arriving)' },
  'DELETE /api/admin/appointments/:id/in-chair': { tag: 'Appointments', summary: 'Undo "in the chair"' },
  'GET /api/admin/blog-posts': { tag: 'Content', summary: 'All blog posts, drafts too (paged)', query: listQuery },
  'POST /api/admin/blog-posts': { tag: 'Content', summary: 'Write a blog post', body: blogPostSchema, response: blogPost },
  'PUT /api/admin/blog-posts/:id': { tag: 'Content', summary: 'Change a blog post', body: blogPostSchema, response: blogPost },
  'DELETE /api/admin/blog-posts/:id': { tag: 'Content', summary: 'Delete a blog post' },
  'GET /api/admin/reviews': { tag: 'Content', summary: "Patients' reviews, newest first (REV-4)", query: ['status'] },
  'PATCH /api/admin/reviews/:id': { tag: 'Content', summary: 'Approve, hide or reply to a review (REV-4)', body: reviewModerationSchema },
  'GET /api/admin/gallery': { tag: 'Content', summary: 'All gallery images (paged)', query: [...listQuery, 'category'] },
  'POST /api/admin/gallery': { tag: 'Content', summary: 'Add a gallery image', body: galleryImageSchema, response: gallery },
  'PUT /api/admin/gallery/:id': { tag: 'Content', summary: 'Change a gallery image', body: galleryImageSchema, response: gallery },
  'DELETE /api/admin/gallery/:id': { tag: 'Content', summary: 'Delete a gallery image' },
  'POST /api/admin/upload': { tag: 'Content', summary: 'Upload an image (multipart/form-data, field "image")' },
  'GET /api/admin/site-settings/:key': { tag: 'Settings', summary: 'A site setting' },
  'PUT /api/admin/site-settings/:key': { tag: 'Settings', summary: 'Change a site setting', body: siteSettingValueSchema },
  'GET /api/admin/clinic-settings': { tag: 'Settings', summary: 'Opening hours and booking rules' },
  'PUT /api/admin/clinic-settings': { tag: 'Settings', summary: 'Change opening hours and booking rules', body: clinicSettingsSchema },
  'GET /api/admin/closed-dates': { tag: 'Settings', summary: 'Dates the clinic is closed' },
  'POST /api/admin/closed-dates': { tag: 'Settings', summary: 'Close the clinic on a date', body: closedDateSchema },
  'DELETE /api/admin/closed-dates/:date': { tag: 'Settings', summary: 'Open the clinic again on a date' },
  'GET /api/admin/price-list': { tag: 'Billing', summary: 'The price list', query: ['q', 'active'] },
  'POST /api/admin/price-list': { tag: 'Billing', summary: 'Add a price-list item', body: priceListItemSchema, response: priceItem },
  'PUT /api/admin/price-list/:id': { tag: 'Billing', summary: 'Change a price-list item', body: priceListItemSchema, response: priceItem },
  'DELETE /api/admin/price-list/:id': { tag: 'Billing', summary: 'Delete a price-list item' },
  'GET /api/admin/invoices': { tag: 'Billing', summary: 'List invoices (paged, filtered)', query: [...listQuery, 'status'] },
  'POST /api/admin/invoices': { tag: 'Billing', summary: 'Issue an invoice', body: invoiceCreateSchema },
  'GET /api/admin/invoices/:id': { tag: 'Billing', summary: 'One invoice with its items and payments' },
  'GET /api/admin/invoices/:id/pdf': { tag: 'Billing', summary: 'The invoice as a PDF', produces: 'application/pdf' },
  'POST /api/admin/invoices/:id/send': { tag: 'Billing', summary: 'Email the invoice to the patient (through the outbox)' },
  'PATCH /api/admin/invoices/:id/mark-paid': { tag: 'Billing', summary: 'Record the balance as paid', body: markPaidSchema },
  'POST /api/admin/invoices/:id/payments': { tag: 'Billing', summary: 'Record a payment', body: paymentCreateSchema },
  'GET /api/admin/invoices/:id/payments/:paymentId/receipt': { tag: 'Billing', summary: 'A payment receipt as a PDF', produces: 'application/pdf' },
  'DELETE /api/admin/invoices/:id': { tag: 'Billing', summary: 'Cancel an invoice' },
  'POST /api/admin/invoices/:id/apply-credit': { tag: 'Billing', summary: "Pay an invoice from the patient's unused advances", body: applyCreditSchema },
  'POST /api/admin/invoices/:id/credit-notes': { tag: 'Billing', summary: 'Issue a credit note reversing invoice lines (owner only)', body: creditNoteCreateSchema },
  'GET /api/admin/credit-notes/:id': { tag: 'Billing', summary: 'One credit note with its lines' },
  'GET /api/admin/credit-notes/:id.pdf': { tag: 'Billing', summary: "A credit note as a PDF in the patient's language", produces: 'application/pdf', query: ['lang'] },
  'POST /api/admin/patients/:id/advances': { tag: 'Billing', summary: 'Record an advance: money received before an invoice exists', body: advanceCreateSchema },
  'GET /api/admin/patients/:id/credit': { tag: 'Billing', summary: "A patient's advances and unused credit" },
  'POST /api/admin/payments/:id/refund': { tag: 'Billing', summary: 'Refund part or all of a payment or an advance', body: refundCreateSchema },
  'GET /api/admin/reports/gst': { tag: 'Reports', summary: 'GST summary of a month', query: ['month'] },
  'GET /api/admin/reports/gst.csv': { tag: 'Reports', summary: 'GST summary of a month as CSV', query: ['month'], produces: 'text/csv' },
  'GET /api/admin/reports/day-end': { tag: 'Reports', summary: "A clinic day's money by mode and staff, refunds and advances", query: ['date'] },
  'GET /api/admin/reports/day-end.csv': { tag: 'Reports', summary: 'The day-end collection as CSV', query: ['date'], produces: 'text/csv' },
  'GET /api/admin/reports/dues': { tag: 'Reports', summary: 'Who owes what, by age of the debt, less unused credit', query: ['asOf'] },
  'GET /api/admin/reports/dues.csv': { tag: 'Reports', summary: 'The dues report as CSV', query: ['asOf'], produces: 'text/csv' },
  'GET /api/admin/export/:file': { tag: 'Reports', summary: 'Export a table as CSV', produces: 'text/csv' },
  'GET /api/admin/audit': { tag: 'Staff', summary: 'The audit trail (paged, filtered)', query: ['user', 'entity', 'entityId', 'from', 'to', 'limit', 'offset', 'cursor'] },
  'GET /api/admin/users': { tag: 'Staff', summary: 'Staff accounts' },
  'POST /api/admin/users': { tag: 'Staff', summary: 'Add a staff account (with a temporary password)', body: staffCreateSchema },
  'PUT /api/admin/users/:id': { tag: 'Staff', summary: 'Change a staff account', body: staffUpdateSchema },
  'DELETE /api/admin/users/:id': { tag: 'Staff', summary: 'Remove a staff account' },
  // Operations and files
  'GET /healthz': { tag: 'Operations', summary: 'Health: 200 when the database answers, else 503' },
  'GET /api/openapi.json': { tag: 'Operations', summary: 'This document' },
  'GET /api/docs': { tag: 'Operations', summary: 'The browsable API reference', produces: 'text/html' },
  'GET /api/docs/:file': { tag: 'Operations', summary: "The reference page's own scripts and styles", produces: 'application/octet-stream' },
  'GET /media/:name': { tag: 'Files', summary: 'An uploaded image', produces: 'image/*' },
  'GET /desktop/updates/:file': { tag: 'Files', summary: "The desktop app's update feed (latest.yml, installers)", produces: 'application/octet-stream' },
  'GET /robots.txt': { tag: 'Files', summary: 'robots.txt', produces: 'text/plain' },
  'GET /sitemap.xml': { tag: 'Files', summary: 'The sitemap of the public site', produces: 'application/xml' },
};

/**
 * Routes that answer HTML pages for browsers, not an API: catch-all patterns OpenAPI paths cannot spell.
 * They are left out of the document on purpose (the test holds this list to the mounted routes too).
 */
export const PAGE_ROUTES = new Set(['GET /admin{/*rest}', 'GET /{*rest}']);
