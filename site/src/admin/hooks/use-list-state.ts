import { useDeferredValue, useState } from 'react';

/**
 * A screen's search text (shown at once), the text sent to the server, and the page (reset on a new
 * search). No timer: every keystroke asks the server (a page of 20-50 rows, answered in tens of
 * milliseconds, D10) and TanStack Query aborts the request it supersedes; useDeferredValue lets the input
 * repaint before the list does.
 */
export function useListState() {
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const q = useDeferredValue(search.trim());
  const setSearch = (value: string) => {
    setSearchText(value);
    setPage(1);
  };
  // True while the list on screen answers an earlier text.
  const typing = search.trim() !== q;
  return { search, setSearch, q, page, setPage, typing };
}

/** Pickers (the invoice dialog's patient search) wait this long after a keystroke. */
export const SEARCH_DEBOUNCE_MS = 150;

export function plural(count: string | number, one: string, many: string): string {
  return `${count} ${count === 1 || count === '1' ? one : many}`;
}
