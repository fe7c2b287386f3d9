import type { Deps } from '../../deps';
import { requires } from '../../middleware/capability';
import { parseId } from '../../middleware/validate';
import { markRecallContacted, recallList, sendRecallEmail } from '../../services/appointments/recall';
import { createAdminRouter } from '../router';

// PAT-6: the recall list.
// GET  /api/admin/recall                        { months, items: patients due, overdue or contacted }
// POST /api/admin/recall/:patientId/email       queues the recall email with the booking link, marks contacted -> item
// POST /api/admin/recall/:patientId/contacted   marks contacted (the WhatsApp recall link was clicked) -> item
export function recallRoutes(deps: Deps) {
  const router = createAdminRouter(deps, { prefix: '/api/admin/recall' });

  router.get('/', requires('patients.read'), async (ctx) => {
    ctx.body = await recallList(deps);
  });

  router.post('/:patientId/email', requires('patients.write'), async (ctx) => {
    ctx.body = await sendRecallEmail(deps, parseId(ctx.params.patientId, 'Patient'));
  });

  router.post('/:patientId/contacted', requires('patients.write'), async (ctx) => {
    ctx.body = await markRecallContacted(deps, parseId(ctx.params.patientId, 'Patient'));
  });

  return router;
}
