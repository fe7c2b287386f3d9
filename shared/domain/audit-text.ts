import { roleLabels } from '../constants/roles';
import { timeSlotLabel, treatmentLabel } from '../constants/booking';
import { languageNames, isLang } from '../i18n/types';
import { formatDate, formatDateTime, formatSentenceDate, formatSentenceDateTime, formatTime } from './dates';
import { formatRupees, formatRupeesExact, toPaise } from './money';
import { formatPhone } from './phone';

// ADMIN-25..ADMIN-27: the audit trail as an owner reads it. Every row is one sentence ("Priya moved Kabir
// Deshmukh's appointment from 8 December 2026, 11:00 AM to 10 December 2026, 11:00 AM") and the fields it
// changed, each value as the screens show it (dates in UI-17's styles, phones as written, languages by name,
// rupees, statuses by their labels, opening hours as the days that changed).
//
// ADMIN-26: the labels below are the one registry of every action, kind of record and field the code
// writes. A new `audit(trx, { action, entity, changes })` call needs its labels here:
//   - a kind of record:            ENTITY_LABELS    ('credit-note': 'Credit note') and ENTITY_THINGS (how a
//                                                    sentence names one: 'credit note {id}')
//   - an action:                   ACTION_SENTENCES ('issue': '{who} issued {thing}'), or for one kind of
//                                                    record only '{entity}:{action}' ('credit-note:issue')
//   - a field of its changes:      FIELD_LABELS     ('creditNoteNumber': 'Credit note number'), or
//                                                    HIDDEN_FIELDS when nobody needs to read it
// api/test/security/audit-labels.test.ts reads every audit call of api/ and fails naming what is missing.

/** What the record filter and a row's badge call each kind of record. */
export const ENTITY_LABELS: Record<string, string> = {
  'appointment': 'Appointment',
  'patient': 'Patient',
  'invoice': 'Invoice',
  'credit-note': 'Credit note',
  'payment': 'Payment',
  'user': 'Staff account',
  'price-list-item': 'Price list item',
  'blog-post': 'Blog post',
  'gallery-image': 'Gallery image',
  'site-setting': 'Website setting',
  'clinic-settings': 'Clinic settings',
  'closed-date': 'Closed date',
  'review': 'Review',
  'treatment-plan': 'Treatment plan',
  'clinical-item': 'Chart entry',
  'chart-finding': 'Chart finding',
  'visit-note': 'Visit note',
  'visit-note-templates': 'Visit note templates',
  'medical-history': 'Medical history',
  'report': 'Report',
  'export': 'List export',
};

/**
 * How a sentence names one record of a kind. {name}: the person it is about (the patient, the staff member);
 * {whose}: their name with 's ("Kabir Deshmukh's"); {id}: the record's number; {title}: its name in the
 * change (a blog post's title, a price's name); {date}: a closed date, as in a sentence.
 */
export const ENTITY_THINGS: Record<string, { named: string; unnamed: string }> = {
  'appointment': { named: "{whose} appointment", unnamed: 'appointment {id}' },
  'patient': { named: '{name}', unnamed: 'patient {id}' },
  'invoice': { named: 'invoice {name}', unnamed: 'invoice {id}' },
  'credit-note': { named: 'credit note {name}', unnamed: 'credit note {id}' },
  'payment': { named: 'payment {id}', unnamed: 'payment {id}' },
  'user': { named: "{whose} staff account", unnamed: 'staff account {id}' },
  'price-list-item': { named: 'the price list item “{title}”', unnamed: 'price list item {id}' },
  'blog-post': { named: 'the blog post “{title}”', unnamed: 'blog post {id}' },
  'gallery-image': { named: 'the gallery image “{title}”', unnamed: 'gallery image {id}' },
  'site-setting': { named: 'the website’s {title}', unnamed: 'the website’s {title}' },
  'clinic-settings': { named: 'the clinic settings', unnamed: 'the clinic settings' },
  'closed-date': { named: 'the closed date {date}', unnamed: 'the closed date {date}' },
  'review': { named: 'a review', unnamed: 'a review' },
  'treatment-plan': { named: "{whose} treatment plan", unnamed: 'treatment plan {id}' },
  'clinical-item': { named: "a chart entry of {name}", unnamed: 'chart entry {id}' },
  'chart-finding': { named: 'the chart finding {id}', unnamed: 'the chart finding {id}' },
  'visit-note': { named: "{whose} visit note", unnamed: 'visit note {id}' },
  'visit-note-templates': { named: 'the visit note templates', unnamed: 'the visit note templates' },
  'medical-history': { named: "{whose} medical history", unnamed: 'medical history {id}' },
  'report': { named: 'the {title} report', unnamed: 'the {title} report' },
  'export': { named: 'the {title} list', unnamed: 'the {title} list' },
};

/**
 * One sentence per action: '{who}' is whoever did it, '{thing}' the record (ENTITY_THINGS), '{name}' and
 * '{whose}' the person it is about, '{old:field}' and '{new:field}' a changed value as a sentence says it
 * ('{new:when}' is an appointment's date and time together). '{entity}:{action}' wins over '{action}'.
 */
export const ACTION_SENTENCES: Record<string, string> = {
  'create': '{who} added {thing}',
  'update': '{who} changed {thing}',
  'delete': '{who} deleted {thing}',
  'cancel': '{who} cancelled {thing}',
  'status': '{who} marked {thing} as {new:status}',
  'export': '{who} exported {thing}',
  'send': '{who} emailed {thing} to {new:sentTo}',
  'payment': '{who} recorded a payment on {thing}',
  'mark-paid': '{who} marked {thing} as paid',
  'apply-credit': '{who} paid {thing} from the patient’s advance',
  'refund': '{who} recorded a refund on {thing}',
  'credit': '{who} reversed part of {thing} by credit note {new:creditNote}',
  'release': '{who} released {thing} from its invoice by credit note {new:creditNote}',
  'advance': '{who} recorded an advance from {name}',
  'bill': '{who} billed chart entries of {name}',
  'erase': '{who} erased {thing} (data rights)',
  'merge': '{who} merged another record into {thing}',
  'merged-into': '{who} merged {thing} into another record',
  'unmerge': '{who} undid a merge into {thing}',
  'unmerged': '{who} restored {thing} from a merge',
  'read-alerts': '{who} viewed {whose} medical alerts',
  'read-chart': '{who} opened {whose} chart',
  'read-medical-history': '{who} opened {whose} medical history',
  'read-plans': '{who} viewed {whose} treatment plans',
  'read-record': '{who} exported {whose} clinical record',
  'read-visit-notes': '{who} read {whose} visit notes',
  'sign-in': '{who} signed in',
  'sign-in-failed': 'A sign-in to {thing} failed',
  'sign-out': '{who} signed out',
  'change-password': '{who} changed their password',
  'change-password-failed': '{who} gave a wrong current password when changing it',
  'reset-password': '{who} set a new password for {thing}',
  'end-session': '{who} signed out one of their sessions',
  'disable': '{who} disabled {thing}',
  'enable': '{who} enabled {thing}',
  'appointment:create': '{who} booked {thing} for {new:when}',
  'appointment:create:website': '{name} booked an appointment on the website for {new:when}',
  'appointment:cancel:personal-link': '{name} cancelled their appointment of {old:when} through their personal link',
  'appointment:request-time:personal-link': '{name} asked through their personal link to move their appointment to {new:requested}',
  'appointment:reschedule': '{who} moved {thing} from {old:when} to {new:when}',
  'appointment:cancel': '{who} cancelled {thing}',
  'appointment:delete': '{who} deleted {thing} of {old:when}',
  'appointment:request-time': '{who} asked to move {thing} to {new:requested}',
  'appointment:follow-up': '{who} emailed {name} a follow-up date, {new:followUpDate}',
  'appointment:arrived': '{who} marked {name} as arrived',
  'appointment:in-chair': '{who} marked {name} as in the chair',
  'appointment:undo-arrived': '{who} undid {whose} arrival',
  'appointment:undo-in-chair': '{who} undid {whose} move to the chair',
  'patient:create': '{who} added the patient {name}',
  'patient:update': '{who} changed {whose} details',
  'patient:delete': '{who} deleted the patient {name}',
  'invoice:create': '{who} issued {thing}',
  'user:create': '{who} added {thing}',
  'site-setting:update': '{who} changed {thing}',
  'clinic-settings:update': '{who} changed the clinic settings',
  'closed-date:create': '{who} closed the clinic on {date}',
  'closed-date:delete': '{who} reopened the clinic on {date}',
  'review:update': '{who} moderated {thing}',
  'treatment-plan:accept': '{who} recorded the acceptance of {thing}',
  'treatment-plan:decline': '{who} recorded that {name} declined {thing}',
  'treatment-plan:supersede': '{who} marked {thing} superseded by plan {new:supersededBy}, accepted later for the same work',
  'treatment-plan:link': '{who} made a personal link to {thing}',
  'treatment-plan:book-visit': '{who} linked an appointment to visit {new:visit} of {thing}',
  'clinical-item:create': '{who} added a chart entry',
  'clinical-item:update': '{who} changed the status of {thing} to {new:status}',
  'clinical-item:invalidate': '{who} marked {thing} as entered in error',
  'clinical-item:sitting': '{who} recorded a sitting of {thing}',
  'visit-note:create': '{who} wrote a visit note',
  'visit-note:update': '{who} edited {thing}',
  'visit-note:sign': '{who} signed {thing}',
  'visit-note:addendum': '{who} added an addendum to {thing}',
  'medical-history:create': '{who} recorded a medical history',
  'medical-history:confirm': '{who} confirmed {thing} with the patient',
};

/** What the fields are called. */
export const FIELD_LABELS: Record<string, string> = {
  'treatedBy': 'Treated by chart entry',
  'performedOn': 'Work done on',
  'enteredLater': 'Recorded later',
  'supersededBy': 'Superseded by plan',
  'creditNoteNumber': 'Credit note number',
  'creditNote': 'Credit note',
  'creditedAmount': 'Amount credited',
  'billedOnInvoice': 'Billed on invoice',
  'lines': 'Lines credited',
  // people
  firstName: 'First name',
  lastName: 'Last name',
  patient: 'Patient',
  patientId: 'Patient record',
  fileNumber: 'File number',
  phone: 'Phone',
  alternatePhone: 'Other phone',
  email: 'Email',
  dob: 'Date of birth',
  dateOfBirth: 'Date of birth',
  gender: 'Gender',
  address: 'Address',
  city: 'City',
  language: 'Language',
  guardianId: 'Guardian',
  internalNotes: 'Internal notes',
  notes: 'Notes',
  medicalAlerts: 'Medical alerts',
  allergies: 'Allergies',
  conditions: 'Medical conditions',
  medications: 'Medicines',
  recallContactedAt: 'Contacted for a check-up on',
  mergedAt: 'Merged on',
  mergedIntoId: 'Merged into record',
  mergeId: 'Merge',
  mergedPatient: 'Merged record',
  restoredPatientId: 'Restored record',
  restored: 'Restored',
  leftChanged: 'Left as changed',
  moved: 'Moved',
  erased: 'Erased',
  // appointments
  preferredDate: 'Date',
  preferredTime: 'Time',
  requestedDate: 'Date asked for',
  requestedTime: 'Time asked for',
  treatment: 'Treatment',
  status: 'Status',
  source: 'Booked through',
  recordedLater: 'Written to the trail later, from the booking',
  bookedAnyway: 'Booked over a full slot',
  followUpDate: 'Follow-up date',
  arrivedAt: 'Arrived at',
  inChairAt: 'In the chair at',
  reason: 'Reason',
  date: 'Date',
  // billing
  invoiceId: 'Invoice',
  invoiceNumber: 'Invoice number',
  itemIds: 'Chart entries',
  amountPaid: 'Amount paid',
  totalAmount: 'Total',
  taxPercentage: 'GST rate',
  taxAmount: 'GST',
  payment: 'Payment',
  advance: 'Advance',
  refund: 'Refund',
  sentTo: 'Sent to',
  name: 'Name',
  description: 'Description',
  price: 'Price',
  unitPrice: 'Price',
  category: 'Category',
  sacCode: 'SAC',
  sac: 'SAC',
  hsn: 'HSN',
  taxRate: 'GST rate',
  isActive: 'Shown',
  defaultPrice: 'Default price',
  chartCode: 'Chart code',
  chartNames: 'Names on the chart',
  chartDraw: 'Drawn on the chart as',
  chartTakesSurfaces: 'Takes tooth surfaces',
  chartSpansTeeth: 'Spans several teeth',
  chartMultiSitting: 'Takes several sittings',
  gstin: 'GSTIN',
  upiId: 'UPI ID',
  // staff
  displayName: 'Name',
  role: 'Role',
  disabledAt: 'Disabled on',
  passwordIsTemporary: 'Temporary password',
  mustChangePassword: 'Must change password',
  // content
  title: 'Title',
  author: 'Author',
  thumbnailUrl: 'Thumbnail',
  slug: 'Web address',
  excerpt: 'Summary',
  content: 'Text',
  body: 'Text',
  imageUrl: 'Picture',
  image: 'Picture',
  alt: 'Picture description',
  caption: 'Caption',
  isPublished: 'Published',
  publishedAt: 'Published on',
  sortOrder: 'Position',
  reply: 'Reply',
  value: 'Value',
  // clinic settings
  openingHours: 'Opening hours',
  timeSlots: 'Time slots',
  lastAppointmentMinutesBeforeClosing: 'Last appointment before closing (minutes)',
  slotCapacity: 'Bookings per slot',
  bookingWindowDays: 'Days ahead a visitor may book',
  reminderHoursBefore: 'Reminder (hours before)',
  notificationEmail: 'New-booking emails to',
  reviewRequests: 'Review requests',
  reviewRequestDelayHours: 'Review request (hours after)',
  recallMonths: 'Check-up due after (months)',
  // clinical records
  version: 'Version',
  visit: 'Visit',
  appointmentId: 'Appointment',
  planId: 'Treatment plan',
  option: 'Option',
  options: 'Options',
  teeth: 'Teeth',
  surfaces: 'Surfaces',
  final: 'Final sitting',
  code: 'Code',
  finding: 'Finding',
  note: 'Note',
  noteId: 'Visit note',
  addendumId: 'Addendum',
  signedAt: 'Signed at',
  invalidReason: 'Reason it is invalid',
  procedureTexts: 'Procedure texts',
  templates: 'Templates',
  expiresAt: 'Valid until',
  documentHash: 'Signed document',
  document: 'Document',
  draft: 'Draft of the day',
  unsigned: 'Unsigned notes',
  at: 'As it stood on',
  // exports and reads
  list: 'List',
  report: 'Report',
  format: 'Format',
  file: 'File',
  month: 'Month',
  from: 'From',
  to: 'To',
  asOf: 'As of',
  q: 'Search',
  kind: 'Kind',
  mode: 'Mode',
  reference: 'Reference',
  paidOn: 'Paid on',
  amount: 'Amount',
};

/** Fields a person need not read: a record's own number, and a change's bookkeeping. */
export const HIDDEN_FIELDS = new Set(['id', 'createdAt', 'updatedAt', 'passwordHash', 'bookedBy', 'bookedByName', 'confirmedAt', 'requestedAt', 'createdBy']);

/** 'preferredDate' -> 'Preferred date': only for a field written before its label (old rows); the label test keeps new ones labelled. */
function words(name: string): string {
  const spaced = name
    .replace(/[_.-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export const fieldLabel = (field: string): string => FIELD_LABELS[field] ?? words(field);
export const entityLabel = (entity: string): string => ENTITY_LABELS[entity] ?? words(entity);
/**
 * The sentence of an action on a kind of record, if the registry has one; a change the patient made (the
 * website, their personal link) may have its own, keyed '{entity}:{action}:website' or ':personal-link'.
 */
export function actionSentence(entity: string, action: string, userName: string | null = null): string | undefined {
  const channel = userName === WEBSITE_ACTOR ? 'website' : userName === PATIENT_LINK_ACTOR ? 'personal-link' : null;
  return (channel ? ACTION_SENTENCES[`${entity}:${action}:${channel}`] : undefined) ?? ACTION_SENTENCES[`${entity}:${action}`] ?? ACTION_SENTENCES[action];
}

const MONEY = /(amount|price|total|subtotal|balance|revenue|fee|paid)$/i;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const TIME = /^\d{2}:\d{2}(:\d{2})?$/;
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const SOURCES: Record<string, string> = { online: 'the website', staff: 'the front desk' };
const LANGUAGES_IN_ENGLISH: Record<string, string> = { en: 'English', mr: 'Marathi', hi: 'Hindi' };

const isNumberLike = (v: unknown) => (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v));
const statusLabel = (value: string) => (value === 'no-show' ? 'No-show' : words(value));

/** A day's sessions: '10:00 AM - 2:00 PM, 5:00 PM - 9:00 PM', or 'Closed'. */
function sessionsText(value: unknown): string {
  if (!Array.isArray(value) || value.length === 0) return 'Closed';
  return value
    .map((s) => (s && typeof s === 'object' && 'open' in s && 'close' in s ? `${timeSlotLabel(String(s.open))} - ${timeSlotLabel(String(s.close))}` : String(s)))
    .join(', ');
}

/** One value of a field, as the screens show it. */
export function formatAuditValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'openingHours' && typeof value === 'object') {
    return WEEKDAYS.filter((d) => d in (value as object)).map((d) => `${words(d)}: ${sessionsText((value as Record<string, unknown>)[d])}`).join('; ');
  }
  if (WEEKDAYS.includes(field)) return sessionsText(value);
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((v) => formatAuditValue(field, v)).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .filter(([k, v]) => !HIDDEN_FIELDS.has(k) && v !== null && v !== undefined && v !== '')
      .map(([k, v]) => `${fieldLabel(k)}: ${formatAuditValue(k, v)}`)
      .join('; ');
  }
  const text = String(value);
  if (/phone$/i.test(field)) return formatPhone(text);
  if (field === 'language') return LANGUAGES_IN_ENGLISH[text] ?? (isLang(text) ? languageNames[text] : text);
  if (field === 'source') return SOURCES[text] ?? text;
  if (/percentage$|rate$/i.test(field) && isNumberLike(value)) return `${Number(value)}%`;
  if (MONEY.test(field) && isNumberLike(value)) {
    return toPaise(value as string | number) % 100 === 0 ? formatRupees(value as string | number) : formatRupeesExact(value as string | number);
  }
  if (field === 'role' && text in roleLabels) return roleLabels[text as keyof typeof roleLabels];
  if (/status$/i.test(field) || field === 'mode' || field === 'kind') return statusLabel(text);
  if (field === 'treatment') return treatmentLabel(text);
  if (DATE_ONLY.test(text)) return formatDate(text);
  if (INSTANT.test(text) && !Number.isNaN(Date.parse(text))) return formatDateTime(text);
  if (TIME.test(text)) return formatTime(text.slice(0, 5));
  return text;
}

/** A value inside a sentence: a date in words, with its time when it has one. */
function sentenceValue(field: string, value: unknown): string {
  const text = typeof value === 'string' ? value : '';
  if (DATE_ONLY.test(text)) return formatSentenceDate(text);
  if (INSTANT.test(text) && !Number.isNaN(Date.parse(text))) return formatSentenceDateTime(text);
  return formatAuditValue(field, value);
}

export type AuditChangeSet = Record<string, { old: unknown; new: unknown }> | null;

/** What a row is about, at the row's time (api/services/staff/audit-trail.ts reads it). */
export interface AuditAbout {
  /** The person: the patient, the staff member; an invoice's number. */
  name?: string | null;
  /** An appointment's date and time as it was after this row (the state at the row's time). */
  date?: string | null;
  time?: string | null;
}

export interface AuditDetail {
  field: string;
  label: string;
  old: string;
  new: string;
}

export interface AuditRowText {
  sentence: string;
  details: AuditDetail[];
}

/** Who did it, as the sentence's subject: a staff member, the patient through their link, the website. */
function whoOf(userName: string | null, about: AuditAbout): string {
  if (userName === PATIENT_LINK_ACTOR) return `${about.name || 'The patient'} (personal link)`;
  if (userName === WEBSITE_ACTOR) return `${about.name || 'A visitor'} (website)`;
  return userName || 'Someone not signed in';
}

/** The names the services give the actor of a change nobody signed in made. */
export const PATIENT_LINK_ACTOR = 'patient (personal link)';
export const WEBSITE_ACTOR = 'website';

/** The row as a sentence and the fields it changed, formatted. */
export function describeAuditRow(row: { action: string; entity: string; entityId: string | null; userName: string | null; changes: AuditChangeSet }, about: AuditAbout): AuditRowText {
  const changes = row.changes ?? {};
  const used = new Set<string>();
  const change = (side: 'old' | 'new', field: string): string => {
    if (field === 'when' || field === 'requested') {
      const [d, t] = field === 'when' ? ['preferredDate', 'preferredTime'] : ['requestedDate', 'requestedTime'];
      used.add(d).add(t);
      // A part the row did not change is the one the appointment had at the row's time.
      const date = (changes[d] ? (changes[d][side] as string | null) : null) ?? (d === 'preferredDate' ? about.date : null);
      const time = (changes[t] ? (changes[t][side] as string | null) : null) ?? (t === 'preferredTime' ? about.time : null);
      return date ? formatSentenceDateTime(date, time ?? null) : 'another time';
    }
    used.add(field);
    return sentenceValue(field, changes[field]?.[side]);
  };
  const name = about.name ?? null;
  const title = String(changes.title?.new ?? changes.title?.old ?? changes.name?.new ?? changes.name?.old ?? changes.caption?.new ?? changes.report?.new ?? changes.list?.new ?? (row.entity === 'site-setting' ? words(row.entityId ?? 'setting') : ''));
  const things = ENTITY_THINGS[row.entity];
  const thingTemplate = things ? (name || (title && !things.named.includes('{name}') && !things.named.includes('{whose}')) ? things.named : things.unnamed) : `${entityLabel(row.entity).toLowerCase()} {id}`;
  const fill = (template: string): string =>
    template
      .replace(/\{(old|new):(\w+)\}/g, (_, side: 'old' | 'new', field: string) => change(side, field))
      .replace(/\{thing\}/g, () => fill(thingTemplate))
      .replace(/\{who\}/g, () => whoOf(row.userName, about))
      .replace(/\{whose\}/g, () => (name ? `${name}'s` : "a patient's"))
      .replace(/\{name\}/g, () => name || 'a patient')
      .replace(/\{title\}/g, () => title || 'untitled')
      .replace(/\{date\}/g, () => (row.entityId && DATE_ONLY.test(row.entityId) ? formatSentenceDate(row.entityId) : (row.entityId ?? '')))
      .replace(/\{id\}/g, () => (row.entityId ? `#${row.entityId}` : ''));
  const template = actionSentence(row.entity, row.action, row.userName) ?? `{who} did “${words(row.action).toLowerCase()}” on {thing}`;
  const sentence = fill(template).replace(/\s+/g, ' ').trim();
  const capitalised = sentence.charAt(0).toUpperCase() + sentence.slice(1);

  const details: AuditDetail[] = [];
  for (const [field, value] of Object.entries(changes)) {
    if (HIDDEN_FIELDS.has(field) || used.has(field) || !value || typeof value !== 'object') continue;
    // ADMIN-27: the opening hours as the days that changed, each with its sessions before and after.
    if (field === 'openingHours' && value.old && value.new && typeof value.old === 'object' && typeof value.new === 'object') {
      for (const day of WEEKDAYS) {
        const [o, n] = [(value.old as Record<string, unknown>)[day], (value.new as Record<string, unknown>)[day]];
        if (JSON.stringify(o ?? null) !== JSON.stringify(n ?? null)) details.push({ field: `openingHours.${day}`, label: `${words(day)} hours`, old: sessionsText(o), new: sessionsText(n) });
      }
      continue;
    }
    const [o, n] = [formatAuditValue(field, value.old), formatAuditValue(field, value.new)];
    if (o === '—' && n === '—') continue;
    details.push({ field, label: fieldLabel(field), old: o, new: n });
  }
  return { sentence: capitalised, details };
}

/** The row's heading: what it was about at its time ("Kabir Deshmukh, 08/12/2026, 11:00 AM"). */
export function auditHeading(entity: string, about: AuditAbout): string | null {
  if (entity === 'appointment') {
    const when = about.date ? formatDateTime(about.date, about.time ?? null) : '';
    return [about.name, when].filter(Boolean).join(', ') || null;
  }
  return about.name || null;
}
