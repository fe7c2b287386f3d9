import { EnterOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Input, Select, type InputRef } from 'antd';
import { useMemo, type Ref } from 'react';
import { checkAgainstChart } from '../../../../../../shared/clinical/chart-checks';
import { describeItem, parseChartCommand } from '../../../../../../shared/clinical/chart-command';
import type { ChartVocabulary, ClinicalItem } from '../../../../../../shared/schemas/clinical-item';
import { clockNow } from '../../../../lib/clock';

// CHART-14: the command bar. What is typed is read as it is typed, in the browser, by the parser the
// server uses (CHART-2), and shown in plain words: what will be recorded, or what could not be read.
// Enter records it (POST chart-commands); the last entry can be undone. The code and status menus beside
// it write into the bar, so clicking and typing make the same command.

export const statusChoices = [
  { word: 'planned', label: 'Planned' },
  { word: 'done', label: 'Done' },
  { word: 'existing', label: 'Existing' },
  { word: 'elsewhere', label: 'Existing elsewhere' },
  { word: 'referred', label: 'Referred' },
] as const;

export interface CommandBarProps {
  vocabulary: ChartVocabulary;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (command: string) => void;
  onEscape: () => void;
  pending: boolean;
  serverError: string | null;
  inputRef: Ref<InputRef>;
  codeName: string | null;
  onCode: (name: string | null) => void;
  statusWord: string | null;
  onStatus: (word: string | null) => void;
  undo: { label: string; onUndo: () => void; pending: boolean } | null;
  /** The chart's items now, to check what the bar would record against (CHART-25). */
  chartItems: readonly ClinicalItem[];
  /** The clinic's today, YYYY-MM-DD; the latest day work can be done on. */
  today: string;
  /** CHART-29: the day the work typed was done, when earlier than today; null for today. */
  performedOn: string | null;
  onPerformedOn: (day: string | null) => void;
}

export function CommandBar(props: CommandBarProps) {
  const { vocabulary, value, pending, serverError, undo } = props;
  const { chartItems, performedOn } = props;
  const parsed = useMemo(() => {
    if (!value.trim()) return null;
    const read = parseChartCommand(value, vocabulary);
    if (!read.ok) return read;
    const refused = checkAgainstChart(
      read.items.map((i) => ({ ...i, performedOn })),
      chartItems,
      vocabulary,
      clockNow(),
    );
    return refused ? { ok: false as const, error: refused } : read;
  }, [value, vocabulary, chartItems, performedOn]);
  const codeOptions = useMemo(
    () => [
      { label: 'Findings', options: vocabulary.filter((c) => c.kind === 'finding').map((c) => ({ value: c.names[0], label: c.names[0], search: c.names.join(' ') })) },
      { label: 'Treatments', options: vocabulary.filter((c) => c.kind === 'procedure').map((c) => ({ value: c.names[0], label: c.names[0], search: c.names.join(' ') })) },
    ],
    [vocabulary],
  );
  const chosenIsFinding = vocabulary.find((c) => c.names[0] === props.codeName)?.kind === 'finding';
  return (
    <section className="panel command-bar" aria-label="Command bar">
      <form
        className="command-bar-row"
        onSubmit={(e) => {
          e.preventDefault();
          if (parsed?.ok) props.onSubmit(value);
        }}
      >
        <label htmlFor="chart-command" className="visually-hidden">
          Chart command
        </label>
        <Input
          id="chart-command"
          ref={props.inputRef}
          value={value}
          onChange={(e) => props.onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              props.onEscape();
            }
            // Ctrl+Z in an empty bar undoes the last entry; with text in it, it undoes typing as usual.
            if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z' && !value && undo) {
              e.preventDefault();
              undo.onUndo();
            }
          }}
          placeholder="36 MOD composite · 46 rct done · 18 28 38 48 missing · 14-16 bridge"
          autoComplete="off"
          spellCheck={false}
          aria-describedby="chart-command-preview"
          className="command-input"
        />
        <Button type="primary" htmlType="submit" icon={<EnterOutlined aria-hidden="true" />} loading={pending && !value} disabled={!parsed?.ok}>
          Record
        </Button>
        {undo && (
          <Button icon={<UndoOutlined aria-hidden="true" />} onClick={undo.onUndo} loading={undo.pending} aria-label={`Undo ${undo.label}`}>
            Undo
          </Button>
        )}
      </form>
      <div className="command-bar-pickers">
        <Select
          showSearch={{ optionFilterProp: 'search' }}
          allowClear
          value={props.codeName}
          onChange={(v) => props.onCode(v ?? null)}
          options={codeOptions}
          placeholder="Finding or treatment"
          aria-label="Finding or treatment"
          className="command-code"
          popupMatchSelectWidth={false}
        />
        <Select
          allowClear
          value={props.statusWord}
          onChange={(v) => props.onStatus(v ?? null)}
          options={statusChoices.map((s) => ({ value: s.word, label: s.label }))}
          placeholder="Status"
          aria-label="Status"
          className="command-status"
          disabled={chosenIsFinding}
        />

      </div>
      <label className="command-done-on" style={{ display: 'flex', alignItems: 'center', gap: 6, marginTop: 8, whiteSpace: 'nowrap' }}>
          <span>Done on</span>
          <input
            type="date"
            value={performedOn ?? ''}
            max={props.today}
            onChange={(e) => props.onPerformedOn(e.target.value && e.target.value !== props.today ? e.target.value : null)}
            aria-label="Done on (work done on an earlier day)"
          />
        </label>
      <div id="chart-command-preview" className="command-preview" aria-live="polite">
        {serverError ? (
          <p className="command-error" role="alert">
            {serverError}
          </p>
        ) : !parsed ? (
          <p className="muted">Type a tooth and what was found or done, or pick teeth and surfaces on the chart. Press ? on the chart for its keys.</p>
        ) : parsed.ok ? (
          <>
            <span className="visually-hidden">Will record: </span>
            <ul className="command-items" aria-label="Will record">
              {parsed.items.map((item, i) => (
                <li key={i}>
                  {describeItem(item, vocabulary)}
                  {performedOn ? `, done on ${performedOn}` : ''}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="command-error">{parsed.error}</p>
        )}
      </div>
    </section>
  );
}
