import { medicalHistorySchema } from '../../../shared/clinical/medical-history';
import { visitNoteCreateSchema } from '../../../shared/clinical/visit-note';
import { treatmentPlanSchema } from '../../../shared/schemas/treatment-plan';
import type { Deps } from '../../deps';
import { runChartCommand } from '../../services/clinical/items';
import { saveMedicalHistory } from '../../services/clinical/medical-history';
import { createVisitNote, signVisitNote } from '../../services/clinical/visit-notes';
import { createPlan } from '../../services/plans/plans';

// OPS-6: the demo's clinical side, so a first look at the chart, the record and the plans finds them in use.
// Demo patient 1 saw the owner (who may do clinical work, CHART-5) a month ago: a history with an allergy
// (its alert shows on the chart, the appointment and the invoice dialog), teeth charted, a signed note,
// work planned and priced; and came back two days ago, whose note waits to be signed (the dashboard lists
// it). Written through the services a dentist's requests use, each at its day on a clock moved back.

const DAY_MS = 86_400_000;

export async function seedDemoClinic(deps: Deps): Promise<void> {
  const owner = await deps.knex('users').where({ role: 'owner' }).orderBy('id').first<{ id: number } | undefined>('id');
  const patient = await deps.knex('patients').orderBy('id').first<{ id: number } | undefined>('id');
  if (!owner || !patient) return;
  const daysAgo = (days: number): Deps => ({ ...deps, now: () => new Date(deps.now().getTime() - days * DAY_MS) });

  const firstVisit = daysAgo(30);
  await saveMedicalHistory(firstVisit, patient.id, { id: owner.id, role: 'owner' }, medicalHistorySchema.parse({
    allergies: [{ substance: 'Penicillin', reaction: 'Rash', severity: 'moderate' }],
    medicines: [{ name: 'Metformin', dose: '500 mg twice a day' }],
    conditions: ['diabetes', 'hypertension'],
  }));
  await runChartCommand(firstVisit, patient.id, owner.id, '18 28 38 48 missing; 36 MOD caries; 46 O caries; 36 MOD composite done', false);
  const planned = (await runChartCommand(firstVisit, patient.id, owner.id, '46 rct; 46 crown', false)).items.map((item) => (item as { id: number }).id);
  const note = await createVisitNote(firstVisit, patient.id, owner.id, visitNoteCreateSchema.parse({
    sections: {
      complaint: 'Pain on chewing on both sides of the lower jaw, for a week',
      examination: '36 MOD caries close to the pulp; 46 deep occlusal caries, tender to percussion',
      diagnosis: '36 reversible pulpitis; 46 symptomatic irreversible pulpitis',
      treatment: '36 MOD composite placed under local anaesthesia',
      advice: 'Root canal treatment and a crown for 46: estimate given',
    },
  }));
  await signVisitNote(firstVisit, note.id, owner.id);
  await createPlan(firstVisit, patient.id, owner.id, treatmentPlanSchema.parse({
    title: 'Lower right molar',
    options: [{ name: 'A', itemIds: planned, lines: planned.map((itemId, i) => ({ itemId, visit: i + 1 })) }],
  }));

  const secondVisit = daysAgo(2);
  await runChartCommand(secondVisit, patient.id, owner.id, '26 O caries', false);
  await createVisitNote(secondVisit, patient.id, owner.id, visitNoteCreateSchema.parse({
    sections: { complaint: 'Sensitivity to cold, upper left', examination: '26 occlusal caries', advice: 'Filling at the next visit' },
  }));
}
