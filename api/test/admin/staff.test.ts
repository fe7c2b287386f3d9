import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffUser } from '../../../shared/schemas/staff';
import type { OwnSession } from '../../../shared/schemas/auth';
import { mountedRoutes } from '../support/routes';
import { ADMIN, cookieFrom, startTestApp, type TestApp } from '../support/test-app';

// AUTH-9..AUTH-12: the owner's staff accounts, temporary passwords, the last owner, one's own password
// and sessions.

let app: TestApp;
let owner: string;

beforeAll(async () => {
  app = await startTestApp();
  owner = await app.signIn();
});
afterAll(() => app?.close());

const signIn = (email: string, password: string) => app.request('/api/auth/login', { method: 'POST', json: { email, password } });

async function addStaff(email: string, role = 'receptionist', password = 'temporary-pass-42'): Promise<StaffUser> {
  const res = await app.request('/api/admin/users', { method: 'POST', cookie: owner, json: { email, name: 'Rekha Iyer', role, password } });
  expect(res.status).toBe(201);
  return res.json();
}

describe('staff accounts', () => {
  it('the first account is an owner, and the owner lists the staff', async () => {
    const res = await app.request('/api/admin/users', { cookie: owner });
    expect(res.status).toBe(200);
    const users = (await res.json()) as StaffUser[];
    expect(users.find((u) => u.email === ADMIN.email)).toMatchObject({ role: 'owner', disabled: false, mustChangePassword: false });
    expect(JSON.stringify(users)).not.toMatch(/hash/i);
  });

  it('adds a receptionist whose temporary password opens nothing until it is changed', async () => {
    const user = await addStaff('rekha@clinic.test');
    expect(user).toMatchObject({ email: 'rekha@clinic.test', role: 'receptionist', mustChangePassword: true });

    const login = await signIn('rekha@clinic.test', 'temporary-pass-42');
    expect(login.status).toBe(200);
    expect((await login.json()).user).toMatchObject({ role: 'receptionist', mustChangePassword: true });
    const cookie = cookieFrom(login);

    for (const path of ['/api/admin/patients', '/api/admin/stats', '/api/admin/invoices']) {
      const res = await app.request(path, { cookie });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'Please change your password' });
    }
    // The ways out still work.
    expect((await app.request('/api/auth/me', { cookie })).status).toBe(200);

    const weak = await app.request('/api/auth/change-password', { method: 'POST', cookie, json: { currentPassword: 'temporary-pass-42', newPassword: 'short' } });
    expect(weak.status).toBe(400);
    expect((await weak.json()).error).toBe('Password must be at least 10 characters');
    const same = await app.request('/api/auth/change-password', { method: 'POST', cookie, json: { currentPassword: 'temporary-pass-42', newPassword: 'temporary-pass-42' } });
    expect((await same.json()).error).toBe('The new password must be different from the current one');
    const wrong = await app.request('/api/auth/change-password', { method: 'POST', cookie, json: { currentPassword: 'not-the-password', newPassword: 'my-own-secret-77' } });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error).toBe('Current password is incorrect');

    const ok = await app.request('/api/auth/change-password', { method: 'POST', cookie, json: { currentPassword: 'temporary-pass-42', newPassword: 'my-own-secret-77' } });
    expect(ok.status).toBe(200);
    expect((await app.request('/api/admin/patients', { cookie })).status).toBe(200);
    expect((await app.request('/api/admin/users', { cookie })).status).toBe(403);
    expect((await (await app.request('/api/auth/me', { cookie })).json()).user.mustChangePassword).toBe(false);
  });

  it('a temporary password is refused on every admin route, by the router itself', async () => {
    const walker = await addStaff('walker@clinic.test', 'owner', 'temporary-pass-45');
    const cookie = cookieFrom(await signIn('walker@clinic.test', 'temporary-pass-45'));
    const admin = mountedRoutes(app.deps).filter((r) => r.path.startsWith('/api/admin'));
    expect(admin.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const route of admin) {
      const path = route.path.replace(':id', '1').replace(':paymentId', '1').replace(':key', 'doctor_image');
      const res = await app.request(path, { method: route.method, cookie, ...(route.method === 'GET' ? {} : { json: {} }) });
      const body = await res.text();
      if (res.status !== 403 || !body.includes('Please change your password')) wrong.push(`${route.method} ${route.path} ${res.status}`);
    }
    expect(wrong).toEqual([]);
    await app.request(`/api/admin/users/${walker.id}`, { method: 'DELETE', cookie: owner });
  });

  it('refuses a second account with the same email (any case)', async () => {
    await addStaff('dup@clinic.test');
    const res = await app.request('/api/admin/users', {
      method: 'POST',
      cookie: owner,
      json: { email: 'DUP@clinic.test', name: 'Other', role: 'owner', password: 'another-pass-99' },
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'An account with this email already exists' });
  });

  it('validates the form: role, name, password rules', async () => {
    const bad = async (json: unknown) => (await (await app.request('/api/admin/users', { method: 'POST', cookie: owner, json })).json()).error;
    expect(await bad({ email: 'x@clinic.test', name: 'X', role: 'nurse', password: 'temporary-pass-42' })).toBe('Role must be owner, dentist or receptionist');
    expect(await bad({ email: 'x@clinic.test', name: '', role: 'owner', password: 'temporary-pass-42' })).toBe('Name is required');
    expect(await bad({ email: 'x@clinic.test', name: 'X', role: 'owner', password: 'password123' })).toBe('This password is too common. Please choose another.');
  });

  it('disabling ends the sessions at once and refuses the next sign-in; enabling lets them back', async () => {
    const user = await addStaff('sunil@clinic.test', 'receptionist', 'temporary-pass-43');
    const cookie = cookieFrom(await signIn('sunil@clinic.test', 'temporary-pass-43'));
    expect((await app.request('/api/auth/me', { cookie })).status).toBe(200);

    expect((await app.request(`/api/admin/users/${user.id}`, { method: 'DELETE', cookie: owner })).status).toBe(204);
    expect((await app.request('/api/auth/me', { cookie })).status).toBe(401);
    const again = await signIn('sunil@clinic.test', 'temporary-pass-43');
    expect(again.status).toBe(403);
    expect((await again.json()).error).toBe("This account has been disabled. Please ask the clinic's owner.");
    // Still listed: nothing is deleted.
    const list = (await (await app.request('/api/admin/users', { cookie: owner })).json()) as StaffUser[];
    expect(list.find((u) => u.id === user.id)).toMatchObject({ disabled: true });

    const enabled = await app.request(`/api/admin/users/${user.id}`, { method: 'PUT', cookie: owner, json: { disabled: false } });
    expect(await enabled.json()).toMatchObject({ disabled: false });
    expect((await signIn('sunil@clinic.test', 'temporary-pass-43')).status).toBe(200);
  });

  it('a password reset is temporary again and ends the old sessions', async () => {
    const user = await addStaff('meera@clinic.test', 'receptionist', 'temporary-pass-44');
    const cookie = cookieFrom(await signIn('meera@clinic.test', 'temporary-pass-44'));
    await app.request('/api/auth/change-password', { method: 'POST', cookie, json: { currentPassword: 'temporary-pass-44', newPassword: 'meera-own-pass-1' } });
    const reset = await app.request(`/api/admin/users/${user.id}`, { method: 'PUT', cookie: owner, json: { password: 'fresh-temporary-9' } });
    expect(await reset.json()).toMatchObject({ mustChangePassword: true });
    expect((await app.request('/api/auth/me', { cookie })).status).toBe(401);
    expect((await signIn('meera@clinic.test', 'meera-own-pass-1')).status).toBe(401);
    const next = await signIn('meera@clinic.test', 'fresh-temporary-9');
    expect((await app.request('/api/admin/patients', { cookie: cookieFrom(next) })).status).toBe(403);
  });

  it('changes name and role; the last active owner can be neither demoted nor disabled (409)', async () => {
    const me = ((await (await app.request('/api/admin/users', { cookie: owner })).json()) as StaffUser[]).find((u) => u.email === ADMIN.email)!;
    for (const json of [{ role: 'receptionist' }, { disabled: true }]) {
      const res = await app.request(`/api/admin/users/${me.id}`, { method: 'PUT', cookie: owner, json });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: 'The clinic must keep at least one active owner: make another account an owner first.' });
    }
    expect((await app.request(`/api/admin/users/${me.id}`, { method: 'DELETE', cookie: owner })).status).toBe(409);

    // With a second owner, the first may step down.
    const second = await addStaff('partner@clinic.test', 'receptionist');
    const promoted = await app.request(`/api/admin/users/${second.id}`, { method: 'PUT', cookie: owner, json: { role: 'owner', name: 'Dr Partner' } });
    expect(await promoted.json()).toMatchObject({ role: 'owner', name: 'Dr Partner' });
    const down = await app.request(`/api/admin/users/${me.id}`, { method: 'PUT', cookie: owner, json: { role: 'receptionist' } });
    expect(down.status).toBe(200);
    // Now a receptionist: the staff routes are closed to this session.
    expect((await app.request('/api/admin/users', { cookie: owner })).status).toBe(403);
    // Put it back through the other owner (who must first change the temporary password).
    const partner = cookieFrom(await signIn('partner@clinic.test', 'temporary-pass-42'));
    await app.request('/api/auth/change-password', { method: 'POST', cookie: partner, json: { currentPassword: 'temporary-pass-42', newPassword: 'partner-pass-2026' } });
    const back = await app.request(`/api/admin/users/${me.id}`, { method: 'PUT', cookie: partner, json: { role: 'owner' } });
    expect(back.status).toBe(200);
    expect((await app.request('/api/admin/users/999999', { method: 'PUT', cookie: owner, json: { name: 'Nobody' } })).status).toBe(404);
  });
});

describe('own sessions and password', () => {
  it('lists the signed-in user\'s sessions with the current one marked, and ends another', async () => {
    const second = cookieFrom(await app.request('/api/auth/login', { method: 'POST', json: { email: ADMIN.email, password: ADMIN.password }, headers: { 'user-agent': 'Tablet at the desk' } }));
    const list = (await (await app.request('/api/auth/sessions', { cookie: owner })).json()) as OwnSession[];
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const other = list.find((s) => s.userAgent === 'Tablet at the desk')!;
    expect(other.current).toBe(false);
    expect(JSON.stringify(list)).not.toContain(second.split('=')[1]);

    expect((await app.request(`/api/auth/sessions/${other.id}`, { method: 'DELETE', cookie: owner })).status).toBe(204);
    expect((await app.request('/api/auth/me', { cookie: second })).status).toBe(401);
    expect((await app.request('/api/auth/me', { cookie: owner })).status).toBe(200);
  });

  it('cannot end another user\'s session (404)', async () => {
    const cookie = cookieFrom(await signIn('rekha@clinic.test', 'my-own-secret-77'));
    const theirs = (await (await app.request('/api/auth/sessions', { cookie })).json()) as OwnSession[];
    const res = await app.request(`/api/auth/sessions/${theirs[0].id}`, { method: 'DELETE', cookie: owner });
    expect(res.status).toBe(404);
    expect((await app.request('/api/auth/me', { cookie })).status).toBe(200);
    expect((await app.request('/api/auth/sessions/not-a-uuid', { method: 'DELETE', cookie: owner })).status).toBe(404);
  });

  it('changing one\'s own password keeps this session and ends the others', async () => {
    const other = cookieFrom(await signIn(ADMIN.email, ADMIN.password));
    const res = await app.request('/api/auth/change-password', { method: 'POST', cookie: owner, json: { currentPassword: ADMIN.password, newPassword: 'a-brand-new-secret' } });
    expect(res.status).toBe(200);
    expect((await app.request('/api/auth/me', { cookie: owner })).status).toBe(200);
    expect((await app.request('/api/auth/me', { cookie: other })).status).toBe(401);
    expect((await signIn(ADMIN.email, 'a-brand-new-secret')).status).toBe(200);
    expect((await app.request('/api/auth/sessions', {})).status).toBe(401);
  });
});
