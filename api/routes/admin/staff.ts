import { staffCreateSchema, staffUpdateSchema } from '../../../shared/schemas/staff';
import type { Deps } from '../../deps';
import { requires } from '../../middleware/capability';
import { sessionToken } from '../../middleware/session';
import { parseBody, parseId } from '../../middleware/validate';
import { createStaff, listStaff, updateStaff } from '../../services/staff/staff';
import { createAdminRouter } from '../router';

// Staff accounts, owner only (AUTH-9, AUTH-11, AUTH-12):
// GET    /api/admin/users        StaffUser[] (active first, then by name)
// POST   /api/admin/users        {email, name, role, password} -> 201 StaffUser; the password is temporary;
//                                409 "An account with this email already exists"
// PUT    /api/admin/users/:id    {name?, role?, disabled?, password?} -> StaffUser; a password resets it
//                                (temporary again, sessions ended); disabling ends the sessions at once;
//                                409 when it would leave no active owner
// DELETE /api/admin/users/:id    disables the account (204); nothing is deleted, the audit trail names it
export function staffRoutes(deps: Deps) {
  const router = createAdminRouter(deps, { prefix: '/api/admin/users' });

  router.get('/', requires('staff'), async (ctx) => {
    ctx.body = await listStaff(deps.knex);
  });

  router.post('/', requires('staff'), async (ctx) => {
    const input = parseBody(staffCreateSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await createStaff(deps, input);
  });

  router.put('/:id', requires('staff'), async (ctx) => {
    const id = parseId(ctx.params.id, 'User');
    const input = parseBody(staffUpdateSchema, ctx.request.body);
    ctx.body = await updateStaff(deps, id, input, { userId: ctx.state.user!.id, sessionToken: sessionToken(ctx) });
  });

  router.delete('/:id', requires('staff'), async (ctx) => {
    await updateStaff(deps, parseId(ctx.params.id, 'User'), { disabled: true }, { userId: ctx.state.user!.id });
    ctx.status = 204;
  });

  return router;
}
