// Staff roles and what each may do. The server checks every admin route against this table (a route
// declares the capability it needs); the admin reads the same table to hide what a role cannot do.

export const staffRoles = ['owner', 'dentist', 'receptionist'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const roleLabels: Record<StaffRole, string> = { owner: 'Owner', dentist: 'Dentist', receptionist: 'Receptionist' };

/** How a refusal names who may: "the owner", "a dentist". */
const roleInSentence: Record<StaffRole, string> = { owner: 'the owner', dentist: 'a dentist', receptionist: 'a receptionist' };

/**
 * What a route may need. The owner may do everything; a receptionist runs the front desk and billing:
 * patients, appointments, invoices (create, send, record payments), but deletes no patient or invoice,
 * and has no access to the website's content, the settings (the price list is read, to bill from it),
 * the reports, staff accounts or the audit trail. CHART-5: a dentist reads and writes the clinical record,
 * sees and edits patients (their alerts) and sees appointments; no billing, content, settings, reports,
 * staff, audit or deleting. A receptionist sees the chart (to book and bill from it) but does not write it.
 */
export const capabilities = {
  'dashboard': { roles: ['owner', 'dentist', 'receptionist'], what: 'see the dashboard' },
  'patients.read': { roles: ['owner', 'dentist', 'receptionist'], what: 'see patients' },
  'patients.write': { roles: ['owner', 'dentist', 'receptionist'], what: 'add and edit patients' },
  'patients.delete': { roles: ['owner'], what: 'delete patients' },
  // PAT-15: merging two records of one person: the desk merges records without clinical data; records that
  // hold any are merged by the owner or a dentist (checked by the merge itself). PAT-16: undone by the owner.
  'patients.merge': { roles: ['owner', 'dentist', 'receptionist'], what: 'merge patient records' },
  'merges.undo': { roles: ['owner'], what: 'undo a merge of patient records' },
  'clinical.read': { roles: ['owner', 'dentist', 'receptionist'], what: "see patients' charts" },
  'clinical.write': { roles: ['owner', 'dentist'], what: 'change the clinical record' },
  // MED-6: a receptionist may copy the patient's own paper form into the history (kept as the patient's,
  // waiting for a dentist's confirmation); NOTE-9: visit notes are the owner's and dentists' alone.
  'history.write': { roles: ['owner', 'dentist', 'receptionist'], what: 'record a medical history' },
  'notes': { roles: ['owner', 'dentist'], what: 'read and write visit notes' },
  'appointments.read': { roles: ['owner', 'dentist', 'receptionist'], what: 'see appointments' },
  'appointments.write': { roles: ['owner', 'receptionist'], what: 'book and change appointments' },
  'invoices.read': { roles: ['owner', 'receptionist'], what: 'see invoices' },
  'invoices.write': { roles: ['owner', 'receptionist'], what: 'create and send invoices and record payments' },
  'invoices.cancel': { roles: ['owner'], what: 'cancel invoices' },
  'invoices.credit': { roles: ['owner'], what: 'issue credit notes' },
  'settings.read': { roles: ['owner', 'dentist', 'receptionist'], what: "read the clinic's settings" },
  'settings.write': { roles: ['owner'], what: "change the clinic's settings" },
  'content': { roles: ['owner'], what: "change the website's blog and gallery" },
  'reports': { roles: ['owner'], what: 'see the reports' },
  'export': { roles: ['owner'], what: 'export the patient, appointment and invoice lists' },
  'staff': { roles: ['owner'], what: 'manage staff accounts' },
  'audit': { roles: ['owner'], what: 'read the audit trail' },
} as const satisfies Record<string, { roles: readonly StaffRole[]; what: string }>;

export type Capability = keyof typeof capabilities;

export function roleCan(role: StaffRole, capability: Capability): boolean {
  return (capabilities[capability].roles as readonly StaffRole[]).includes(role);
}

/**
 * The 403 message for a capability the role lacks, naming who may: "Only the owner can delete patients.",
 * "Only the owner or a dentist can change the clinical record." `what` says it in a screen's own words
 * (SITE-32: "Only the owner can moderate the website's reviews." on Reviews).
 */
export function forbiddenMessage(capability: Capability, what: string = capabilities[capability].what): string {
  const who = (capabilities[capability].roles as readonly StaffRole[]).map((r) => roleInSentence[r]);
  const list = who.length > 1 ? `${who.slice(0, -1).join(', ')} or ${who.at(-1)}` : who[0];
  return `Only ${list} can ${what}.`;
}
