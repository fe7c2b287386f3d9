import type { Deps } from '../../deps';
import { requires } from '../../middleware/capability';
import { parseId } from '../../middleware/validate';
import { listReminders, markWhatsappReminderSent } from '../../services/appointments/reminder-list';
import { createAdminRouter } from '../router';

// APPT-16: the front desk's reminder list.
// GET  /api/admin/reminders                      today's and tomorrow's confirmed appointments, by time, each
//                                               with its email reminder state and WhatsApp state
// POST /api/admin/reminders/:id/whatsapp-sent    marks the WhatsApp reminder sent (the link was clicked) -> item
export function reminderRoutes(deps: Deps) {
  const router = createAdminRouter(deps, { prefix: '/api/admin/reminders' });

  router.get('/', requires('appointments.read'), async (ctx) => {
    ctx.body = await listReminders(deps);
  });

  router.post('/:id/whatsapp-sent', requires('appointments.write'), async (ctx) => {
    ctx.body = await markWhatsappReminderSent(deps, parseId(ctx.params.id, 'Appointment'));
  });

  return router;
}
