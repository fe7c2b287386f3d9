/**
 * CLINIC-12: the product's one reading of the wall clock. Everything that decides by the date or the time
 * (what is due, what is today, how old a record is) takes "now" from `deps.now`, built from this in
 * api/start.ts, or from an argument a caller passes; the command-line tools read it here once. Tests
 * replace it (api/test/support/test-app.ts), and `npm run lint` refuses `new Date()` and `Date.now()`
 * anywhere else in api/ and shared/ (scripts/oxlint-clock.js). Elapsed time is measured with
 * `performance.now()`, which no rule reads as a date.
 */
export const systemClock = (): Date => new Date();
