import { describe, expect, it } from 'vitest';
import { directionProblem, findCircles, importSpecifiers } from './check-imports';

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
