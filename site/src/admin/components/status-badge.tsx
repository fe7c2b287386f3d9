// Status badges with AA contrast. APPT-6: confirmed and completed green, pending amber, cancelled red,
// anything else grey (matched case-insensitively); invoices (INV-25): paid green, partially paid blue,
// pending amber, overdue red, cancelled grey.

export type BadgeTone = 'green' | 'amber' | 'red' | 'grey' | 'blue';

export function Badge({ tone, children }: { tone: BadgeTone; children: string }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}

function capitalise(value: string): string {
  return value ? value.charAt(0).toUpperCase() + value.slice(1).toLowerCase() : 'Unknown';
}

export function appointmentTone(status: string): BadgeTone {
  switch (status.toLowerCase()) {
    case 'confirmed':
    case 'completed':
      return 'green';
    case 'pending':
      return 'amber';
    case 'cancelled':
      return 'red';
    default:
      return 'grey';
  }
}

export function AppointmentStatusBadge({ status }: { status: string }) {
  return <Badge tone={appointmentTone(status)}>{capitalise(status)}</Badge>;
}

export function invoiceTone(status: string): BadgeTone {
  switch (status.toLowerCase()) {
    case 'paid':
      return 'green';
    case 'pending':
      return 'amber';
    case 'partially-paid':
      return 'blue';
    case 'overdue':
      return 'red';
    default:
      return 'grey';
  }
}

/** 'partially-paid' reads 'Partially paid'. */
export function invoiceStatusLabel(status: string): string {
  return capitalise(status.replace(/-/g, ' '));
}

export function InvoiceStatusBadge({ status }: { status: string }) {
  return <Badge tone={invoiceTone(status)}>{invoiceStatusLabel(status)}</Badge>;
}
