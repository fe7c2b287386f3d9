import type { Deps } from '../../deps';
import type { AuthState } from '../../middleware/session';
import { createRouter } from '../router';
import { appointmentRoutes } from './appointments';
import { auditRoutes } from './audit';
import { blogPostRoutes } from './blog-posts';
import { clinicalRoutes } from './clinical';
import { creditNoteRoutes } from './credit-notes';
import { clinicSettingRoutes, closedDateRoutes } from './clinic-settings';
import { dashboardRoutes } from './dashboard';
import { galleryRoutes } from './gallery';
import { exportRoutes } from './export';
import { invoiceRoutes } from './invoices';
import { mergeRoutes, patientRoutes } from './patients';
import { paymentRoutes } from './payments';
import { priceListRoutes } from './price-list';
import { recallRoutes } from './recall';
import { recordRoutes } from './record';
import { reminderRoutes } from './reminders';
import { reviewRoutes } from './reviews';
import { reportRoutes } from './reports';
import { siteSettingRoutes } from './site-settings';
import { staffRoutes } from './staff';
import { uploadRoutes } from './upload';
import { treatmentPlanRoutes } from './treatment-plans';

// The admin API: each resource router is made by createAdminRouter (api/routes/router.ts), whose first
// middleware is the session guard (AUTH-2). Each resource adds its routes here, one line each:
// `router.use(xRoutes(deps).routes());`. The resource routers carry their full prefix
// (/api/admin/<resource>), so this parent has none (a nested prefix would double it).
export function adminRoutes(deps: Deps) {
  const router = createRouter<AuthState>({ body: 'none' });
  router.use(patientRoutes(deps).routes());
  router.use(mergeRoutes(deps).routes());
  router.use(appointmentRoutes(deps).routes());
  router.use(invoiceRoutes(deps).routes());
  router.use(creditNoteRoutes(deps).routes());
  router.use(paymentRoutes(deps).routes());
  router.use(dashboardRoutes(deps).routes());
  router.use(blogPostRoutes(deps).routes());
  router.use(galleryRoutes(deps).routes());
  router.use(uploadRoutes(deps).routes());
  router.use(siteSettingRoutes(deps).routes());
  router.use(priceListRoutes(deps).routes());
  router.use(reportRoutes(deps).routes());
  router.use(clinicSettingRoutes(deps).routes());
  router.use(closedDateRoutes(deps).routes());
  router.use(exportRoutes(deps).routes());
  router.use(staffRoutes(deps).routes());
  router.use(reviewRoutes(deps).routes());
  router.use(auditRoutes(deps).routes());
  router.use(reminderRoutes(deps).routes());
  router.use(recallRoutes(deps).routes());
  router.use(clinicalRoutes(deps).routes());
  router.use(recordRoutes(deps).routes());
  router.use(treatmentPlanRoutes(deps).routes());
  return router;
}
