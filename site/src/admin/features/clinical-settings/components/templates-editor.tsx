import { PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Input, Skeleton, Switch } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { noteSectionLabels, noteSections, type NoteSections, type VisitNoteTemplates } from '../../../../../../shared/clinical/visit-note';
import { usePriceList } from '../../../api/price-list';
import { Field } from '../../../components/field';
import { ErrorState } from '../../../components/list-states';
import { Badge } from '../../../components/status-badge';
import { useToast } from '../../../components/toasts';
import { useNoteTemplates, useSaveNoteTemplates } from '../api/clinical-settings';

interface TemplateDraft {
  /** The template's id, or a new one's key until it is saved. */
  key: string;
  id: number | null;
  name: string;
  prompts: NoteSections;
  active: boolean;
}
interface Draft {
  templates: TemplateDraft[];
  procedureTexts: Record<string, string>;
}

const emptyPrompts = (): NoteSections => Object.fromEntries(noteSections.map((s) => [s, ''])) as NoteSections;

const draftOf = (saved: VisitNoteTemplates): Draft => ({
  templates: saved.templates.map((t) => ({ key: `t${t.id}`, id: t.id, name: t.name, prompts: { ...t.prompts }, active: t.active })),
  procedureTexts: { ...saved.procedureTexts },
});

/** The first problem the server would answer 400 for, in its words, or null. */
function problemOf(draft: Draft): string | null {
  const seen = new Set<string>();
  for (const t of draft.templates) {
    const name = t.name.trim();
    if (!name) return 'Give the template a name';
    if (seen.has(name.toLowerCase())) return `A template is already called “${name}”`;
    seen.add(name.toLowerCase());
  }
  return null;
}

// NOTE-10 (owner): the visit-note templates (a name, a prompt per section, offered or not) and each charted
// treatment's default "treatment done" text (NOTE-7), saved whole with one PUT. A template is never deleted:
// notes name the one they started from; one no longer wanted is not offered.
export function TemplatesEditor() {
  const saved = useNoteTemplates();
  const prices = usePriceList(false);
  const save = useSaveNoteTemplates();
  const toast = useToast();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [selected, setSelected] = useState(0);
  const [added, setAdded] = useState(0);

  useEffect(() => {
    if (saved.data && draft === null) setDraft(draftOf(saved.data));
  }, [saved.data, draft]);

  const charted = useMemo(() => (prices.data ?? []).filter((p) => p.chart !== null), [prices.data]);
  const dirty = useMemo(() => draft !== null && saved.data !== undefined && JSON.stringify(draft) !== JSON.stringify(draftOf(saved.data)), [draft, saved.data]);

  if (saved.isPending || (saved.data && !draft)) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (saved.isError || !draft) return <ErrorState text="Unable to load the visit-note templates." />;

  const current = draft.templates[Math.min(selected, draft.templates.length - 1)];
  const editTemplate = (change: Partial<TemplateDraft>) =>
    setDraft({ ...draft, templates: draft.templates.map((t) => (t.key === current.key ? { ...t, ...change } : t)) });
  const addTemplate = () => {
    const key = `new${added + 1}`;
    setAdded(added + 1);
    setDraft({ ...draft, templates: [...draft.templates, { key, id: null, name: '', prompts: emptyPrompts(), active: true }] });
    setSelected(draft.templates.length);
    // The new template's name field is the next thing to fill.
    requestAnimationFrame(() => document.getElementById('template-name')?.focus());
  };
  const onSave = () => {
    const problem = problemOf(draft);
    if (problem) {
      toast.problem('Templates not saved', problem);
      return;
    }
    save.mutate(
      {
        templates: draft.templates.map((t) => ({ id: t.id, name: t.name.trim(), prompts: t.prompts, active: t.active })),
        procedureTexts: Object.fromEntries(Object.entries(draft.procedureTexts).map(([code, text]) => [code, text.trim()]).filter(([, text]) => text !== '')),
      },
      {
        onSuccess: (answer) => {
          const next = draftOf(answer);
          setDraft(next);
          setSelected(Math.min(selected, next.templates.length - 1));
          toast.success('Templates saved', 'New visit notes start from them.');
        },
        onError: (err) => toast.failure('Error saving templates', err),
      },
    );
  };

  return (
    // The save bar sticks to the window's bottom only while the templates or the texts are in view.
    <div className="templates-area">
      <section className="panel settings-panel templates-panel" aria-labelledby="templates-heading">
        <div className="panel-heading">
          <h2 id="templates-heading">Visit Note Templates</h2>
          <Button icon={<PlusOutlined aria-hidden="true" />} onClick={addTemplate}>
            Add Template
          </Button>
        </div>
        <p className="muted">A dentist starts a visit note from a template: each prompt is shown in its section, to be answered. A template no longer offered stays with the notes that used it.</p>
        <div className="templates-layout">
          <div className="template-picker" role="group" aria-label="Templates">
            {draft.templates.map((t, i) => (
              <button
                key={t.key}
                type="button"
                className={t.key === current.key ? 'template-pick active' : 'template-pick'}
                aria-pressed={t.key === current.key}
                onClick={() => setSelected(i)}
              >
                <span>{t.name.trim() || 'New template'}</span>
                {!t.active && <Badge tone="grey">Not offered</Badge>}
              </button>
            ))}
          </div>
          {current && (
            <div className="template-form" aria-label={`Template ${current.name.trim() || 'New template'}`} role="group">
              <Field id="template-name" label="Template name" required>
                <Input id="template-name" value={current.name} maxLength={100} onChange={(e) => editTemplate({ name: e.target.value })} />
              </Field>
              <div className="switch-field">
                <Switch id="template-active" checked={current.active} onChange={(active) => editTemplate({ active })} aria-describedby="template-active-help" />
                <div>
                  <label htmlFor="template-active" className="field-label">
                    Offered for new notes
                  </label>
                  <p id="template-active-help" className="field-hint">
                    Off: kept with the notes that used it, no longer offered.
                  </p>
                </div>
              </div>
              {noteSections.map((s) => (
                <Field key={s} id={`template-prompt-${s}`} label={`Prompt: ${noteSectionLabels[s]}`}>
                  <Input.TextArea
                    id={`template-prompt-${s}`}
                    value={current.prompts[s]}
                    maxLength={500}
                    autoSize={{ minRows: 1, maxRows: 4 }}
                    placeholder="No prompt: the section starts empty"
                    onChange={(e) => editTemplate({ prompts: { ...current.prompts, [s]: e.target.value } })}
                  />
                </Field>
              ))}
            </div>
          )}
        </div>
      </section>
      <section className="panel settings-panel settings-section procedure-texts-panel" aria-labelledby="procedure-texts-heading">
        <h2 id="procedure-texts-heading">Default &ldquo;Treatment done&rdquo; Texts</h2>
        <p className="muted">
          A new note&rsquo;s &ldquo;Treatment done&rdquo; lists the procedures charted that day, each followed by its treatment&rsquo;s text here (36 MOD composite: &hellip;).
        </p>
        {prices.isPending ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : prices.isError ? (
          <ErrorState text="Unable to load the price list." />
        ) : (
          <div className="procedure-texts">
            {charted.map((p) => {
              const code = p.chart!.code;
              return (
                <Field key={code} id={`procedure-text-${code}`} label={`${p.name} (${p.chart!.names[0]})`}>
                  <Input.TextArea
                    id={`procedure-text-${code}`}
                    value={draft.procedureTexts[code] ?? ''}
                    maxLength={2000}
                    autoSize={{ minRows: 1, maxRows: 5 }}
                    placeholder="No default text"
                    onChange={(e) => setDraft({ ...draft, procedureTexts: { ...draft.procedureTexts, [code]: e.target.value } })}
                  />
                </Field>
              );
            })}
          </div>
        )}
      </section>
      <div className="templates-save" role="region" aria-label="Save templates">
        <span className="muted" aria-live="polite">
          {dirty ? 'Unsaved changes' : 'All changes saved'}
        </span>
        <Button type="primary" icon={<SaveOutlined aria-hidden="true" />} loading={save.isPending} disabled={!dirty} onClick={onSave}>
          Save Templates
        </Button>
      </div>
    </div>
  );
}
