import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { forbiddenMessage, roleCan, type Capability, type StaffRole } from '../../shared/constants/roles';
import { screenNames, screenTable, type ScreenName } from '../src/admin/screen-table';
import { apiBook, apiCreateInvoice, apiCreatePatient, AUTH_KEY, signIn, uid } from './admin-helpers';

// AUTH-8, AUTH-16: what each role sees. Every screen of the screen table, reached by its address, is the
// screen for a role that may use it and the page that says whose it is for one that may not (no form, no
// failed load); every control that deletes, cancels, erases, exports or shows the owner's figures is shown
// exactly to the roles the server would let use it. Both sizes.

const ROLES: StaffRole[] = ['owner', 'receptionist', 'dentist'];

/** A signed-in page for a new account of `role`, its temporary password already changed (AUTH-11). */
async function pageAs(browser: Browser, testInfo: TestInfo, owner: Page, role: StaffRole): Promise<Page> {
  if (role === 'owner') return owner;
  const tag = uid();
  const email = `${role}.${tag}@clinic.test`;
  const temporary = `temp-${tag}-2026`;
  const created = await owner.request.post('/api/admin/users', { data: { email, name: `${role} ${tag}`, role, password: temporary } });
  expect(created.status(), await created.text()).toBe(201);
  const use = testInfo.project.use;
  const context = await browser.newContext({ baseURL: use.baseURL, viewport: use.viewport, isMobile: use.isMobile, hasTouch: use.hasTouch, userAgent: use.userAgent });
  const page = await context.newPage();
  expect((await page.request.post('/api/auth/login', { data: { email, password: temporary } })).status()).toBe(200);
  const changed = await page.request.post('/api/auth/change-password', { data: { currentPassword: temporary, newPassword: `own-${tag}-Chosen-2026` } });
  expect(changed.status(), await changed.text()).toBe(200);
  const { user } = (await (await page.request.get('/api/auth/me')).json()) as { user: unknown };
  await page.goto('/admin/login');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [AUTH_KEY, JSON.stringify({ state: { user }, version: 0 })]);
  return page;
}

test('every screen of the screen table, for every role: the screen, or the page that says whose it is', async ({ page, browser }, testInfo) => {
  test.setTimeout(360_000);
  await signIn(page);
  const patient = await apiCreatePatient(page.request, `Roles${uid()}`);
  const invoice = await apiCreateInvoice(page.request, patient.id);
  const ids: Partial<Record<ScreenName, number>> = { patient: patient.id, invoicePrint: invoice.id };
  for (const role of ROLES) {
    const as = await pageAs(browser, testInfo, page, role);
    for (const name of screenNames) {
      const spec = screenTable[name] as (typeof screenTable)[ScreenName] & { nav?: string; title?: string };
      // A patient's own screens (chart, record, plans) are walked on the test's patient.
      const path = `/admin${spec.path.replace(':id', String(ids[name] ?? (spec.path.startsWith('/patients/:id') ? patient.id : 0)))}`;
      await as.goto(path);
      // SITE-32: the sentence in the screen's own words.
      const message = as.getByText(forbiddenMessage(spec.needs, spec.does));
      if (roleCan(role, spec.needs)) {
        await expect(as.locator('h1').first(), `${role} ${path}`).toBeVisible({ timeout: 20_000 });
        await expect(message, `${role} ${path}`).toHaveCount(0);
      } else {
        await expect(as.getByRole('heading', { level: 1, name: spec.nav ?? spec.title }), `${role} ${path}`).toBeVisible({ timeout: 20_000 });
        await expect(message, `${role} ${path}`).toBeVisible();
        await expect(as.getByRole('button', { name: /Save|Try Again|Add|New|Create/ }), `${role} ${path}`).toHaveCount(0);
      }
    }
    if (as !== page) await as.context().close();
  }
});

interface Control {
  what: string;
  /** The screen's address (filled with the test's records). */
  path: (r: { patientId: number; patientName: string; invoiceNumber: string; bookedName: string }) => string;
  /** Done on the screen before looking (a search). */
  prepare?: (page: Page, r: { patientName: string; bookedName: string }) => Promise<void>;
  find: (page: Page, r: { patientName: string; invoiceNumber: string; bookedName: string }) => ReturnType<Page['getByRole']>;
  /** The capability the server asks for the control's action (or figure). */
  needs: Capability;
  /** The capability the screen itself needs. */
  screen: Capability;
}

const CONTROLS: Control[] = [
  {
    what: 'Delete on a patient row',
    path: () => '/admin/patients',
    prepare: async (p, r) => p.getByLabel('Search patients').fill(r.patientName),
    find: (p, r) => p.getByRole('button', { name: `Delete ${r.patientName}` }),
    needs: 'patients.delete',
    screen: 'patients.read',
  },
  { what: "Erase on the patient's page", path: (r) => `/admin/patients/${r.patientId}`, find: (p) => p.getByRole('button', { name: /^Erase patient/ }), needs: 'patients.delete', screen: 'patients.read' },
  { what: "Export on the patient's page", path: (r) => `/admin/patients/${r.patientId}`, find: (p) => p.getByRole('button', { name: /^Export data/ }), needs: 'export', screen: 'patients.read' },
  {
    what: 'Delete on an appointment row',
    path: () => '/admin/appointments',
    prepare: async (p, r) => p.getByLabel('Search appointments').fill(r.bookedName),
    find: (p, r) => p.getByRole('button', { name: `Delete ${r.bookedName} Testvisit's appointment` }),
    needs: 'appointments.write',
    screen: 'appointments.read',
  },
  {
    what: 'Cancel on an appointment row',
    path: () => '/admin/appointments',
    prepare: async (p, r) => p.getByLabel('Search appointments').fill(r.bookedName),
    find: (p, r) => p.getByRole('button', { name: `Cancel ${r.bookedName} Testvisit's appointment` }),
    needs: 'appointments.write',
    screen: 'appointments.read',
  },
  {
    what: 'Cancel on an invoice row',
    path: () => '/admin/invoices',
    prepare: async (p, r) => p.getByLabel('Search invoices').fill(r.patientName),
    find: (p, r) => p.getByRole('button', { name: `Cancel ${r.invoiceNumber}` }),
    needs: 'invoices.cancel',
    screen: 'invoices.read',
  },
  { what: 'Monthly Revenue on the dashboard', path: () => '/admin/dashboard', find: (p) => p.getByText('Monthly Revenue', { exact: true }) as ReturnType<Page['getByRole']>, needs: 'reports', screen: 'dashboard' },
];

test('every destructive control and owner-only figure, for every role: shown exactly when the server would allow it', async ({ page, browser }, testInfo) => {
  test.setTimeout(360_000);
  await signIn(page);
  const patientName = `Ctl${uid()}`;
  const patient = await apiCreatePatient(page.request, patientName);
  const invoice = await apiCreateInvoice(page.request, patient.id);
  const bookedName = `Bk${uid()}`;
  await apiBook(page.request, bookedName);
  const records = { patientId: patient.id, patientName: `${patientName} Testpatient`, invoiceNumber: invoice.invoiceNumber, bookedName };
  for (const role of ROLES) {
    const as = await pageAs(browser, testInfo, page, role);
    for (const control of CONTROLS) {
      if (!roleCan(role, control.screen)) continue;
      await as.goto(control.path(records));
      await expect(as.locator('h1').first()).toBeVisible({ timeout: 20_000 });
      await expect(as.locator('[aria-busy="true"]')).toHaveCount(0);
      await control.prepare?.(as, { patientName, bookedName });
      // The row (or figure) the control belongs to is on screen, whoever looks.
      if (control.prepare) await expect(as.getByText(control.what.includes('invoice') ? invoice.invoiceNumber : control.what.includes('appointment') ? bookedName : patientName).first()).toBeVisible();
      else await expect(as.locator('.ant-skeleton')).toHaveCount(0);
      const found = control.find(as, records);
      if (roleCan(role, control.needs)) await expect(found, `${role}: ${control.what}`).toHaveCount(1);
      else await expect(found, `${role}: ${control.what}`).toHaveCount(0);
    }
    // The API agrees: the month's revenue is the owner's alone.
    const stats = (await (await as.request.get('/api/admin/stats')).json()) as Record<string, unknown>;
    expect('monthlyRevenue' in stats, role).toBe(roleCan(role, 'reports'));
    if (as !== page) await as.context().close();
  }
});
