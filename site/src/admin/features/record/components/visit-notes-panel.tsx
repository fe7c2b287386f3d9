import { CheckOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Select, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { emptySections, noteSectionLabels, noteSections, type NoteSections, type VisitNote } from '../../../../../../shared/clinical/visit-note';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toasts';
import { useAuthStore } from '../../../session/auth-store';
import { fetchDraft, useAddAddendum, useCreateNote, useSignNote, useUpdateNote, useVisitNoteTemplates, useVisitNotes } from '../api/visit-notes';
import { when } from './when';

// NOTE-1..NOTE-7: a patient's visit notes on the record screen: a new note from a template (its prompts
// as placeholders, "treatment done" pre-filled from the day's procedures), edits while unsigned, the
// signature of its dentist, and addenda after.

interface Editing {
  id: number | null;
  version: number;
  templateId: number | null;
  sections: NoteSections;
  prompts: NoteSections;
}

function NoteEditor({ editing, onChange, onCancel, onSave, saving }: { editing: Editing; onChange: (s: NoteSections) => void; onCancel: () => void; onSave: () => void; saving: boolean }) {
  return (
    <form
      className="note-editor"
      aria-label={editing.id ? 'Edit visit note' : 'New visit note'}
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
      }}
    >
      {noteSections.map((s) => (
        <label key={s} className="note-section-field">
          <span>{noteSectionLabels[s]}</span>
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 10 }}
            placeholder={editing.prompts[s]}
            value={editing.sections[s]}
            onChange={(e) => onChange({ ...editing.sections, [s]: e.target.value })}
          />
        </label>
      ))}
      <div className="form-actions">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save note
        </Button>
      </div>
    </form>
  );
}

function NoteCard({ note, patientId, onEdit }: { note: VisitNote; patientId: number; onEdit: () => void }) {
  const me = useAuthStore((s) => s.user?.id);
  const sign = useSignNote(patientId);
  const addendum = useAddAddendum(patientId);
  const toast = useToast();
  const [text, setText] = useState<string | null>(null);
  const [confirmSign, setConfirmSign] = useState(false);
  const mine = me === note.dentistId;
  return (
    <article id={`note-${note.id}`} tabIndex={-1} className={note.locked ? 'note-card signed' : 'note-card'} aria-labelledby={`note-${note.id}-title`}>
      <header>
        <h3 id={`note-${note.id}-title`}>Visit note, {when(note.createdAt)}</h3>
        <p className="muted">
          {note.dentistName ?? 'Dentist'} ·{' '}
          {note.locked ? <strong className="note-status signed">Signed {when(note.signedAt!)}</strong> : <strong className="note-status draft">Unsigned draft</strong>}
          {note.version > 1 && ` · ${note.version} versions`}
        </p>
      </header>
      <dl className="note-sections">
        {noteSections
          .filter((s) => note.sections[s])
          .map((s) => (
            <div key={s}>
              <dt>{noteSectionLabels[s]}</dt>
              <dd className="pre-line">{note.sections[s]}</dd>
            </div>
          ))}
      </dl>
      {note.addenda.length > 0 && (
        <ol className="note-addenda" aria-label="Addenda">
          {note.addenda.map((a) => (
            <li key={a.id}>
              <p className="muted">
                Addendum by {a.userName ?? 'staff'}, {when(a.createdAt)}
              </p>
              <p className="pre-line">{a.text}</p>
            </li>
          ))}
        </ol>
      )}
      <div className="note-actions">
        {!note.locked && mine && (
          <>
            <Button icon={<EditOutlined aria-hidden="true" />} onClick={onEdit}>
              Edit
            </Button>
            <Button
              type="primary"
              icon={<CheckOutlined aria-hidden="true" />}
              onClick={() => setConfirmSign(true)}
            >
              Sign note…
            </Button>
            {/* NOTE-16: signing locks the note for good, so it is asked first. */}
            <ConfirmDialog
              open={confirmSign}
              title="Sign this note?"
              confirmLabel="Sign note"
              cancelLabel="Not yet"
              danger={false}
              pending={sign.isPending}
              onCancel={() => setConfirmSign(false)}
              onConfirm={() =>
                sign.mutate(note.id, {
                  onSuccess: () => {
                    setConfirmSign(false);
                    toast.success('Note signed', 'It is locked now: add an addendum to say more.');
                  },
                  onError: (error) => toast.failure('Could not sign the note', error),
                })
              }
            >
              <p>Once signed, the note is locked: it can no longer be edited, only added to with an addendum.</p>
            </ConfirmDialog>
          </>
        )}
        {!note.locked && !mine && <p className="muted">Only {note.dentistName ?? 'its dentist'} edits and signs this note.</p>}
        {note.locked && text === null && (
          <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => setText('')}>
            Add addendum
          </Button>
        )}
      </div>
      {note.locked && text !== null && (
        <form
          className="addendum-form"
          aria-label="Addendum"
          onSubmit={(e) => {
            e.preventDefault();
            addendum.mutate(
              { id: note.id, text },
              {
                onSuccess: () => {
                  setText(null);
                  toast.success('Addendum added');
                },
                onError: (error) => toast.failure('Could not add the addendum', error),
              },
            );
          }}
        >
          <label>
            <span>Addendum</span>
            <Input.TextArea autoSize={{ minRows: 2 }} value={text} onChange={(e) => setText(e.target.value)} />
          </label>
          <div className="form-actions">
            <Button onClick={() => setText(null)}>Cancel</Button>
            <Button type="primary" htmlType="submit" loading={addendum.isPending}>
              Save addendum
            </Button>
          </div>
        </form>
      )}
    </article>
  );
}

/**
 * NOTE-11: a link to one note (`#note-{id}`, from the dashboard's notes to sign) scrolls to it and puts the
 * focus on it once the notes are drawn.
 */
function NoteFromLink({ ready }: { ready: number }) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!/^#note-\d+$/.test(hash) || ready === 0) return;
    const target = document.getElementById(hash.slice(1));
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [hash, ready]);
  return null;
}

export function VisitNotesPanel({ patientId }: { patientId: number }) {
  const notes = useVisitNotes(patientId, true);
  const templates = useVisitNoteTemplates();
  const create = useCreateNote(patientId);
  const update = useUpdateNote(patientId);
  const toast = useToast();
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const active = (templates.data?.templates ?? []).filter((t) => t.active);
  const chosen = templateId ?? active[0]?.id ?? null;

  const start = async () => {
    try {
      const draft = await fetchDraft(patientId, chosen);
      setEditing({ id: null, version: 0, templateId: draft.templateId, sections: draft.sections, prompts: draft.prompts });
    } catch (error) {
      toast.failure('Could not start a note', error);
    }
  };

  const save = () => {
    if (!editing) return;
    const done = {
      onSuccess: () => {
        setEditing(null);
        toast.success('Visit note saved');
      },
      onError: (error: unknown) => toast.failure('Could not save the note', error),
    };
    if (editing.id) update.mutate({ id: editing.id, sections: editing.sections, version: editing.version }, done);
    else create.mutate({ sections: editing.sections, templateId: editing.templateId }, done);
  };

  return (
    <section className="panel record-panel" aria-labelledby="notes-heading">
      <div className="panel-heading">
        <h2 id="notes-heading">Visit Notes</h2>
        {!editing && (
          <div className="note-start">
            <Select
              aria-label="Template"
              className="template-select"
              value={chosen ?? undefined}
              placeholder="Template"
              options={active.map((t) => ({ value: t.id, label: t.name }))}
              onChange={(v) => setTemplateId(v)}
            />
            <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => void start()}>
              New note
            </Button>
          </div>
        )}
      </div>
      {editing && (
        <NoteEditor editing={editing} onChange={(sections) => setEditing({ ...editing, sections })} onCancel={() => setEditing(null)} onSave={save} saving={create.isPending || update.isPending} />
      )}
      {notes.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : notes.isError ? (
        <p className="muted">Unable to load the visit notes.</p>
      ) : notes.data.length === 0 ? (
        <p className="muted">No visit notes yet.</p>
      ) : (
        <div className="note-list">
          <NoteFromLink ready={notes.data.length} />
          {notes.data.map((n) => (
            <NoteCard
              key={n.id}
              note={n}
              patientId={patientId}
              onEdit={() => {
                const t = templates.data?.templates.find((x) => x.id === n.templateId);
                setEditing({ id: n.id, version: n.version, templateId: n.templateId, sections: { ...n.sections }, prompts: t?.prompts ?? emptySections() });
              }}
            />
          ))}
        </div>
      )}
    </section>
  );
}
