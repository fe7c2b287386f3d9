import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * Which item an add/edit dialog shows: `openNew()` for a new one, `openEdit(item)` for an existing one.
 * Closing keeps the item, so the dialog's title does not change while it fades out. With `newParam`, a
 * link to the screen with ?new=1 (the dashboard's quick actions) opens the dialog for a new item.
 */
export function useItemDialog<T>({ newParam = false }: { newParam?: boolean } = {}) {
  const [state, setState] = useState<{ open: boolean; item: T | null }>({ open: false, item: null });
  const openNew = useCallback(() => setState({ open: true, item: null }), []);
  const openEdit = useCallback((item: T) => setState({ open: true, item }), []);
  const close = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  const [params, setParams] = useSearchParams();

  useEffect(() => {
    if (newParam && params.get('new') === '1') {
      openNew();
      setParams({}, { replace: true });
    }
  }, [newParam, params, setParams, openNew]);

  return useMemo(() => ({ ...state, openNew, openEdit, close }), [state, openNew, openEdit, close]);
}
