import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// MED-9: one component shows a patient's medical alerts wherever they show. This walks the admin's source:
// every place listed here renders the one component (MedicalAlert, or MedicalAlertView where the alerts are
// already loaded, or the appointment's marker that opens it), and no other file reads the alerts (a
// history's `alerts`, the patient row's alert line) or draws an alert banner of its own.

const admin = path.resolve(import.meta.dirname, '..');
const read = (rel: string) => readFileSync(path.join(admin, rel), 'utf8');

/** Each place that shows alerts, and what of the one component it renders. */
const places: Record<string, RegExp> = {
  'pages/patient-page.tsx': /<MedicalAlert patientId=/,
  'pages/patient-record-page.tsx': /<MedicalAlert patientId=/,
  'pages/chart-page.tsx': /<MedicalAlert patientId=/,
  'pages/patient-record-print-page.tsx': /<MedicalAlertView alerts=/,
  'features/appointments/components/appointment-alert.tsx': /<MedicalAlert patientId=\{[^}]+\} compact fresh \/>/,
  'features/appointments/components/new-appointment-dialog.tsx': /<MedicalAlert patientId=\{[^}]+\} compact \/>/,
  'features/invoices/components/invoice-form-dialog.tsx': /<MedicalAlert patientId=\{[^}]+\} compact \/>/,
  // An appointment's "Medical alert" marker (DATA-11) opens the one component (appointment-alert.tsx).
  'features/appointments/components/appointment-row.tsx': /<AppointmentAlert appointment=/,
  'features/appointments/components/today-board.tsx': /<AppointmentAlert appointment=/,
  'features/appointments/components/reschedule-dialog.tsx': /<AppointmentAlert appointment=/,
  'features/appointments/components/calendar-views.tsx': /<AppointmentAlert appointment=/,
};

/**
 * Files allowed to name alerts without the component: the component itself, the history's editor (it edits
 * allergies and conditions, it does not alert), and the Patients list's marker, which says only that a patient
 * has alerts (DATA-11: the list answers `hasAlerts`, never what they are).
 */
const allowed = new Set(['components/medical-alert.tsx', 'features/record/components/medical-history-panel.tsx', 'pages/patients-page.tsx']);

/** What showing alerts another way looks like: reading them, or drawing a banner or marker of one's own. */
const showsAlerts = [
  /\.alerts\b/, // a history's standing alerts (MED-8)
  /medicalAlertsLine|standingSummary|standingAlerts|medicalAlerts\(/, // the alerts as a line of text
  /hasMedicalAlerts/, // an appointment's marker
  /Medical alert/, // a heading or label of one's own
  /history-banner|className="medical-alert/, // the old banners' classes
  /medical-history-banner/,
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path.relative(admin, full)] : [];
  });
}

describe('the one medical alert (MED-9)', () => {
  it('is rendered by every place that shows alerts', () => {
    for (const [file, uses] of Object.entries(places)) {
      expect(read(file), file).toMatch(uses);
      expect(read(file), `${file} imports the one component`).toMatch(/from '(\.\.\/)+components\/medical-alert'|from '\.\/appointment-alert'/);
    }
  });

  it('is the only way alerts are shown: no other file reads them or draws a banner of its own', () => {
    const all = sources(admin);
    expect(all.length).toBeGreaterThan(100);
    const offenders = all.filter((file) => !allowed.has(file) && !(file in places) && showsAlerts.some((p) => p.test(read(file))));
    expect(offenders).toEqual([]);
  });

  it('leaves no second alert component behind', () => {
    const components = readdirSync(path.join(admin, 'components'));
    expect(components.filter((f) => /alert|banner/i.test(f) && !f.startsWith('medical-alert.'))).toEqual([]);
  });

});
