// SITE-31: the whole week as one phrase, for the contact page's description: a module of its own, so only
// that page's chunk carries it (opening-hours.ts, with the days' phrases, is in every public page's).

import { listOf, openLines, type DayHours, type HoursSentenceWords } from './opening-hours';

/**
 * SITE-31: "Monday to Saturday, 10 AM to 2 PM and 5 PM to 9 PM"; days with other sessions after "; "
 * ("...; Sunday, 10 AM to 1:30 PM"). Times in running text drop ":00".
 */
export function weekHoursPhrase(dayHours: readonly DayHours[], w: HoursSentenceWords): string {
  const lines = openLines(dayHours, w);
  // All seven days with the same sessions: "every day".
  if (lines.length === 1 && dayHours.every((d) => d?.length)) lines[0].days = w.daily;
  return lines
    .map((l) => {
      const spans = l.times.map((t) => {
        const [from, to] = t.replace(/:00/g, '').split(' - ');
        return w.span.replace('{from}', from).replace('{to}', to);
      });
      return `${l.days}, ${listOf(w, spans)}`;
    })
    .join('; ');
}
