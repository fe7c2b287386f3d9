import { describe, expect, it } from 'vitest';
import { forbiddenMessage, roleCan, staffRoles } from '../../../shared/constants/roles';
import { screenNames, screenTable } from './screen-table';

// SITE-32: a role that opens a screen it may not use is told, in that screen's own words, who may. Every
// screen is enumerated: each has a heading and a sentence of its own, so Reviews no longer says "blog and
// gallery" because it shares their capability.

const spec = (name: (typeof screenNames)[number]) => screenTable[name] as (typeof screenTable)[typeof name] & { nav?: string; title?: string };

describe('the owner-only message of every screen', () => {
  it('gives every screen a heading and a sentence no other screen has', () => {
    const sentences = new Map<string, string>();
    for (const name of screenNames) {
      const s = spec(name);
      expect(s.nav ?? s.title, name).toBeTruthy();
      const sentence = forbiddenMessage(s.needs, s.does);
      expect(sentence, name).toMatch(/^Only the owner( or a (dentist|receptionist))?(, a dentist)?( or a receptionist)? can .+\.$/);
      expect(sentences.get(sentence), `${name} says the same as ${sentences.get(sentence)}`).toBeUndefined();
      sentences.set(sentence, name);
    }
  });

  it('names the screen it is on for each screen the receptionist or the dentist may not open', () => {
    const shut = staffRoles.flatMap((role) => screenNames.filter((name) => !roleCan(role, screenTable[name].needs)).map((name) => [role, name] as const));
    expect(shut.length).toBeGreaterThan(5);
    const words: Partial<Record<(typeof screenNames)[number], RegExp>> = {
      reviews: /reviews/,
      blog: /blog/,
      gallery: /gallery/,
      settings: /settings/,
      clinicalSettings: /clinical settings/,
      staff: /staff/,
      audit: /audit trail/,
      reports: /reports/,
      dayEnd: /day-end report/,
      dues: /dues report/,
      caseAcceptance: /case acceptance report/,
      invoices: /invoices/,
      invoicePrint: /invoices/,
      chart: /dental chart/,
      patientRecord: /clinical record/,
      patientRecordPrint: /clinical record/,
      patientPlans: /treatment plans/,
    };
    for (const [role, name] of shut) {
      const expected = words[name];
      expect(expected, `${role} may not open ${name}: its words are checked here`).toBeDefined();
      expect(forbiddenMessage(screenTable[name].needs, screenTable[name].does), `${role} on ${name}`).toMatch(expected!);
    }
    expect(forbiddenMessage(screenTable.reviews.needs, screenTable.reviews.does)).toBe("Only the owner can moderate the website's reviews.");
  });
});
