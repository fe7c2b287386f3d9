import { requires } from '../../middleware/capability';
import { createAdminRouter } from '../router';
import type { Deps } from '../../deps';
import { exportGstReport, gstReportCsv, parseMonth } from '../../services/billing/gst-report';
import { dayEndCsv, duesCsv, exportDayEnd, exportDues, parseReportDate } from '../../services/reports/desk-reports';

// Reports for the clinic's accountant. ?month=yyyy-MM, this month at the clinic by default; a
// bad month is 400 "month must be a month like 2026-11".
//
// GET /api/admin/reports/gst?month=      JSON: GstReport (shared/domain/gst-report.ts): month, from, to,
//                                        gstins, rates [{ rate, taxableValue, cgst, sgst, totalTax, value }],
//                                        exemptValue, nilRatedValue, unregisteredValue, totals, documents
//                                        [{ financialYear, firstNumber, lastNumber, total, cancelled, net }],
//                                        cancelled and cancelledFromEarlierMonths [{ id, invoiceNumber,
//                                        issueDate, cancelledOn, totalAmount }]
// GET /api/admin/reports/gst.csv?month=  the same as CSV (UTF-8 with BOM), attachment gst-report-yyyy-MM.csv
// GET /api/admin/reports/day-end?date=   INV-31: the clinic day's money (today by default; 400 after today):
//                                        DayEndReport (shared/schemas/desk-reports.ts): totals, byMode (cash,
//                                        upi, card, bank), byStaff, payments (invoice payments and advances), refunds
// GET /api/admin/reports/day-end.csv?date=  INV-33: the same as CSV, attachment day-end-yyyy-MM-dd.csv
// GET /api/admin/reports/dues?asOf=      INV-32: DuesReport: per patient the unpaid balances by age (0-30,
//                                        31-60, 61-90, 90+ days from the invoice date), unused credit, net due
// GET /api/admin/reports/dues.csv?asOf=  INV-33: the same as CSV, attachment dues-yyyy-MM-dd.csv
// Each answer writes an audit row (DATA-8): which month or day, in which format.
export function reportRoutes(deps: Deps) {
  const router = createAdminRouter(deps, { prefix: '/api/admin/reports' });

  router.get('/gst', requires('reports'), async (ctx) => {
    ctx.body = await exportGstReport(deps, parseMonth(ctx.query.month, deps.now()), 'json');
  });

  router.get('/gst.csv', requires('reports'), async (ctx) => {
    const month = parseMonth(ctx.query.month, deps.now());
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="gst-report-${month}.csv"`);
    ctx.body = gstReportCsv(await exportGstReport(deps, month, 'csv'));
  });

  router.get('/day-end', requires('reports'), async (ctx) => {
    ctx.body = await exportDayEnd(deps, parseReportDate(ctx.query, 'date', deps.now()), 'json');
  });

  router.get('/day-end.csv', requires('reports'), async (ctx) => {
    const date = parseReportDate(ctx.query, 'date', deps.now());
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="day-end-${date}.csv"`);
    ctx.body = dayEndCsv(await exportDayEnd(deps, date, 'csv'));
  });

  router.get('/dues', requires('reports'), async (ctx) => {
    ctx.body = await exportDues(deps, parseReportDate(ctx.query, 'asOf', deps.now()), 'json');
  });

  router.get('/dues.csv', requires('reports'), async (ctx) => {
    const asOf = parseReportDate(ctx.query, 'asOf', deps.now());
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="dues-${asOf}.csv"`);
    ctx.body = duesCsv(await exportDues(deps, asOf, 'csv'));
  });

  return router;
}
