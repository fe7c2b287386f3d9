import { describe, expect, it } from 'vitest';
import { productSources } from './product-sources';

// Each AsyncLocalStorage in use makes every promise of the process carry and copy its store: three of them
// (request id, audit clock, actor) cost the public API a seventh of its throughput (docs/benchmarks.md). What
// a request or task carries down its calls goes in the one store, api/platform/work-context.ts.
describe('the work context', () => {
  it('is the only AsyncLocalStorage the server makes', () => {
    const makers = productSources(['api', 'shared'])
      .filter(({ text }) => /new AsyncLocalStorage\b/.test(text))
      .map(({ file }) => file);
    expect(makers).toEqual(['api/platform/work-context.ts']);
  });
});
