import { createContext, useCallback, useContext, useEffect, useSyncExternalStore } from 'react';

// The public site's data cache: a few public GETs, kept by path (UI-1: fresh for 5 minutes,
// 3 retries, no refetch on focus, no polling). It does the little the site needs of TanStack Query in a
// fiftieth of the bytes (docs/public-site.md): the public pages' JavaScript is what a phone on a slow
// network waits for.

export type QueryStatus = 'pending' | 'error' | 'success';

export interface QueryState<T> {
  data: T | undefined;
  status: QueryStatus;
  isFetching: boolean;
  /** When the data arrived, by performance.now() (0 before it did): a change stamp and an age, never a date. */
  dataUpdatedAt: number;
}

interface Entry {
  state: QueryState<unknown>;
  listeners: Set<() => void>;
  inFlight: Promise<void> | null;
  /** Marked by invalidate(): refetched by the next reader. */
  stale: boolean;
}

export interface QueryCacheOptions {
  staleTime: number;
  retry: number;
  /** Delay before retry n (0-based): 1 s, 2 s, 4 s... as TanStack Query does. */
  retryDelay?: (attempt: number) => number;
}

const EMPTY: QueryState<unknown> = { data: undefined, status: 'pending', isFetching: false, dataUpdatedAt: 0 };

export class QueryCache {
  private entries = new Map<string, Entry>();
  private anyListeners = new Set<() => void>();

  constructor(
    readonly fetcher: (key: string) => Promise<unknown>,
    readonly options: QueryCacheOptions,
  ) {}

  private entry(key: string): Entry {
    let e = this.entries.get(key);
    if (!e) {
      e = { state: EMPTY, listeners: new Set(), inFlight: null, stale: false };
      this.entries.set(key, e);
    }
    return e;
  }

  private update(key: string, patch: Partial<QueryState<unknown>>): void {
    const e = this.entry(key);
    e.state = { ...e.state, ...patch };
    e.listeners.forEach((l) => l());
    this.anyListeners.forEach((l) => l());
  }

  getState<T>(key: string): QueryState<T> {
    return (this.entries.get(key)?.state ?? EMPTY) as QueryState<T>;
  }

  getData<T>(key: string): T | undefined {
    return this.getState<T>(key).data;
  }

  setData(key: string, data: unknown): void {
    this.entry(key).stale = false;
    this.update(key, { data, status: 'success', dataUpdatedAt: performance.now() });
  }

  subscribe(key: string, listener: () => void): () => void {
    const e = this.entry(key);
    e.listeners.add(listener);
    return () => e.listeners.delete(listener);
  }

  /** Called after any change to any entry (the document head follows the data). */
  subscribeAll(listener: () => void): () => void {
    this.anyListeners.add(listener);
    return () => this.anyListeners.delete(listener);
  }

  isStale(key: string, staleTime = this.options.staleTime): boolean {
    const e = this.entries.get(key);
    if (!e || e.state.status !== 'success') return true;
    return e.stale || performance.now() - e.state.dataUpdatedAt > staleTime;
  }

  /** Fetches unless a fetch of the key is already on its way; retries failures with backoff. */
  fetch(key: string, options: { retry?: number; fetcher?: (key: string) => Promise<unknown> } = {}): Promise<void> {
    const e = this.entry(key);
    if (e.inFlight) return e.inFlight;
    const retry = options.retry ?? this.options.retry;
    const fetcher = options.fetcher ?? this.fetcher;
    const delay = this.options.retryDelay ?? ((n: number) => Math.min(1000 * 2 ** n, 30_000));
    this.update(key, { isFetching: true });
    e.inFlight = (async () => {
      for (let attempt = 0; ; attempt += 1) {
        try {
          const data = await fetcher(key);
          e.stale = false;
          this.update(key, { data, status: 'success', isFetching: false, dataUpdatedAt: performance.now() });
          return;
        } catch {
          if (attempt >= retry) {
            this.update(key, { status: e.state.data === undefined ? 'error' : 'success', isFetching: false });
            return;
          }
          await new Promise((r) => setTimeout(r, delay(attempt)));
        }
      }
    })().finally(() => {
      e.inFlight = null;
    });
    return e.inFlight;
  }

  /** Marks every key starting with the prefix as stale, and refetches those someone is showing. */
  invalidate(prefix: string): void {
    for (const [key, e] of this.entries) {
      if (!key.startsWith(prefix)) continue;
      e.stale = true;
      if (e.listeners.size > 0) void this.fetch(key);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}

const CacheContext = createContext<QueryCache | null>(null);
export const QueryCacheProvider = CacheContext.Provider;

export function useQueryCache(): QueryCache {
  const cache = useContext(CacheContext);
  if (!cache) throw new Error('useQueryCache outside QueryCacheProvider');
  return cache;
}

/** Reads `key` (null: nothing to read yet), fetching it when it is missing or stale and `enabled`. */
export function useQuery<T>(
  key: string | null,
  options: { enabled?: boolean; retry?: number; staleTime?: number; fetcher?: (key: string) => Promise<T> } = {},
): QueryState<T> {
  const cache = useQueryCache();
  const enabled = key !== null && options.enabled !== false;
  const subscribe = useCallback((listener: () => void) => (key === null ? () => {} : cache.subscribe(key, listener)), [cache, key]);
  const state = useSyncExternalStore(subscribe, () => (key === null ? (EMPTY as QueryState<T>) : cache.getState<T>(key)));
  const { retry, staleTime, fetcher } = options;
  useEffect(() => {
    if (!enabled || key === null) return;
    if (cache.isStale(key, staleTime)) void cache.fetch(key, { retry, fetcher });
  }, [cache, key, enabled, retry, staleTime, fetcher]);
  return state;
}
