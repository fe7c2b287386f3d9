/** '2 Mar 2026, 10:00' at the clinic (Asia/Kolkata). */
const format = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
export const when = (iso: string) => format.format(new Date(iso));
