import { treatedByText } from '../../../../../../shared/clinical/chart-checks';
import { describeItem } from '../../../../../../shared/clinical/chart-command';
import { clinicToday, formatEnGbDate } from '../../../../../../shared/domain/clinic-time';
import type { ChartVocabulary, ClinicalItem, ClinicalItemEvent } from '../../../../../../shared/schemas/clinical-item';
import { statusWords } from '../chart-colours';
import { toothHistory } from '../chart-view';

// CHART-13: what hovering or focusing a tooth shows: every item that names it, newest first, with each
// change (recorded, status, invalidated), who and when; a finding treated says by what and on which day
// (CHART-27), and work recorded later the day it was done (CHART-29).

function eventText(event: ClinicalItemEvent, item: ClinicalItem, items: readonly ClinicalItem[], vocabulary: ChartVocabulary): string {
  if (event.action === 'create') {
    const later = item.performedOn && item.performedOn !== clinicToday(new Date(event.at)) ? ` for work done on ${formatEnGbDate(item.performedOn)}` : '';
    return `recorded as ${statusWords[event.status].toLowerCase()}${later}`;
  }
  if (event.action === 'status' && event.status === 'resolved') return treatedByText(items.find((i) => i.id === event.byItemId), vocabulary, event.at);
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
                    {item.history.map((event, i) => (
                      <li key={i}>
                        {formatEnGbDate(event.at)} · {eventText(event, item, items, vocabulary)}
                        {event.userName ? ` · ${event.userName}` : ''}
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
