import { AsyncLocalStorage } from 'node:async_hooks';

/** Who makes the changes a request audits: the signed-in user, or null for the patient or the system. */
export interface Actor {
  id: number | null;
  name: string | null;
}

/**
 * What a request or a scheduled task carries down every call it makes, across awaits: its id on each log
 * line (OPS-20), the clock its audit rows are stamped by (CLINIC-12) and the signed-in user they name
 * (DATA-1). One store for all three: each AsyncLocalStorage in use adds its own work to every promise the
 * process makes, and three cost the public API a seventh of its throughput (docs/benchmarks.md).
 */
export interface WorkContext {
  requestId?: string;
  now?: () => Date;
  actor?: Actor;
}

const store = new AsyncLocalStorage<WorkContext>();

/** Runs `work` with `fields` added to the context it runs in (a nested call keeps what it does not set). */
export function runWith<T>(fields: WorkContext, work: () => T): T {
  const outer = store.getStore();
  return store.run(outer ? { ...outer, ...fields } : fields, work);
}

/** The context of the request or task under way, if any. */
export function currentWork(): WorkContext | undefined {
  return store.getStore();
}
