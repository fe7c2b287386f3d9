import { Link } from 'react-router-dom';
import { useCan } from '../../../session/use-can';
import { useUnsignedNotes } from '../api/visit-notes';
import { when } from './when';

// NOTE-5, NOTE-11: on the dashboard, the signed-in dentist's notes still unsigned a day after they were
// started, oldest first, each a link to that note on the patient's record screen. Nothing is shown when
// there are none.
export function UnsignedNotesPanel() {
  const canNotes = useCan('notes');
  const notes = useUnsignedNotes(canNotes);
  if (!canNotes || !notes.data || notes.data.length === 0) return null;
  return (
    <section className="panel unsigned-notes" aria-labelledby="unsigned-notes-heading">
      <h2 id="unsigned-notes-heading">Visit notes to sign ({notes.data.length})</h2>
      <ul className="row-list">
        {notes.data.map((n) => (
          <li key={n.id} className="list-row">
            <Link to={`/patients/${n.patientId}/record#note-${n.id}`} aria-label={`${n.patientName}: visit note started ${when(n.createdAt)}, to sign`}>
              {n.patientName}
            </Link>
            <span className="muted">
              {' '}
              · started {when(n.createdAt)}
              {n.complaint && ` · ${n.complaint.slice(0, 80)}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
