import { api } from '../../lib/api-client';

// API-7: admin lists answer a JSON array and accept ?q=&limit=&offset= (plus filters). A screen asks for one
// page at a time, one row more than it shows, to learn whether another page follows without counting.
// When the server also sends X-Total-Count, the exact total is used.

export interface PageParams {
  q: string;
  page: number;
  pageSize: number;
  /** Extra filters, e.g. { status: 'pending' }; empty values are left out. */
  filters?: Record<string, string | undefined>;
}

export interface Page<T> {
  rows: T[];
  page: number;
  pageSize: number;
  hasMore: boolean;
  /** The number of matching rows when the server says it, else null. */
  total: number | null;
}

export function listPath(base: string, params: PageParams): string {
  const search = new URLSearchParams();
  const q = params.q.trim();
  if (q) search.set('q', q);
  for (const [key, value] of Object.entries(params.filters ?? {})) if (value) search.set(key, value);
  search.set('limit', String(params.pageSize + 1));
  search.set('offset', String((params.page - 1) * params.pageSize));
  return `${base}?${search.toString()}`;
}

export async function fetchPage<T>(base: string, params: PageParams, signal?: AbortSignal): Promise<Page<T>> {
  let total: number | null = null;
  const rows = await api.get<T[]>(listPath(base, params), {
    signal,
    onResponse: (res) => {
      const header = res.headers.get('X-Total-Count');
      if (header && /^\d+$/.test(header)) total = Number(header);
    },
  });
  const list = rows ?? [];
  return {
    rows: list.slice(0, params.pageSize),
    page: params.page,
    pageSize: params.pageSize,
    hasMore: list.length > params.pageSize,
    total,
  };
}

/** "N patient(s) found": the exact number when it is known, else a lower bound such as "20+". */
export function countText(page: Page<unknown> | undefined): string | null {
  if (!page) return null;
  if (page.total !== null) return page.total.toLocaleString('en-IN');
  const seen = (page.page - 1) * page.pageSize + page.rows.length;
  return page.hasMore ? `${seen.toLocaleString('en-IN')}+` : seen.toLocaleString('en-IN');
}
