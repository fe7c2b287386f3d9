import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { formatDateTime } from '../../../../shared/domain/dates';
import { Button, Input, Select } from 'antd';
import { useState } from 'react';
import { auditEntities, type AuditRow } from '../../../../shared/schemas/audit';
import { EmptyState, ErrorState, ListSkeleton } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { useAuditPage, type AuditFilters } from '../features/audit/api/get-audit';
import { entityLabel } from '../../../../shared/domain/audit-text';
import { useStaff } from '../features/staff/api/staff';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { usePageTitle } from '../hooks/use-page-title';

const PAGE_SIZE = 50;

const when = (iso: string) => formatDateTime(iso);

// ADMIN-25, ADMIN-27: the fields a row changed beyond what its sentence says, formatted by the server as the
// screens show them; a value that was empty (a create) shows alone, without an arrow.
function Details({ details }: { details: AuditRow['details'] }) {
  if (details.length === 0) return null;
  return (
    <dl className="audit-changes">
      {details.map((d) => (
        <div key={d.field}>
          <dt>{d.label}</dt>
          <dd>
            {d.old === '—' ? (
              <span className="audit-new">{d.new}</span>
            ) : (
              <>
                <span className="audit-old">{d.old}</span> <span aria-label="changed to">→</span> <span className="audit-new">{d.new}</span>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

// DATA-6: who changed what and when, newest first; filters by person, kind of record and its id, and
// clinic days; pages of 50 through any number of rows (cursor paging: the stack keeps the way back).
export function AuditPage() {
  usePageTitle('Audit Trail');
  const staff = useStaff();
  const [filters, setFilters] = useState<AuditFilters>({});
  const [recordId, setRecordId] = useState('');
  const entityId = useDebouncedValue(recordId.trim(), 400);
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const applied = { ...filters, entityId: filters.entity ? entityId || undefined : undefined };
  const page = useAuditPage(applied, cursors[cursors.length - 1], PAGE_SIZE);
  const set = (patch: Partial<AuditFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setCursors([null]);
  };
  const rows = page.data?.rows ?? [];

  let body;
  if (page.isPending) body = <ListSkeleton count={5} label="Loading the audit trail" />;
  else if (page.isError) body = <ErrorState text="Unable to load the audit trail." />;
  else if (rows.length === 0) body = <EmptyState text="No changes match these filters." />;
  else {
    body = (
      <ul className="row-list" aria-label="Audit trail">
        {rows.map((r) => (
          <li key={r.id} className="list-row audit-row">
            <div className="row-main">
              <div className="row-title-line">
                <p className="row-title">{r.sentence}</p>
                <span className="badge badge-grey">{entityLabel(r.entity)}</span>
              </div>
              <p className="row-meta">
                <span>{when(r.at)}</span>
                {/* ADMIN-25: whose appointment and when it was at this row's time, which patient or invoice. */}
                {r.subject && <span className="audit-subject">{r.subject}</span>}
              </p>
              <Details details={r.details} />
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader title="Audit Trail" description="Every change made through the back office: who, when, and what changed. Nobody can edit it." />
      <div className="toolbar audit-filters">
        <label className="filter">
          <span className="field-label">Person</span>
          <Select
            aria-label="Person"
            // A clinic's staff grows past what the list shows at once: type a name to find them.
            showSearch={{ optionFilterProp: 'label' }}
            value={filters.user ?? ''}
            onChange={(v) => set({ user: v || undefined })}
            options={[{ value: '', label: 'Everyone' }, ...(staff.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))]}
            style={{ minWidth: 160 }}
          />
        </label>
        <label className="filter">
          <span className="field-label">Record type</span>
          <Select
            aria-label="Record type"
            value={filters.entity ?? ''}
            onChange={(v) => set({ entity: v || undefined })}
            options={[{ value: '', label: 'All records' }, ...auditEntities.map((e) => ({ value: e, label: entityLabel(e) }))]}
            style={{ minWidth: 160 }}
          />
        </label>
        <label className="filter">
          <span className="field-label">Record number</span>
          <Input
            value={recordId}
            onChange={(e) => {
              setRecordId(e.target.value);
              setCursors([null]);
            }}
            placeholder={filters.entity ? 'e.g. 42' : 'Pick a type first'}
            disabled={!filters.entity}
            style={{ width: 150 }}
          />
        </label>
        <label className="filter">
          <span className="field-label">From</span>
          <Input type="date" value={filters.from ?? ''} onChange={(e) => set({ from: e.target.value || undefined })} />
        </label>
        <label className="filter">
          <span className="field-label">To</span>
          <Input type="date" value={filters.to ?? ''} onChange={(e) => set({ to: e.target.value || undefined })} />
        </label>
      </div>
      {body}
      {(cursors.length > 1 || page.data?.next) && (
        <nav className="pager" aria-label="Audit trail pages">
          <Button icon={<LeftOutlined aria-hidden="true" />} disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
            Newer
          </Button>
          <span className="pager-page" aria-current="page">
            Page {cursors.length}
          </span>
          <Button disabled={!page.data?.next || page.isFetching} onClick={() => setCursors((c) => [...c, page.data!.next])}>
            Older <RightOutlined aria-hidden="true" />
          </Button>
        </nav>
      )}
    </>
  );
}
