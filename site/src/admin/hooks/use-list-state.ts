import { useDeferredValue, useState } from 'react';

/**
 * A screen's search text (shown at once), the text sent to the server, its filters and the page (back to
 * the first on a new search or filter). No timer: every keystroke asks the server (a page of 20-50 rows,
 * answered in tens of milliseconds, API-7) and TanStack Query aborts the request it supersedes;
 * useDeferredValue lets the input repaint before the list does.
 */
export function useListState<F extends Record<string, string> = Record<never, string>>(initialFilters?: F, initialSearch = '') {
  const [search, setSearchText] = useState(initialSearch);
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<F>(initialFilters ?? ({} as F));
  const q = useDeferredValue(search.trim());
  const setSearch = (value: string) => {
    setSearchText(value);
    setPage(1);
  };
  const setFilter = <K extends keyof F>(name: K, value: F[K]) => {
    setFilters((current) => ({ ...current, [name]: value }));
    setPage(1);
  };
  // True while the list on screen answers an earlier text.
  const typing = search.trim() !== q;
  return { search, setSearch, q, page, setPage, typing, filters, setFilter };
}

export type ListState = ReturnType<typeof useListState>;

/** A filter's value for the query: 'all' (or empty) means no filter. */
export function filterValue(value: string): string | undefined {
  return value && value !== 'all' ? value : undefined;
}

/** Pickers (the invoice dialog's patient search) wait this long after a keystroke. */
export const SEARCH_DEBOUNCE_MS = 150;

export function plural(count: string | number, one: string, many: string): string {
  return `${count} ${count === 1 || count === '1' ? one : many}`;
}
