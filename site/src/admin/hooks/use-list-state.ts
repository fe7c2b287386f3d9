import { useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/** Search debounce: short enough to feel instant, long enough not to send a request per keystroke. */
export const SEARCH_DEBOUNCE_MS = 150;

/** A screen's search text (shown at once), the debounced text sent to the server, and the page (reset on a new search). */
export function useListState() {
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const setSearch = (value: string) => {
    setSearchText(value);
    setPage(1);
  };
  // True while the typed text has not been sent yet: the list on screen is for the previous text.
  const typing = search.trim() !== q;
  return { search, setSearch, q, page, setPage, typing };
}

export function plural(count: string | number, one: string, many: string): string {
  return `${count} ${count === 1 || count === '1' ? one : many}`;
}
