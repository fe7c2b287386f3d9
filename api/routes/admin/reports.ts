import { requires } from '../../middleware/capability';
import { createAdminRouter } from '../router';
import type { Deps } from '../../deps';
import { exportGstReport, gstReportCsv, parseMonth } from '../../services/billing/gst-report';

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
// Each answer writes an audit row (DATA-8): which month, in which format.
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

  return router;
}
