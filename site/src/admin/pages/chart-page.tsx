import { ArrowLeftOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Segmented, Skeleton, type InputRef } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { checkAgainstChart } from '../../../../shared/clinical/chart-checks';
import { parseChartCommand, type ProcedureStatus } from '../../../../shared/clinical/chart-command';
import { chartTeeth, type ChartItemLike } from '../../../../shared/clinical/chart-state';
import { drawOfCode } from '../../../../shared/clinical/vocabulary';
import { forbiddenMessage } from '../../../../shared/constants/roles';
import { clinicToday } from '../../../../shared/domain/clinic-time';
import { formatDate, formatSentenceDate } from '../../../../shared/domain/dates';
import type { ClinicalItem } from '../../../../shared/schemas/clinical-item';
import { patientName } from '../../../../shared/schemas/patient';
import { ApiError } from '../../lib/api-client';
import { clockNow } from '../../lib/clock';
import { errorDescription } from '../api/errors';
import { usePatient } from '../api/get-patient';
import { ErrorState } from '../components/list-states';
import { MedicalAlert } from '../components/medical-alert';
import { PageHeader } from '../components/page-header';
import { useToast } from '../components/toasts';
import { useChangeStatus, useChart, useChartCodes, useInvalidateItems, useRecordCommand } from '../features/chart/api/chart';
import { chartKeyAction, composeCommand, moveCursor, toggleSurface, type Draft } from '../features/chart/chart-keys';
import { chartsMilkTeeth, teethName, timelineDays, type ListGrouping } from '../features/chart/chart-view';
import { CommandBar } from '../features/chart/components/command-bar';
import { InvalidateDialog } from '../features/chart/components/invalidate-dialog';
import { ItemList } from '../features/chart/components/item-list';
import { KeyboardHelp } from '../features/chart/components/keyboard-help';
import { ChartLegend, isTouchTap, Odontogram } from '../features/chart/components/odontogram';
import { ToothPicker } from '../features/chart/components/tooth-picker';
import { ChartTimeline } from '../features/chart/components/timeline';
import { ToothHistory as ToothHistoryBox } from '../features/chart/components/tooth-history';
import { ageOn, defaultDentition, hiddenItemIds, odontogramLayout, symbolsDrawn, type DentitionView } from '../features/chart/odontogram-layout';
import '../features/chart/chart.css';
import { usePageTitle } from '../hooks/use-page-title';
import { useCan } from '../session/use-can';
import { useAuthStore } from '../session/auth-store';

// CHART-10..CHART-14: a patient's chart. The odontogram with its legend, the timeline and the history of
// the tooth pointed at; the list beside it (below it on a tablet); for the owner and dentists the command
// bar (focused on load for a dentist), clicks and keys that write into it, undo of the last entry, status
// changes and invalidation from the list. A receptionist sees it all read-only; so does everyone looking
// at a past date.

interface Entry {
  ids: number[];
  label: string;
}

const emptyDraft: Draft = { teeth: [], surfaces: [], codeName: null, statusWord: null };
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.getAttribute('role') === 'combobox');

export function ChartPage() {
  const { id: param } = useParams();
  const id = Number(param);
  const patient = usePatient(Number.isInteger(id) ? id : null);
  const p = patient.data;
  usePageTitle(p ? `Chart: ${patientName(p)}` : 'Chart');
  const canWrite = useCan('clinical.write');
  const role = useAuthStore((s) => s.user?.role);
  const toast = useToast();

  const [at, setAt] = useState<string | null>(null);
  const current = useChart(id, null);
  const past = useChart(id, at);
  const codes = useChartCodes();
  const vocabulary = useMemo(() => codes.data ?? [], [codes.data]);
  const record = useRecordCommand(id);
  const changeStatus = useChangeStatus(id);
  const invalidate = useInvalidateItems(id);

  const [view, setView] = useState<DentitionView | null>(null);
  const [draft, setDraftState] = useState<Draft>(emptyDraft);
  const [command, setCommand] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);
  const [performedOn, setPerformedOn] = useState<string | null>(null);
  const [sending, setSending] = useState<string[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [hover, setHover] = useState<string | null>(null);
  const [chartFocused, setChartFocused] = useState(false);
  const [entries, setEntries] = useState<Entry[]>([]);
  const [grouping, setGrouping] = useState<ListGrouping>('tooth');
  const [showInvalidated, setShowInvalidated] = useState(false);
  const [toInvalidate, setToInvalidate] = useState<ClinicalItem | null>(null);
  const [help, setHelp] = useState(false);
  const [pickerTooth, setPickerTooth] = useState<string | null>(null);
  const barRef = useRef<InputRef>(null);
  const svgBox = useRef<HTMLDivElement>(null);

  const nowItems = current.data?.items;
  // While the chart at another date loads, the last one drawn stays (dimmed), never an empty chart.
  const shownChart = at ? (past.data ?? current.data) : current.data;
  const loadingPast = at !== null && past.data?.at !== at;
  const items = useMemo(() => shownChart?.items ?? [], [shownChart]);
  const editable = canWrite && at === null;

  const today = clinicToday(clockNow());
  const age = p?.dateOfBirth ? ageOn(p.dateOfBirth, today) : null;
  const dentition = view ?? defaultDentition(age, chartsMilkTeeth(nowItems ?? []));
  const layout = useMemo(() => odontogramLayout(dentition), [dentition]);
  const columnOf = useMemo(() => new Map(layout.slots.map((s) => [s.tooth, s.col])), [layout]);
  const cursorTooth = cursor && columnOf.has(cursor) ? cursor : (layout.rows[0]?.[0] ?? null);

  // What the bar will record, drawn on the chart as a preview (negative ids), over what stands.
  const previewItems = useMemo(() => {
    if (!editable || !vocabulary.length) return [];
    return [...sending, command].filter((t) => t.trim()).flatMap((t) => {
      const parsed = parseChartCommand(t, vocabulary);
      if (!parsed.ok) return [];
      // CHART-25: what the chart would refuse is not drawn as about to be recorded.
      if (t === command && checkAgainstChart(parsed.items.map((i) => ({ ...i, performedOn })), nowItems ?? [], vocabulary, clockNow())) return [];
      return parsed.items;
    });
  }, [editable, sending, command, vocabulary, nowItems, performedOn]);
  const { teeth, previewIds } = useMemo(() => {
    const standing: ChartItemLike[] = items.filter((i) => !i.invalidatedAt);
    const preview: ChartItemLike[] = previewItems.map((item, i) => ({ ...item, id: -1 - i, createdAt: '9999-12-31T00:00:00.000Z', invalidatedAt: null }));
    return { teeth: chartTeeth([...standing, ...preview], drawOfCode(vocabulary), { primary: true }), previewIds: new Set(preview.map((i) => i.id)) };
  }, [items, previewItems, vocabulary]);
  const days = useMemo(() => timelineDays(nowItems ?? []), [nowItems]);
  const symbols = useMemo(() => symbolsDrawn(teeth.filter((t) => columnOf.has(t.tooth))), [teeth, columnOf]);
  // CHART-21: what the dentition shown hides is said, with the view that shows it.
  const hidden = useMemo(() => hiddenItemIds(teeth, layout), [teeth, layout]);

  const setDraft = useCallback((next: Draft) => {
    setDraftState(next);
    setCommand(composeCommand(next));
    setServerError(null);
  }, []);

  const undoLast = useCallback(() => {
    const last = entries.at(-1);
    if (!last || invalidate.isPending) return;
    invalidate.mutate(
      { ids: last.ids, reason: 'undone' },
      {
        onSuccess: () => {
          setEntries((list) => list.slice(0, -1));
          toast.success('Entry undone', last.label);
        },
        onError: (error) => toast.failure('Unable to undo', error),
      },
    );
  }, [entries, invalidate, toast]);

  // The bar empties at once, so the next entry can be typed while this one is recorded; the entry stays
  // drawn as a preview until the server answers, and comes back into an empty bar if it is refused.
  const submit = (text: string) => {
    setServerError(null);
    setSending((list) => [...list, text]);
    setDraftState(emptyDraft);
    setCommand('');
    // CHART-29: the day given applies to this entry only; the next one is today's again.
    const day = performedOn;
    setPerformedOn(null);
    record
      .mutateAsync({ command: text, performedOn: day })
      .then(({ items: created }) => setEntries((list) => [...list, { ids: created.map((i) => i.id), label: text.trim() }]))
      .catch((error: unknown) => {
        setServerError(errorDescription(error));
        setCommand((c) => c || text);
        setPerformedOn((d) => d ?? day);
      })
      .finally(() => setSending((list) => list.filter((t) => t !== text)));
  };

  const focusBar = () => {
    barRef.current?.focus({ cursor: 'end' });
  };

  const step = useCallback(
    (by: -1 | 1) => {
      if (days.length === 0) return;
      const index = at === null ? days.length : days.indexOf(at);
      const next = Math.min(days.length, Math.max(0, index + by));
      setAt(next >= days.length ? null : days[next]);
    },
    [at, days],
  );

  // "/" and "?" from anywhere on the screen but a text field; Ctrl+Z outside a text field undoes the last entry.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (isTyping(e.target) || e.defaultPrevented) return;
      if ((e.target as Element | null)?.closest?.('.odontogram')) return;
      const action = chartKeyAction(e);
      if (action?.type === 'focus-bar' && editable) {
        e.preventDefault();
        focusBar();
      } else if (action?.type === 'help') {
        e.preventDefault();
        setHelp((h) => !h);
      } else if (action?.type === 'undo' && editable) {
        e.preventDefault();
        undoLast();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [editable, undoLast]);

  // A dentist comes to the chart to chart: the bar has the focus on load, once it is drawn (the screen waits
  // for the patient, the chart and the codes, which arrive in any order).
  const focusedOnce = useRef(false);
  useEffect(() => {
    if (focusedOnce.current || role !== 'dentist' || !editable || !patient.data || !current.data || !codes.data || !barRef.current) return;
    focusedOnce.current = true;
    focusBar();
  }, [role, editable, patient.data, current.data, codes.data]);

  const onChartKey = (e: KeyboardEvent<SVGSVGElement>) => {
    const action = chartKeyAction(e);
    if (!action || !cursorTooth) return;
    e.preventDefault();
    switch (action.type) {
      case 'move': {
        const next = moveCursor(layout.rows, (t) => columnOf.get(t) ?? 0, cursorTooth, action.direction);
        setCursor(next);
        if (action.extend && editable) {
          const teeth = [...draft.teeth];
          for (const t of [cursorTooth, next]) if (!teeth.includes(t)) teeth.push(t);
          setDraft({ ...draft, teeth });
        }
        break;
      }
      case 'select':
        if (editable) setDraft({ ...draft, teeth: draft.teeth.includes(cursorTooth) ? draft.teeth.filter((t) => t !== cursorTooth) : [...draft.teeth, cursorTooth] });
        break;
      case 'surface':
        if (editable) setDraft({ ...draft, teeth: draft.teeth.length ? draft.teeth : [cursorTooth], surfaces: toggleSurface(draft.surfaces, action.surface) });
        break;
      case 'clear':
        setDraft(emptyDraft);
        break;
      case 'to-bar':
        if (!editable) break;
        if (draft.teeth.length === 0) setDraft({ ...draft, teeth: [cursorTooth] });
        setTimeout(() => {
          setCommand((c) => (c && !c.endsWith(' ') ? `${c} ` : c));
          focusBar();
        }, 0);
        break;
      case 'focus-bar':
        if (editable) focusBar();
        break;
      case 'undo':
        if (editable) undoLast();
        break;
      case 'earlier':
        step(-1);
        break;
      case 'later':
        step(1);
        break;
      case 'help':
        setHelp((h) => !h);
        break;
    }
  };

  const describeTooth = useCallback(
    (tooth: string) => {
      const chart = teeth.find((t) => t.tooth === tooth);
      const marks = chart?.marks ?? [];
      const state = chart?.state && chart.state !== 'present' ? `, ${chart.state}` : '';
      const what = marks.length ? `: ${marks.map((m) => `${m.code}${m.surfaces.length ? ` ${m.surfaces.join('')}` : ''} ${m.status}`).join('; ')}` : '';
      return `Tooth ${tooth}${state}${what}`;
    },
    [teeth],
  );

  // Stable across entries, so the list redraws only the rows that changed (ItemRow is memoised).
  const changeStatusMutate = changeStatus.mutate;
  const onStatus = useCallback(
    (item: ClinicalItem, status: ProcedureStatus | 'resolved') =>
      changeStatusMutate(
        { id: item.id, status },
        {
          onSuccess: () => toast.success(status === 'resolved' ? 'Marked treated' : 'Status changed', `${teethName(item.teeth)} ${item.code}: ${status === 'resolved' ? 'treated' : status}`),
          onError: (e) => toast.failure('Unable to change the status', e),
        },
      ),
    [changeStatusMutate, toast],
  );
  const listPending = changeStatus.isPending || invalidate.isPending;
  const listActions = useMemo(() => (editable ? { pending: listPending, onStatus, onInvalidate: setToInvalidate } : null), [editable, listPending, onStatus]);

  const back = (
    <Link to={Number.isInteger(id) ? `/patients/${id}` : '/patients'} className="back-link">
      <ArrowLeftOutlined aria-hidden="true" /> {p ? patientName(p) : 'Patient'}
    </Link>
  );

  if (patient.isPending || current.isPending || codes.isPending) {
    return (
      <>
        {back}
        <Skeleton active paragraph={{ rows: 10 }} />
      </>
    );
  }
  if (patient.isError || current.isError || codes.isError || !p || !current.data) {
    const error = patient.error ?? current.error ?? codes.error;
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <>
        {back}
        <ErrorState text={missing || !Number.isInteger(id) ? 'This patient does not exist (it may have been deleted).' : 'Unable to load the chart.'} />
      </>
    );
  }

  const historyTooth = hover ?? (chartFocused ? cursorTooth : null) ?? draft.teeth[0] ?? null;
  const lastEntry = entries.at(-1);

  return (
    <>
      {back}
      <PageHeader
        title={`Chart: ${patientName(p)}`}
        description={[age !== null ? `${age} years` : null, p.dateOfBirth ? `born ${formatDate(p.dateOfBirth)}` : null].filter(Boolean).join(', ') || undefined}
        actions={
          <>
            <Segmented<DentitionView>
              value={dentition}
              onChange={setView}
              options={[
                { value: 'permanent', label: 'Adult' },
                { value: 'mixed', label: 'Mixed' },
                { value: 'primary', label: 'Milk' },
              ]}
              aria-label="Dentition"
            />
            <Button icon={<QuestionCircleOutlined aria-hidden="true" />} onClick={() => setHelp(true)}>
              Keys
            </Button>
          </>
        }
      />
      <MedicalAlert patientId={id} />
      {editable ? (
        <CommandBar
          vocabulary={vocabulary}
          value={command}
          onChange={(v) => {
            setCommand(v);
            setServerError(null);
          }}
          onSubmit={submit}
          onEscape={() => {
            if (command) setDraft(emptyDraft);
            else svgBox.current?.querySelector<SVGSVGElement>('svg.odontogram')?.focus();
          }}
          pending={record.isPending}
          serverError={serverError}
          inputRef={barRef}
          codeName={draft.codeName ?? null}
          onCode={(codeName) => setDraft({ ...draft, codeName })}
          statusWord={draft.statusWord ?? null}
          onStatus={(statusWord) => setDraft({ ...draft, statusWord })}
          undo={lastEntry ? { label: lastEntry.label, onUndo: undoLast, pending: invalidate.isPending } : null}
          chartItems={nowItems ?? []}
          today={today}
          performedOn={performedOn}
          onPerformedOn={setPerformedOn}
        />
      ) : at ? (
        <p className="chart-banner" role="status">
          The chart as it stood at the end of {formatSentenceDate(at)}.{' '}
          <Button size="small" type="link" onClick={() => setAt(null)}>
            Back to now
          </Button>
        </p>
      ) : (
        <p className="chart-banner">Read-only: {forbiddenMessage('clinical.write')}</p>
      )}

      <div className="chart-columns">
        <section className="panel chart-panel" aria-label="Odontogram">
          <div className="odontogram-box" ref={svgBox} data-busy={loadingPast ? 'true' : undefined}>
            <div className="jaw-labels" aria-hidden="true">
              <span>Right</span>
              <span>Left</span>
            </div>
            <Odontogram
              layout={layout}
              teeth={teeth}
              previewIds={previewIds}
              selected={editable ? draft.teeth : []}
              selectedSurfaces={draft.surfaces}
              cursor={chartFocused ? cursorTooth : null}
              label={at ? `Odontogram on ${formatSentenceDate(at)}` : 'Odontogram'}
              describeTooth={describeTooth}
              onFocus={() => setChartFocused(true)}
              onKeyDown={onChartKey}
              onToothHover={setHover}
              onToothClick={(tooth, e) => {
                setCursor(tooth);
                if (!editable) return;
                // UI-14: a finger's tap (or any tap on a phone) opens the enlarged picker for the tooth's surfaces.
                if (isTouchTap(e) || window.matchMedia('(max-width: 767.98px)').matches) {
                  const same = draft.teeth.length === 1 && draft.teeth[0] === tooth;
                  setDraft({ ...draft, teeth: [tooth], surfaces: same ? draft.surfaces : [] });
                  setPickerTooth(tooth);
                  return;
                }
                const add = e.shiftKey || e.ctrlKey || e.metaKey;
                const teeth = add ? (draft.teeth.includes(tooth) ? draft.teeth.filter((t) => t !== tooth) : [...draft.teeth, tooth]) : draft.teeth.length === 1 && draft.teeth[0] === tooth ? [] : [tooth];
                setDraft({ ...draft, teeth, surfaces: add ? draft.surfaces : [] });
              }}
              onSurfaceClick={
                editable
                  ? (tooth, surface) => {
                      setCursor(tooth);
                      const teeth = draft.teeth.includes(tooth) ? draft.teeth : [tooth];
                      setDraft({ ...draft, teeth, surfaces: toggleSurface(draft.teeth.includes(tooth) ? draft.surfaces : [], surface) });
                    }
                  : undefined
              }
            />
          </div>
          {hidden.length > 0 && (
            <p className="chart-hidden-hint" role="status">
              {hidden.length === 1 ? '1 item' : `${hidden.length} items`} on {dentition === 'primary' ? 'adult' : 'milk'} teeth not shown.{' '}
              <Button size="small" type="link" onClick={() => setView('mixed')}>
                Show Mixed
              </Button>
            </p>
          )}
          <ChartLegend symbols={symbols} />
          <ChartTimeline days={days} at={at} onChange={setAt} />
          <ToothHistoryBox tooth={historyTooth} items={nowItems ?? []} vocabulary={vocabulary} />
        </section>
        <ItemList
          items={items}
          vocabulary={vocabulary}
          grouping={grouping}
          onGrouping={setGrouping}
          showInvalidated={showInvalidated}
          onShowInvalidated={setShowInvalidated}
          highlightTooth={historyTooth}
          actions={listActions}
        />
      </div>

      <InvalidateDialog
        item={toInvalidate}
        vocabulary={vocabulary}
        pending={invalidate.isPending}
        onCancel={() => setToInvalidate(null)}
        onConfirm={(reason) =>
          toInvalidate &&
          invalidate.mutate(
            { ids: [toInvalidate.id], reason },
            {
              onSuccess: () => {
                setToInvalidate(null);
                toast.success('Item invalidated', reason);
              },
              onError: (e) => toast.failure('Unable to invalidate', e),
            },
          )
        }
      />
      <KeyboardHelp open={help} onClose={() => setHelp(false)} />
      {editable && (
        <ToothPicker
          tooth={pickerTooth}
          chosen={draft.surfaces}
          vocabulary={vocabulary}
          codeName={draft.codeName ?? null}
          command={command}
          onToggle={(surface) => setDraft({ ...draft, surfaces: toggleSurface(draft.surfaces, surface) })}
          onCode={(codeName) => {
            setDraft({ ...draft, codeName });
            setPickerTooth(null);
          }}
          onClose={() => setPickerTooth(null)}
        />
      )}
    </>
  );
}
