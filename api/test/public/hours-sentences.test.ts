import { afterAll, beforeAll, expect, it } from 'vitest';
import { storeFirstStartSettings } from '../../services/appointments/clinic-settings';
import type { ClinicSettings } from '../../../shared/schemas/clinic-settings';
import { startTestApp, type TestApp } from '../support/test-app';

// SITE-31: the public pages' sentences that state days or hours follow Settings. With the default week the
// home, about and contact pages say what they always said ("6 days", "Monday to Saturday"); once the owner
// opens Sunday they say "7 days" and "every day", in English, Marathi and Hindi, as soon as it is saved.

let app: TestApp;
let owner: string;
beforeAll(async () => {
  app = await startTestApp();
  app.clock.set('2026-11-24T04:30:00Z');
  owner = await app.signIn();
  await storeFirstStartSettings(app.db.knex, app.deps.config);
});
afterAll(() => app?.close());

const html = async (path: string) => (await app.request(path)).text();
const description = (page: string) => page.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? '';

it('says the default week as it always did, then Sunday opened, on home, about and contact in three languages', async () => {
  const home = await html('/');
  expect(home).toContain('6 days');
  expect(home).toContain('Open Monday to Saturday until 9 PM, so visits fit around school and work.');
  expect(await html('/about')).toContain('Mornings and evenings, Monday to Saturday, and emergency help by phone.');
  expect(description(await html('/contact'))).toContain('Open Monday to Saturday, 10 AM to 2 PM and 5 PM to 9 PM.');
  await html('/mr'); // rendered and kept before the change

  const current = (await (await app.request('/api/admin/clinic-settings', { cookie: owner })).json()) as ClinicSettings;
  const saved = await app.request('/api/admin/clinic-settings', {
    method: 'PUT',
    cookie: owner,
    json: { ...current, openingHours: { ...current.openingHours, sunday: [{ open: '10:00', close: '13:30' }] } },
  });
  expect(saved.status).toBe(200);

  const after = await html('/');
  expect(after).toContain('7 days');
  expect(after).toContain('Open every day until 9 PM');
  expect(after).not.toContain('Monday to Saturday');
  expect(await html('/about')).toContain('Mornings and evenings, every day, and emergency help by phone.');
  expect(description(await html('/contact'))).toContain('Open Monday to Saturday, 10 AM to 2 PM and 5 PM to 9 PM; Sunday, 10 AM to 1:30 PM.');
  const mr = await html('/mr');
  expect(mr).toContain('आठवड्यातून 7 दिवस');
  expect(mr).toContain('दररोज रात्री 9 पर्यंत सुरू');
  expect(mr).not.toContain('सोमवार ते शनिवार रात्री');
  const hi = await html('/hi/about');
  expect(hi).toContain('हर दिन सुबह और शाम');
  expect(hi).not.toContain('सोमवार से शनिवार सुबह');
});
