import { defineConfig } from 'vitest/config';

// Vitest 5's reporter calls Map.groupBy (Node 21+); this machine runs Node 20 (ENVIRONMENT.md).
if (!('groupBy' in Map)) {
  Object.defineProperty(Map, 'groupBy', {
    value<K, T>(items: Iterable<T>, key: (item: T, index: number) => K): Map<K, T[]> {
      const groups = new Map<K, T[]>();
      let i = 0;
      for (const item of items) {
        const k = key(item, i++);
        groups.set(k, [...(groups.get(k) ?? []), item]);
      }
      return groups;
    },
  });
}

// Projects: fast pure-function tests beside the code in shared/ (and the repo's scripts/), HTTP tests of the
// exported Koa app (each test file gets its own fresh database, see api/test/support).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['shared/**/*.test.ts', 'scripts/**/*.test.ts', 'site/scripts/**/*.test.ts', 'site/src/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          include: ['api/test/**/*.test.ts'],
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The desktop app's main-process modules with Electron's APIs handed in (D25), and its invoice PDF
        // printed by Chromium compared with the server's.
        test: {
          name: 'desktop',
          include: ['desktop/test/**/*.test.ts'],
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
