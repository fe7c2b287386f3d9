import { defineConfig } from 'vitest/config';

// Two projects: fast pure-function tests beside the code in shared/, and HTTP tests of the
// exported Koa app (each test file gets its own fresh database, see api/test/support).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['shared/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          include: ['api/test/**/*.test.ts'],
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
