import { requires } from '../../middleware/capability';
import { createAdminRouter } from '../router';
import { clinicToday } from '../../../shared/domain/clinic-time';
import type { Deps } from '../../deps';
import { exportCsv, parseExportKind } from '../../services/reports/csv-export';

// GET /api/admin/export/{patients|appointments|invoices}.csv?q=&status=&from=&to=  (ADMIN-19, owner only:
//   'export'). text/csv, UTF-8 with a BOM, streamed; the lists' filters (patients: q, and from/to on the day
//   added; appointments: q, status, from/to on the appointment date; invoices: q, status, from/to on the
//   issue date).
export function exportRoutes(deps: Deps) {
  const router = createAdminRouter(deps, { prefix: '/api/admin/export' });

  router.get('/:file', requires('export'), async (ctx) => {
    const kind = parseExportKind(ctx.params.file);
    const stream = await exportCsv(deps, kind, ctx.query);
    ctx.set('Content-Type', 'text/csv; charset=utf-8');
    ctx.set('Content-Disposition', `attachment; filename="${kind}-${clinicToday(deps.now())}.csv"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = stream;
  });

  return router;
}
