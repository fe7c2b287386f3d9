import { treatedByText } from '../../../../../../shared/clinical/chart-checks';
import { describeItem } from '../../../../../../shared/clinical/chart-command';
import { sittingLabel } from '../../../../../../shared/clinical/sittings';
import { clinicToday } from '../../../../../../shared/domain/clinic-time';
import { formatDate } from '../../../../../../shared/domain/dates';
import type { ChartVocabulary, ClinicalItem, ClinicalItemEvent } from '../../../../../../shared/schemas/clinical-item';
import { statusWords } from '../chart-colours';
import { toothHistory } from '../chart-view';

// CHART-13: what hovering or focusing a tooth shows: every item that names it, newest first, with each
// change (recorded, status, invalidated), who and when; a finding treated says by what and on which day
// (CHART-27), and work recorded later the day it was done (CHART-29). NOTE-15: and each sitting of a plan
// (PLAN-11) in its place in time, with its note ("local anaesthetic used", the obturation), who and when.

interface Line {
  at: string;
  text: string;
  userName: string | null;
  note?: string | null;
}

function linesOf(item: ClinicalItem, items: readonly ClinicalItem[], vocabulary: ChartVocabulary): Line[] {
  const events: Line[] = item.history.map((e) => ({ at: e.at, text: eventText(e, item, items, vocabulary), userName: e.userName }));
  const sittings: Line[] = (item.sittings ?? []).map((s, i) => ({ at: s.at, text: sittingLabel(item, i, s).toLowerCase(), userName: s.userName, note: s.note }));
  // Stable: an event and a sitting at the same instant keep the event (the status it set) after the sitting.
  return [...sittings, ...events].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

function eventText(event: ClinicalItemEvent, item: ClinicalItem, items: readonly ClinicalItem[], vocabulary: ChartVocabulary): string {
  if (event.action === 'create') {
    const later = item.performedOn && item.performedOn !== clinicToday(new Date(event.at)) ? ` for work done on ${formatDate(item.performedOn)}` : '';
    return `recorded as ${statusWords[event.status].toLowerCase()}${later}`;
  }
  if (event.action === 'status' && event.status === 'resolved') return treatedByText(items.find((i) => i.id === event.byItemId), vocabulary, event.at);
  if (event.action === 'status' && event.status === 'condition') return `standing again: ${event.reason ?? 'marked as a finding'}`;
  if (event.action === 'status') return `marked ${statusWords[event.status].toLowerCase()}`;
  return `invalidated: ${event.reason ?? ''}`;
}

export function ToothHistory({ tooth, items, vocabulary }: { tooth: string | null; items: readonly ClinicalItem[]; vocabulary: ChartVocabulary }) {
  const history = tooth ? toothHistory(items, tooth) : [];
  return (
    <section className="tooth-history" aria-live="polite" aria-label="Tooth history">
      {!tooth ? (
        <p className="muted">Point at a tooth, or move to it with the arrow keys, to see its history.</p>
      ) : (
        <>
          <h3>Tooth {tooth}</h3>
          {history.length === 0 ? (
            <p className="muted">Nothing charted on {tooth}.</p>
          ) : (
            <ul>
              {history.map((item) => (
                <li key={item.id} className={item.invalidatedAt ? 'invalidated' : undefined}>
                  <strong>{item.invalidatedAt ? <s>{describeItem(item, vocabulary)}</s> : describeItem(item, vocabulary)}</strong>
                  <ul className="tooth-events">
                    {linesOf(item, items, vocabulary).map((line, i) => (
                      <li key={i}>
                        {formatDate(line.at)} · {line.text}
                        {line.userName ? ` · ${line.userName}` : ''}
                        {line.note && <span className="tooth-sitting-note">: {line.note}</span>}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
