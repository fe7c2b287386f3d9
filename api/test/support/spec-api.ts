import type { TestApp } from './test-app';

// Helpers of the conformance tests in api/test/spec/: the calls of API-1, API-2 and API-3 as a client makes them.

/** Monday 23 November 2026, 10:30 in Pune (05:00 UTC): a working day with the next day open too. */
export const SPEC_NOW = '2026-11-23T05:00:00Z';
export const SPEC_TOMORROW = '2026-11-24';

/** The booking payload of API-1, every field of the form filled. */
export const bookingPayload = {
  firstName: 'Priya',
  lastName: 'Kulkarni',
  email: 'priya@example.in',
  phone: '9822012345',
  preferredDate: SPEC_TOMORROW,
  preferredTime: '10:00',
  treatment: 'cleaning',
  notes: 'Sensitive teeth',
};

/** The patient payload of API-3. */
export const patientPayload = {
  firstName: 'Asha',
  lastName: 'Deshmukh',
  email: 'asha@example.in',
  phone: '9822098220',
  address: 'Moshi, Pune',
  dateOfBirth: '1980-05-17',
};

/** A call to the app as the signed-in admin (cookie given) or as a visitor (none): JSON in, JSON out. */
export function client(app: TestApp, cookie?: string) {
  const call = async (method: string, path: string, json?: unknown) => {
    const res = await app.request(path, { method, json, cookie });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    return { status: res.status, body: body as any, headers: res.headers };
  };
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, json?: unknown) => call('POST', path, json),
    put: (path: string, json?: unknown) => call('PUT', path, json),
    patch: (path: string, json?: unknown) => call('PATCH', path, json),
    delete: (path: string) => call('DELETE', path),
  };
}

/** An appointment row in a given status, as the booking form would have made it. */
export async function insertAppointment(app: TestApp, row: Record<string, unknown> = {}): Promise<number> {
  const [{ id }] = await app.deps
    .knex('appointments')
    .insert({ ...bookingPayload, status: 'pending', ...row })
    .returning('id');
  return id;
}

/** The outbox's kinds and addresses, oldest first. */
export async function outbox(app: TestApp): Promise<{ kind: string; toAddress: string }[]> {
  return app.deps.knex('email_outbox').orderBy('id').select('kind', 'toAddress');
}
