import { Link } from 'react-router-dom';
import { useAuthStore } from '../../../session/auth-store';
import { useCan } from '../../../session/use-can';
import { useUnsignedNotes } from '../api/visit-notes';
import { when } from './when';

// NOTE-5, NOTE-11: on the dashboard, the signed-in dentist's notes still unsigned a day after they were
// started, oldest first, each a link to that note on the patient's record screen; the owner, who answers for
// the clinic's records, sees every dentist's, each named. Nothing is shown when there are none.
export function UnsignedNotesPanel() {
  const canNotes = useCan('notes');
  const oversees = useCan('staff');
  const me = useAuthStore((s) => s.user?.id);
  const notes = useUnsignedNotes(canNotes, oversees ? 'all' : 'mine');
  if (!canNotes || !notes.data || notes.data.length === 0) return null;
  return (
    <section className="panel unsigned-notes" aria-labelledby="unsigned-notes-heading">
      <h2 id="unsigned-notes-heading">Visit notes to sign ({notes.data.length})</h2>
      <ul className="row-list">
        {notes.data.map((n) => {
          const by = n.dentistId !== me ? n.dentistName : null;
          const details = [by, `started ${when(n.createdAt)}`, n.complaint?.slice(0, 80)].filter(Boolean).join(' · ');
          return (
            <li key={n.id} className="list-row">
              <Link to={`/patients/${n.patientId}/record#note-${n.id}`} aria-label={`${n.patientName}: visit note${by ? ` by ${by}` : ''} started ${when(n.createdAt)}, to sign`}>
                {n.patientName}
              </Link>
              <span className="muted"> · {details}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
