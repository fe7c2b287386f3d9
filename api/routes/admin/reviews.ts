import { reviewModerationSchema, reviewStatuses } from '../../../shared/schemas/review';
import type { Deps } from '../../deps';
import { HttpError, notFound } from '../../errors';
import { requires } from '../../middleware/capability';
import { parseBody, parseId } from '../../middleware/validate';
import { listReviews, moderateReview } from '../../services/content/reviews';
import { createAdminRouter } from '../router';

// REV-4: the owner's moderation of patients' reviews (capability 'content': the website's content).
// GET   /api/admin/reviews[?status=pending|approved|hidden]   -> AdminReview[] (newest first)
// PATCH /api/admin/reviews/:id  { status?, reply? }             -> AdminReview
export function reviewRoutes(deps: Deps) {
  const router = createAdminRouter(deps, { prefix: '/api/admin/reviews' });

  router.get('/', requires('content'), async (ctx) => {
    const status = typeof ctx.query.status === 'string' ? ctx.query.status : undefined;
    if (status !== undefined && !(reviewStatuses as readonly string[]).includes(status)) throw new HttpError(400, 'Unknown review status', { status: 'Unknown review status' });
    ctx.body = await listReviews(deps.knex, status);
  });

  router.patch('/:id', requires('content'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Review');
    const change = parseBody(reviewModerationSchema, ctx.request.body);
    const review = await moderateReview(deps, id, change);
    if (!review) throw notFound('Review');
    ctx.body = review;
  });

  return router;
}
