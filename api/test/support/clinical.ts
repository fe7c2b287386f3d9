import type { StaffRole } from '../../../shared/constants/roles';
import { createAccount } from '../../services/staff/accounts';
import { cookieFrom, startTestApp, type TestApp } from './test-app';

// The clinical tests' clinic: the owner, a dentist and a receptionist signed in, and a patient.

export interface ClinicalClinic {
  app: TestApp;
  cookies: Record<StaffRole, string>;
  dentistId: number;
  /** A new patient's id. */
  newPatient(firstName?: string): Promise<number>;
  /** A JSON request as `role`, answering status and body. */
  call(role: StaffRole, method: string, path: string, json?: unknown): Promise<{ status: number; body: any }>;
}

export async function startClinic(): Promise<ClinicalClinic> {
  const app = await startTestApp();
  const cookies = { owner: await app.signIn() } as Record<StaffRole, string>;
  let dentistId = 0;
  for (const [role, name] of [['dentist', 'Dr Kavita Mehta'], ['receptionist', 'Rekha']] as const) {
    const email = `${role}@clinic.test`;
    const user = await createAccount(app.deps.knex, email, `${role}-pass-2026`, name, role);
    if (role === 'dentist') dentistId = user.id;
    const res = await app.request('/api/auth/login', { method: 'POST', json: { email, password: `${role}-pass-2026` } });
    cookies[role] = cookieFrom(res);
  }
  const call: ClinicalClinic['call'] = async (role, method, path, json) => {
    const res = await app.request(path, { method, cookie: cookies[role], ...(json === undefined ? {} : { json }) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  let n = 0;
  return {
    app,
    cookies,
    dentistId,
    call,
    async newPatient(firstName = 'Asha') {
      n += 1;
      const res = await call('owner', 'POST', '/api/admin/patients', { firstName, lastName: 'Patil', email: `patient${n}@example.in`, phone: `98765${String(43210 + n)}` });
      if (res.status !== 201) throw new Error(`patient: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.id as number;
    },
  };
}
