import type { UseQueryResult } from '@tanstack/react-query';
import { Select } from 'antd';
import type { ReactNode } from 'react';
import { countText, type Page } from '../api/paged-list';
import type { ListState } from '../hooks/use-list-state';
import { plural } from '../hooks/use-list-state';
import { EmptyState, ErrorState, ListSkeleton } from './list-states';
import { PageHeader } from './page-header';
import { Pager } from './pager';
import { SearchField } from './search-field';

// The scaffold of every admin list screen (ADMIN-14): the page header with its main action, the toolbar
// (search box, then the screen's filters), and the ladder of states under it: skeletons while the first
// page loads, the load failure with Try Again, the empty text, else the count line ("N patients found"),
// the items and the pager. Dialogs (add, edit, confirm) go in as children. A screen supplies its texts,
// its query and how one item looks.

export interface ListScreenProps<T> {
  title: string;
  description?: string;
  /** The header's buttons, e.g. Add Patient. */
  actions?: ReactNode;
  search: { id: string; label: string; placeholder: string };
  /** useListState()'s search text, page and typing flag. */
  state: Pick<ListState, 'search' | 'setSearch' | 'page' | 'setPage' | 'typing'>;
  /** Controls after the search box (FilterSelect, ...). */
  filters?: ReactNode;
  /** The screen's page query (API-7 paging). */
  list: UseQueryResult<Page<T>>;
  loading: { count: number; label: string; variant?: 'row' | 'card' };
  errorText: string;
  emptyText: string;
  /** The count line's noun, one and many: "3 patients found". */
  noun: [one: string, many: string];
  pagerLabel: string;
  /**
   * How the items show: each one as a list item of a row list (or a card grid), labelled `label`; or
   * `render` lays out the whole page of rows itself (appointments group them by day).
   */
  items:
    | { layout: 'rows' | 'cards'; label: string; item: (row: T) => ReactNode }
    | { render: (page: Page<T>) => ReactNode };
  children?: ReactNode;
}

export function ListScreen<T>(props: ListScreenProps<T>) {
  const { list, state, items } = props;
  const rows = list.data?.rows ?? [];
  const busy = list.isFetching || state.typing;

  let body: ReactNode;
  if (list.isPending) {
    body = <ListSkeleton count={props.loading.count} variant={props.loading.variant} label={props.loading.label} />;
  } else if (list.isError) {
    body = <ErrorState text={props.errorText} />;
  } else if (rows.length === 0 && state.page === 1) {
    body = <EmptyState text={props.emptyText} />;
  } else {
    body = (
      <>
        <p className="count-line" aria-live="polite">
          {plural(countText(list.data) ?? '0', props.noun[0], props.noun[1])} found
        </p>
        {'render' in items ? (
          <div aria-busy={busy}>{list.data && items.render(list.data)}</div>
        ) : (
          <ul className={items.layout === 'cards' ? 'card-grid' : 'row-list'} aria-label={items.label} aria-busy={busy}>
            {rows.map(items.item)}
          </ul>
        )}
        <Pager page={list.data} onChange={state.setPage} label={props.pagerLabel} />
      </>
    );
  }

  return (
    <>
      <PageHeader title={props.title} description={props.description} actions={props.actions} />
      <div className="toolbar">
        <SearchField {...props.search} value={state.search} onChange={state.setSearch} />
        {props.filters}
      </div>
      {body}
      {props.children}
    </>
  );
}

/** A labelled filter of the toolbar (status, category): a new choice goes back to the first page. */
export function FilterSelect<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
  minWidth,
}: {
  id: string;
  label: string;
  value: V;
  options: { value: V; label: string }[];
  onChange: (value: V) => void;
  minWidth: number;
}) {
  return (
    <div className="toolbar-filter">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <Select<V> id={id} value={value} options={options} onChange={onChange} style={{ minWidth }} />
    </div>
  );
}
