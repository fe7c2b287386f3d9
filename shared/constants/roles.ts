// Staff roles and what each may do. The server checks every admin route against this table (a route
// declares the capability it needs); the admin reads the same table to hide what a role cannot do.

export const staffRoles = ['owner', 'receptionist'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const roleLabels: Record<StaffRole, string> = { owner: 'Owner', receptionist: 'Receptionist' };

/**
 * What a route may need. The owner may do everything; a receptionist runs the front desk and billing:
 * patients, appointments, invoices (create, send, record payments), but deletes no patient or invoice,
 * and has no access to the website's content, the settings (the price list is read, to bill from it),
 * the reports, staff accounts or the audit trail.
 */
export const capabilities = {
  'dashboard': { roles: ['owner', 'receptionist'], what: 'see the dashboard' },
  'patients.read': { roles: ['owner', 'receptionist'], what: 'see patients' },
  'patients.write': { roles: ['owner', 'receptionist'], what: 'add and edit patients' },
  'patients.delete': { roles: ['owner'], what: 'delete patients' },
  'appointments.read': { roles: ['owner', 'receptionist'], what: 'see appointments' },
  'appointments.write': { roles: ['owner', 'receptionist'], what: 'book and change appointments' },
  'invoices.read': { roles: ['owner', 'receptionist'], what: 'see invoices' },
  'invoices.write': { roles: ['owner', 'receptionist'], what: 'create and send invoices and record payments' },
  'invoices.cancel': { roles: ['owner'], what: 'cancel invoices' },
  'settings.read': { roles: ['owner', 'receptionist'], what: "read the clinic's settings" },
  'settings.write': { roles: ['owner'], what: "change the clinic's settings" },
  'content': { roles: ['owner'], what: "change the website's blog and gallery" },
  'reports': { roles: ['owner'], what: 'see the GST report' },
  'export': { roles: ['owner'], what: 'export the patient, appointment and invoice lists' },
} as const satisfies Record<string, { roles: readonly StaffRole[]; what: string }>;

export type Capability = keyof typeof capabilities;

export function roleCan(role: StaffRole, capability: Capability): boolean {
  return (capabilities[capability].roles as readonly StaffRole[]).includes(role);
}

/** The 403 message for a capability the role lacks, e.g. "Only the owner can delete patients." */
export const forbiddenMessage = (capability: Capability) => `Only the owner can ${capabilities[capability].what}.`;
