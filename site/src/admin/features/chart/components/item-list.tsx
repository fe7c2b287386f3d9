import { CheckOutlined, SafetyOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Checkbox, Segmented, Select, Switch } from 'antd';
import { memo, useMemo, useState } from 'react';
import { canMarkTreated, treatedByText } from '../../../../../../shared/clinical/chart-checks';
import { describeItem, procedureStatuses, type ProcedureStatus } from '../../../../../../shared/clinical/chart-command';
import { drawOfCode } from '../../../../../../shared/clinical/vocabulary';
import { clinicToday } from '../../../../../../shared/domain/clinic-time';
import { formatDate, formatSentenceDate } from '../../../../../../shared/domain/dates';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { ChartVocabulary, ClinicalItem } from '../../../../../../shared/schemas/clinical-item';
import { statusLooks, statusWords } from '../chart-colours';
import { groupItems, type ListGrouping } from '../chart-view';

// CHART-13: the list beside the chart: by tooth, by date or by status; invalidated items struck through
// when asked for; a planned procedure is marked done (or given another status) and any standing item is
// invalidated with a reason from its row. `selection` lets a screen pick items (a treatment plan picks
// planned ones): a checkbox per row. CHART-8, CHART-27: Done (it locks the item) and "Mark treated" on a
// standing finding each ask for confirmation first; a treated finding says by what, and work recorded
// later the day it was done (CHART-29).

export interface ItemListProps {
  items: readonly ClinicalItem[];
  vocabulary: ChartVocabulary;
  grouping: ListGrouping;
  onGrouping: (grouping: ListGrouping) => void;
  showInvalidated: boolean;
  onShowInvalidated: (show: boolean) => void;
  /** Null: read-only (a receptionist, or the chart at a past date). */
  actions: null | {
    onStatus: (item: ClinicalItem, status: ProcedureStatus | 'resolved') => void;
    onInvalidate: (item: ClinicalItem) => void;
    pending: boolean;
  };
  selection?: { ids: readonly number[]; onChange: (ids: number[]) => void; canSelect?: (item: ClinicalItem) => boolean };
  highlightTooth?: string | null;
}

export function StatusSwatch({ item }: { item: ClinicalItem }) {
  const look = statusLooks[item.status];
  return (
    <span className={`status-chip status-${item.status}`}>
      <span className="status-chip-swatch" style={{ borderColor: look.colour }} aria-hidden="true" />
      {statusWords[item.status]}
    </span>
  );
}

/** What asking before a change names: Done on a procedure, treated on a finding. */
interface Asking {
  item: ClinicalItem;
  status: 'completed' | 'resolved';
}

export function ItemList(props: ItemListProps) {
  const { items, vocabulary, grouping, showInvalidated, actions: given, selection, highlightTooth } = props;
  const [asking, setAsking] = useState<Asking | null>(null);
  const drawOf = useMemo(() => drawOfCode(vocabulary), [vocabulary]);
  // Done and "Mark treated" ask first; every other status change is made at once.
  const actions = useMemo(
    () =>
      given && {
        ...given,
        onStatus: (item: ClinicalItem, status: ProcedureStatus | 'resolved') => (status === 'completed' || status === 'resolved' ? setAsking({ item, status }) : given.onStatus(item, status)),
        canMarkTreated: (item: ClinicalItem) => canMarkTreated(item, drawOf),
      },
    [given, drawOf],
  );
  const treatedBy = useMemo(() => {
    const byId = new Map(items.map((i) => [i.id, i]));
    const texts = new Map<number, string>();
    for (const item of items) {
      const event = item.status === 'resolved' ? item.history.findLast((e) => e.status === 'resolved') : undefined;
      if (event) texts.set(item.id, `${treatedByText(event.byItemId ? byId.get(event.byItemId) : undefined, vocabulary, event.at)}${event.userName ? `, ${event.userName}` : ''}`);
    }
    return texts;
  }, [items, vocabulary]);
  const askingText = asking ? describeItem(asking.item, vocabulary) : '';
  const groups = groupItems(items, grouping, { showInvalidated, dayTitle: (day) => formatSentenceDate(day) });
  const invalidatedCount = items.filter((i) => i.invalidatedAt).length;
  return (
    <section className="panel chart-list" aria-labelledby="chart-list-heading">
      <div className="chart-list-head">
        <h2 id="chart-list-heading">Findings &amp; Treatments ({items.filter((i) => !i.invalidatedAt).length})</h2>
        <Segmented<ListGrouping>
          size="small"
          value={grouping}
          onChange={props.onGrouping}
          options={[
            { value: 'tooth', label: 'By tooth' },
            { value: 'date', label: 'By date' },
            { value: 'status', label: 'By status' },
          ]}
          aria-label="Group the list"
        />
        <label className="chart-list-toggle">
          <Switch size="small" checked={showInvalidated} onChange={props.onShowInvalidated} aria-label="Show invalidated items" />
          <span aria-hidden="true">Invalidated ({invalidatedCount})</span>
        </label>
      </div>
      {groups.length === 0 ? (
        <p className="muted">Nothing charted yet.</p>
      ) : (
        groups.map((group) => (
          <div key={group.key} className="chart-list-group">
            <h3>{group.title}</h3>
            <ul className="chart-items">
              {group.items.map((item) => (
                <ItemRow
                  key={item.id}
                  item={item}
                  vocabulary={vocabulary}
                  actions={actions}
                  treatedBy={treatedBy.get(item.id) ?? null}
                  hot={highlightTooth ? item.teeth.includes(highlightTooth) : false}
                  selection={selection}
                />
              ))}
            </ul>
          </div>
        ))
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking?.status === 'resolved' ? `Mark ${askingText} treated?` : `Mark ${askingText} done?`}
        confirmLabel={asking?.status === 'resolved' ? 'Mark treated' : 'Mark done'}
        danger={false}
        pending={given?.pending}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking && given) given.onStatus(asking.item, asking.status);
          setAsking(null);
        }}
      >
        {asking?.status === 'resolved' ? (
          <p>The finding no longer stands on the chart; its history keeps it, and the chart at an earlier date still shows it.</p>
        ) : (
          <p>Done work is locked: its status no longer changes (a mistake is corrected by invalidating it with a reason), and it becomes billable. Findings it treats are marked treated.</p>
        )}
      </ConfirmDialog>
    </section>
  );
}

/** One row: memoised, so an entry or a status change redraws its own row, not the 400 others. */
const ItemRow = memo(function ItemRow(props: {
  item: ClinicalItem;
  vocabulary: ChartVocabulary;
  actions: (NonNullable<ItemListProps['actions']> & { canMarkTreated: (item: ClinicalItem) => boolean }) | null;
  treatedBy: string | null;
  hot: boolean;
  selection: ItemListProps['selection'];
}) {
  const { item, vocabulary, actions, hot, selection, treatedBy } = props;
  const text = describeItem(item, vocabulary);
  const invalidated = Boolean(item.invalidatedAt);
  const canChange = actions && !invalidated && item.kind === 'procedure' && !item.locked;
  return (
    <li key={item.id} className={`chart-item${invalidated ? ' invalidated' : ''}${hot ? ' hot' : ''}`} data-item={item.id}>
      {selection && (
        <Checkbox
          checked={selection.ids.includes(item.id)}
          disabled={invalidated || (selection.canSelect ? !selection.canSelect(item) : false)}
          onChange={(e) => selection.onChange(e.target.checked ? [...selection.ids, item.id] : selection.ids.filter((id) => id !== item.id))}
          aria-label={`Choose ${text}`}
        />
      )}
      <div className="chart-item-main">
        <p className="chart-item-title">
          {invalidated ? <s>{text}</s> : text}
          {item.locked && !invalidated && <span className="chart-item-lock"> · locked</span>}
        </p>
        <p className="chart-item-meta">
          <StatusSwatch item={item} />
          {item.performedOn && item.performedOn !== clinicToday(new Date(item.createdAt)) ? (
            <span>
              done {formatDate(item.performedOn)} (recorded {formatDate(item.createdAt)})
            </span>
          ) : (
            <span>{formatDate(item.createdAt)}</span>
          )}
          {item.dentistName && <span>{item.dentistName}</span>}
        </p>
        {treatedBy && <p className="chart-item-meta">{treatedBy[0].toUpperCase() + treatedBy.slice(1)}</p>}
        {invalidated && <p className="chart-item-reason">Invalidated {formatDate(item.invalidatedAt!)}: {item.invalidReason}</p>}
      </div>
      {actions && !invalidated && (
        <div className="chart-item-actions">
          {canChange && item.status === 'planned' && (
            <Button size="small" icon={<CheckOutlined aria-hidden="true" />} disabled={actions.pending} onClick={() => actions.onStatus(item, 'completed')} aria-label={`Mark ${text} done`}>
              Done
            </Button>
          )}
          {actions.canMarkTreated(item) && (
            <Button size="small" icon={<SafetyOutlined aria-hidden="true" />} disabled={actions.pending} onClick={() => actions.onStatus(item, 'resolved')} aria-label={`Mark ${text} treated`}>
              Mark treated
            </Button>
          )}
          {canChange && (
            <Select<ProcedureStatus>
              size="small"
              value={item.status as ProcedureStatus}
              disabled={actions.pending}
              onChange={(status) => actions.onStatus(item, status)}
              // PLAN-18: a declined item reads as such; it is planned again by choosing Planned.
              options={[
                ...procedureStatuses.map((s) => ({ value: s, label: statusWords[s] })),
                ...(item.status === 'declined' ? [{ value: item.status as ProcedureStatus, label: statusWords.declined, disabled: true }] : []),
              ]}
              aria-label={`Status of ${text}`}
              popupMatchSelectWidth={false}
              className="chart-item-status"
            />
          )}
          <Button size="small" icon={<StopOutlined aria-hidden="true" />} disabled={actions.pending} onClick={() => actions.onInvalidate(item)} aria-label={`Invalidate ${text}`}>
            Invalidate
          </Button>
        </div>
      )}
    </li>
  );
});
