import { timeSlotLabel, treatmentLabel } from '../../../../../shared/constants/booking';
import { formatDate, formatDateTime } from '../../../../../shared/domain/dates';
import { formatRupees, formatRupeesExact, toPaise } from '../../../../../shared/domain/money';

// ADMIN-24: the audit trail as an owner reads it: a field's name in words, its values in the clinic's
// formats (rupees, UI-6's dates, statuses by their labels, Yes/No), never raw JSON.

/** Names that the camelCase-to-words rule would not say well. */
const FIELD_LABELS: Record<string, string> = {
  patientId: 'Patient record',
  preferredDate: 'Date',
  preferredTime: 'Time',
  requestedDate: 'Date asked for',
  requestedTime: 'Time asked for',
  followUpDate: 'Follow-up date',
  taxPercentage: 'GST rate',
  taxAmount: 'GST',
  totalAmount: 'Total',
  amountPaid: 'Amount paid',
  dob: 'Date of birth',
  dateOfBirth: 'Date of birth',
  sentTo: 'Sent to',
  passwordIsTemporary: 'Temporary password',
  isPublished: 'Published',
  isActive: 'Shown',
  gstin: 'GSTIN',
  sac: 'SAC',
  hsn: 'HSN',
  upiId: 'UPI ID',
  invalidReason: 'Reason it is invalid',
  bookAnyway: 'Booked anyway',
};

/** 'preferredDate' -> 'Preferred date', 'no_show_at' -> 'No show at', 'site-setting' -> 'Site setting'. */
function words(name: string): string {
  const spaced = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? words(field);
}

const MONEY = /(amount|price|total|subtotal|balance|revenue|fee|paid)$/i;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const TIME = /^\d{2}:\d{2}(:\d{2})?$/;

/** A status as the screens label it: 'no-show' -> 'No-show', 'partially-paid' -> 'Partially paid'. */
function statusLabel(value: string): string {
  if (value === 'no-show') return 'No-show';
  return words(value);
}

const isNumberLike = (v: unknown) => (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v));

/** One value of a field, as a person reads it. */
export function formatAuditValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((v) => formatAuditValue(field, v)).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${fieldLabel(k)}: ${formatAuditValue(k, v)}`)
      .join('; ');
  }
  if (/percentage$/i.test(field) && isNumberLike(value)) return `${Number(value)}%`;
  if (MONEY.test(field) && isNumberLike(value)) {
    return toPaise(value as string | number) % 100 === 0 ? formatRupees(value as string | number) : formatRupeesExact(value as string | number);
  }
  const text = String(value);
  if (/status$/i.test(field) || field === 'role' || field === 'mode' || field === 'kind') return statusLabel(text);
  if (field === 'treatment') return treatmentLabel(text);
  if (DATE_ONLY.test(text)) return formatDate(text);
  if (INSTANT.test(text) && !Number.isNaN(Date.parse(text))) return formatDateTime(text);
  if (TIME.test(text) && /time$/i.test(field)) return timeSlotLabel(text.slice(0, 5));
  return text;
}
