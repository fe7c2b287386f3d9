import { formatDate } from '../../../../../../shared/domain/dates';
import type { PlanLine } from '../../../../../../shared/schemas/treatment-plan';

// NOTE-15: under an item of a plan's card, what its sittings noted (PLAN-11): "Sitting 1, 07/12/2026:
// local anaesthetic used". Nothing when no sitting has a note.
export function SittingNotes({ line }: { line: Pick<PlanLine, 'sittingNotes'> }) {
  const notes = line.sittingNotes ?? [];
  if (notes.length === 0) return null;
  return (
    <ul className="plan-sitting-notes">
      {notes.map((n) => (
        <li key={n.label}>
          {n.label}, {formatDate(n.at)}
          {n.userName ? ` (${n.userName})` : ''}: {n.note}
        </li>
      ))}
    </ul>
  );
}
