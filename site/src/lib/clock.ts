/**
 * CLINIC-12: the site's one reading of the browser's clock. Screens ask "today at the clinic", "has this slot
 * passed" and the like with `clinicToday(clockNow())`, never with a `new Date()` of their own, so there is one
 * place to point at another clock (a browser test moves it with Playwright's page.clock). The server decides
 * again by its own clock; this one only shapes what a form offers.
 */
export const clockNow = (): Date => new Date();
