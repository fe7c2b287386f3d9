// The shape of the clinic's opening hours (SET-8). A constant's type, so the booking constants can name it;
// the functions that read hours are in shared/domain/opening-hours.ts.

/** One session of a day, HH:mm 24-hour: open < close. */
export interface Session {
  open: string;
  close: string;
}

/** Sessions of one weekday, earliest first; [] = closed all day. */
export type DayHours = Session[];
