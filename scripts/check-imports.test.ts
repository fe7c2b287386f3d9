import { describe, expect, it } from 'vitest';
import { directionProblem, findCircles, firstImport, importSpecifiers, scriptPrograms, umaskProblems } from './check-imports';
import { SERVER_ENTRY_POINTS } from './server-entries';

describe('importSpecifiers', () => {
  it('finds static, type-only, re-exported and dynamic imports, not those in comments', () => {
    const source = `
      import { a } from './a';
      import type { B } from "../b";
      import './styles.css';
      export { c } from './c';
      export * from './d';
      // import { x } from './commented';
      /* import('./block-commented') */
      const re = /['"]/;
      const page = () => import('./e');
      const text = 'not an import';
    `;
    expect(importSpecifiers(source).sort()).toEqual(['../b', './a', './c', './d', './e', './styles.css']);
  });
});

describe('directionProblem', () => {
  it('lets each part import what lies upstream of it', () => {
    expect(directionProblem('api/services/x.ts', 'shared/schemas/patient.ts')).toBeNull();
    expect(directionProblem('site/src/admin/pages/p.tsx', 'site/src/lib/api-client.ts')).toBeNull();
    expect(directionProblem('site/src/public/pages/p.tsx', 'shared/constants/clinic.ts')).toBeNull();
    expect(directionProblem('desktop/src/renderer/main.tsx', 'site/src/admin/mount.tsx')).toBeNull();
    expect(directionProblem('site/src/admin/pages/p.tsx', 'site/src/admin/features/f/api/x.ts')).toBeNull();
  });

  it('refuses imports against the flow', () => {
    expect(directionProblem('shared/domain/money.ts', 'api/errors.ts')).toMatch(/shared must not import api/);
    expect(directionProblem('api/routes/site.ts', 'site/src/public/app/routes.ts')).toMatch(/api must not import site/);
    expect(directionProblem('site/src/admin/pages/p.tsx', 'site/src/public/app/data.ts')).toMatch(/admin must not import site\/src\/public/);
    expect(directionProblem('site/src/public/pages/p.tsx', 'site/src/admin/api/errors.ts')).toMatch(/public must not import site\/src\/admin/);
    expect(directionProblem('site/src/lib/api-client.ts', 'site/src/admin/api/errors.ts')).toMatch(/lib must not import/);
    expect(directionProblem('desktop/src/renderer/x.ts', 'site/src/public/app/data.ts')).toMatch(/desktop must not import/);
    expect(directionProblem('site/src/x.ts', 'shared/constants/clinic.ts')).toMatch(/loose/);
  });

  it('keeps the admin in floors', () => {
    expect(directionProblem('site/src/admin/components/c.tsx', 'site/src/admin/features/f/api/x.ts')).toMatch(/components must not import its features/);
    expect(directionProblem('site/src/admin/features/f/x.tsx', 'site/src/admin/pages/p.tsx')).toMatch(/features must not import/);
    expect(directionProblem('site/src/admin/api/paged-list.ts', 'site/src/admin/components/pager.tsx')).toMatch(/must not import/);
    expect(directionProblem('site/src/admin/session/use-can.ts', 'site/src/admin/features/auth/api/login.ts')).toMatch(/session and hooks must not import its features/);
    expect(directionProblem('site/src/admin/layout/nav-items.ts', 'site/src/admin/screen-table.ts')).toBeNull();
  });

  it('keeps the api in layers: edge -> domain services -> platform -> db', () => {
    expect(directionProblem('api/routes/admin/patients.ts', 'api/services/patients/patients.ts')).toBeNull();
    expect(directionProblem('api/services/patients/patients.ts', 'api/platform/audit.ts')).toBeNull();
    expect(directionProblem('api/services/appointments/booking.ts', 'api/services/patients/patients.ts')).toBeNull();
    expect(directionProblem('api/platform/mail/outbox.ts', 'api/db/knex.ts')).toBeNull();
    expect(directionProblem('api/services/patients/patients.ts', 'api/routes/admin/patients.ts')).toMatch(/a domain service must not import the HTTP edge/);
    expect(directionProblem('api/services/billing/invoices.ts', 'api/jobs/tasks.ts')).toMatch(/a domain service must not import the HTTP edge/);
    expect(directionProblem('api/platform/mail/outbox-worker.ts', 'api/services/billing/invoices.ts')).toMatch(/the platform must not import a domain service/);
    expect(directionProblem('api/platform/scheduler.ts', 'api/routes/health.ts')).toMatch(/the platform must not import the HTTP edge/);
    expect(directionProblem('api/db/migrate.ts', 'api/platform/audit.ts')).toMatch(/db must not import the platform/);
    expect(directionProblem('api/db/seeds/first-start.ts', 'api/services/staff/accounts.ts')).toBeNull();
  });

  it('keeps shared in layers: constants -> catalogues -> domain -> schemas -> emails and documents', () => {
    expect(directionProblem('shared/emails/booking.ts', 'shared/domain/dates.ts')).toBeNull();
    expect(directionProblem('shared/domain/dates.ts', 'shared/i18n/types.ts')).toBeNull();
    expect(directionProblem('shared/schemas/patient.ts', 'shared/domain/clinic-time.ts')).toBeNull();
    expect(directionProblem('shared/invoice/html.ts', 'shared/emails/layout.ts')).toBeNull();
    expect(directionProblem('shared/emails/whatsapp.ts', 'shared/i18n/email-words.ts')).toBeNull();
    // The probes: a domain function that renders an email, a catalogue that reads a schema, a constant that
    // computes a date, a schema that renders a document, and a file outside every layer.
    expect(directionProblem('shared/domain/whatsapp.ts', 'shared/emails/language.ts')).toMatch(/shared's domain functions must not import its emails and documents/);
    expect(directionProblem('shared/i18n/messages.ts', 'shared/schemas/appointment.ts')).toMatch(/language catalogues must not import its schemas/);
    expect(directionProblem('shared/constants/booking.ts', 'shared/domain/clinic-time.ts')).toMatch(/constants must not import its domain functions/);
    expect(directionProblem('shared/schemas/invoice.ts', 'shared/invoice/document.ts')).toMatch(/schemas must not import its emails and documents/);
    expect(directionProblem('shared/helpers.ts', 'shared/domain/money.ts')).toMatch(/outside shared's layers/);
    // Tests beside the code may import across the layers.
    expect(directionProblem('shared/i18n/messages.test.ts', 'shared/schemas/appointment.ts')).toBeNull();
  });

  it('keeps api/services in domain folders', () => {
    expect(directionProblem('api/services/front-desk.ts', 'api/platform/audit.ts')).toMatch(/sits loose in api\/services/);
    expect(directionProblem('api/services/mail-attachments.ts', 'api/services/billing/invoices.ts')).toBeNull();
  });

  it('keeps admin features apart: one feature never imports another', () => {
    expect(directionProblem('site/src/admin/features/appointments/components/d.tsx', 'site/src/admin/features/invoices/components/p.tsx')).toMatch(
      /admin features do not import each other/,
    );
    expect(directionProblem('site/src/admin/features/invoices/components/d.tsx', 'site/src/admin/features/patients/api/get.ts')).toMatch(
      /admin features do not import each other/,
    );
    expect(directionProblem('site/src/admin/features/invoices/components/d.tsx', 'site/src/admin/features/invoices/api/get.ts')).toBeNull();
    expect(directionProblem('site/src/admin/features/invoices/components/d.tsx', 'site/src/admin/components/patient-picker.tsx')).toBeNull();
  });

  it('leaves test code free to start servers across the parts', () => {
    expect(directionProblem('desktop/test/x.test.ts', 'api/test/support/test-app.ts')).toBeNull();
    expect(directionProblem('site/e2e/support/e2e-server.ts', 'api/start.ts')).toBeNull();
  });
});

describe('findCircles', () => {
  it('finds every circle, long or short, and nothing else', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
      ['f', ['d']],
    ]);
    expect(findCircles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
  });
});

describe('the private umask of every program (OPS-21)', () => {
  const check = (sources: Record<string, string>) => {
    const files = Object.keys(sources);
    const known = new Set(files);
    const graph = new Map(files.map((f) => [f, importSpecifiers(sources[f]).map((s) => (s.endsWith('umask') ? 'api/umask.ts' : s.endsWith('start') ? 'api/start.ts' : s))]));
    return umaskProblems(files, new Map(Object.entries(sources)), graph, known);
  };

  it('takes the first import that runs, after comments and type-only imports', () => {
    expect(firstImport(`// import './not-this';\nimport type { X } from './types';\nimport '../umask';\nimport a from './a';`)).toBe('../umask');
    expect(firstImport(`import { a } from './a';\nimport './umask';`)).toBe('./a');
    expect(firstImport('const x = 1;')).toBeNull();
  });

  it("finds the api programs package.json's scripts run, from source or from the build", () => {
    expect(
      scriptPrograms({
        dev: 'tsx watch api/server.ts',
        start: 'npm run build && node --max-old-space-size=192 dist/api/server.js',
        backup: 'tsx api/cli/backup.ts',
        bench: 'tsx bench/api.ts',
      }).sort(),
    ).toEqual(['api/cli/backup.ts', 'api/server.ts']);
  });

  it('accepts programs that import the umask first, and refuses one that does not', () => {
    expect(check({ 'api/umask.ts': '', 'api/cli/backup.ts': "import '../umask';\nimport x from './x';\nprocess.exit(0);" })).toEqual([]);
    expect(check({ 'api/umask.ts': '', 'api/cli/backup.ts': "import x from './x';\nimport '../umask';" })[0]).toMatch(
      /api\/cli\/backup.ts is a program: its first import must be api\/umask.ts/,
    );
  });

  it('counts as a program a new command-line tool, and anything outside the tests that starts the server', () => {
    const problems = check({
      'api/umask.ts': '',
      'api/start.ts': '',
      'api/cli/new-tool.ts': "import { loadConfig } from '../config';\nconst file = process.argv[2];",
      'bench/app-server.ts': "import { startServer } from '../api/start';",
      'api/test/x.test.ts': "import { startServer } from '../start';",
    });
    expect(problems.map((p) => p.split(' ')[0]).sort()).toEqual(['api/cli/new-tool.ts', 'bench/app-server.ts']);
  });

  it('counts every entry the server build bundles', () => {
    const sources = Object.fromEntries(SERVER_ENTRY_POINTS.map((f) => [f, '']));
    expect(check({ 'api/umask.ts': '', ...sources }).length).toBe(SERVER_ENTRY_POINTS.length);
  });

  it('refuses a module that is not a program importing the umask', () => {
    expect(check({ 'api/umask.ts': '', 'api/services/x.ts': "import '../umask';" })[0]).toMatch(/api\/services\/x.ts imports api\/umask.ts, which only a program imports/);
  });
});
