import { EditOutlined, FilePdfOutlined, LinkOutlined, StopOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { formatDate, formatDateTime } from '../../../../../../shared/domain/dates';
import type { PlanLine, PlanOption, PlanStatus, TreatmentPlan } from '../../../../../../shared/schemas/treatment-plan';
import { formatAmount } from '../../../components/amount';
import { useToast } from '../../../components/toasts';
import { useCan } from '../../../session/use-can';
import { usePlanLink } from '../api/plans';
import { AcceptDialog } from './accept-dialog';
import { DeclineDialog } from './decline-dialog';
import { PlanEditor } from './plan-editor';
import { SittingDialog } from './sitting-dialog';
import { SittingNotes } from './sitting-notes';

// PLAN-3..PLAN-8: one plan: its options side by side (visits with their items, lengths and subtotals,
// discounts, GST, total, EMI), its status, the signed estimate's PDF and hash, Accept and a personal link;
// Change (a new version, PLAN-8), Decline (PLAN-15) and, on the accepted option, sittings (PLAN-11, PLAN-16).

const statusTone: Record<PlanStatus, string> = {
  proposed: 'is-due',
  accepted: 'is-done',
  'in-progress': 'is-due',
  completed: 'is-done',
  declined: 'is-late',
  superseded: '',
};
const statusLabel: Record<PlanStatus, string> = {
  proposed: 'Proposed',
  accepted: 'Accepted',
  'in-progress': 'In progress',
  completed: 'Completed',
  declined: 'Declined',
  superseded: 'Superseded',
};

const sittingsText = (n: number) => (n === 1 ? '1 sitting' : `${n} sittings`);

function LineProgress({ line }: { line: PlanLine }) {
  // PLAN-18: an item of an option not chosen is declined on the chart and said so here.
  if (line.itemStatus === 'declined') return <span className="plan-progress"> not chosen</span>;
  if (line.itemStatus === 'completed') return <span className="plan-done"> done{line.billed ? ', billed' : ''}</span>;
  const parts = [line.sittings > 0 ? sittingsText(line.sittings) : '', line.teeth.length > 1 && line.teethDone.length ? `${line.teethDone.join(' ')} done` : ''].filter(Boolean);
  return parts.length ? <span className="plan-progress"> {parts.join(', ')}</span> : null;
}

function OptionTable({ option, onSitting }: { option: PlanOption; onSitting?: (line: PlanLine) => void }) {
  // The discount column only where something is discounted (narrow screens keep the amounts in view).
  const discounted = option.items.some((l) => l.discount + l.planDiscountShare > 0);
  // GST likewise only where an item is taxed (exempt dental care is most plans): the Amount stays in view.
  const taxed = option.items.some((l) => l.taxRate > 0);
  const span = 3 + (discounted ? 1 : 0) + (taxed ? 1 : 0);
  return (
    <section className={`plan-option is-${option.status}`} aria-label={`Option ${option.name}`}>
      <h3>
        Option {option.name} <span className="plan-option-status">{option.status}</span>
      </h3>
      {option.status === 'declined' && option.declineReason && <p className="plan-decline-reason small">Declined: {option.declineReason}</p>}
      {/* Narrow screens: the table scrolls sideways inside its option, and says so (a fade at the edge). */}
      <div className="plan-lines-scroll" tabIndex={0} role="group" aria-label={`Option ${option.name} treatments and amounts`}>
      <table className="plan-lines">
        <thead>
          <tr>
            <th scope="col">Treatment</th>
            <th scope="col">Teeth</th>
            <th scope="col" className="num">Price</th>
            {discounted && <th scope="col" className="num">Discount</th>}
            {taxed && <th scope="col" className="num">GST</th>}
            <th scope="col" className="num">Amount</th>
          </tr>
        </thead>
        {option.visits.map((visit) => (
          <tbody key={visit.visit}>
            <tr className="plan-visit">
              <th scope="rowgroup" colSpan={span}>
                Visit {visit.visit}
                {visit.label ? `: ${visit.label}` : ''} · {visit.minutes} min
                {visit.appointment ? ` · booked ${formatDateTime(visit.appointment.date, visit.appointment.time)}` : ''}
              </th>
              <td className="num">{formatAmount(visit.totalAmount)}</td>
            </tr>
            {option.items
              .filter((l) => l.visit === visit.visit)
              .map((l) => (
                <tr key={l.id}>
                  <td>
                    {l.description}
                    <LineProgress line={l} />
                    <SittingNotes line={l} />
                    {onSitting && l.itemStatus !== 'completed' && (
                      <Button size="small" className="plan-sitting-button" onClick={() => onSitting(l)} aria-label={`Record sitting ${l.sittings + 1} of ${l.description} ${l.teeth.join(' ')}`}>
                        Sitting {l.sittings + 1}…
                      </Button>
                    )}
                  </td>
                  <td>{l.teeth.join(' ')}</td>
                  <td className="num">{formatAmount(l.unitPrice)}</td>
                  {discounted && <td className="num">{l.discount + l.planDiscountShare > 0 ? `− ${formatAmount(l.discount + l.planDiscountShare)}` : ''}</td>}
                  {taxed && <td className="num">{l.taxRate > 0 ? `${l.taxRate}%` : 'Exempt'}</td>}
                  <td className="num">{formatAmount(l.total)}</td>
                </tr>
              ))}
          </tbody>
        ))}
      </table>
      </div>
      <dl className="plan-totals">
        {option.discountTotal > 0 && (
          <div>
            <dt>Discounts</dt>
            <dd>− {formatAmount(option.discountTotal)}</dd>
          </div>
        )}
        {option.taxAmount > 0 && (
          <div>
            <dt>GST</dt>
            <dd>{formatAmount(option.taxAmount)}</dd>
          </div>
        )}
        <div className="plan-total">
          <dt>Total</dt>
          <dd>{formatAmount(option.total)}</dd>
        </div>
        {option.emi.map((e) => (
          <div key={e.months} className="plan-emi">
            <dt>EMI {e.months} months</dt>
            <dd>{formatAmount(e.monthly)} a month</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function PlanCard({ plan }: { plan: TreatmentPlan }) {
  const [accepting, setAccepting] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [editing, setEditing] = useState(false);
  const [sitting, setSitting] = useState<PlanLine | null>(null);
  const canAccept = useCan('patients.write');
  const canPlan = useCan('clinical.write');
  // PLAN-8: a plan is changed (a new version) until an item of it is completed or billed; then a new plan.
  const begun = plan.options.some((o) => o.items.some((l) => l.itemStatus === 'completed' || l.billed));
  const canChange = canPlan && plan.status !== 'declined' && plan.status !== 'superseded' && plan.status !== 'completed' && !begun && !editing;
  const working = plan.status === 'accepted' || plan.status === 'in-progress';
  const link = usePlanLink();
  const toast = useToast();
  return (
    <article className="panel plan-card" aria-labelledby={`plan-${plan.id}`}>
      <div className="panel-heading">
        <h2 id={`plan-${plan.id}`}>
          {plan.title} <span className={`state-pill ${statusTone[plan.status]}`}>{statusLabel[plan.status]}</span>
        </h2>
        <div className="row-actions">
          {canChange && (
            <Button icon={<EditOutlined aria-hidden="true" />} onClick={() => setEditing(true)}>
              Change…
            </Button>
          )}
          <Button icon={<FilePdfOutlined aria-hidden="true" />} href={`/api/admin/treatment-plans/${plan.id}/estimate.pdf`} target="_blank">
            {plan.acceptance ? 'Signed estimate' : 'Estimate PDF'}
          </Button>
          {canAccept && plan.status === 'proposed' && (
            <>
              <Button
                icon={<LinkOutlined aria-hidden="true" />}
                onClick={() =>
                  link.mutate(plan.id, {
                    onSuccess: (r) => {
                      void navigator.clipboard?.writeText(r.url).catch(() => undefined);
                      toast.success('Personal link made', `${r.url} (copied; valid until ${formatDate(r.expiresAt)})`);
                    },
                    onError: (err) => toast.failure('Error making the link', err),
                  })
                }
              >
                Link for patient
              </Button>
              <Button icon={<StopOutlined aria-hidden="true" />} onClick={() => setDeclining(true)}>
                Decline…
              </Button>
              <Button type="primary" onClick={() => setAccepting(true)}>
                Accept…
              </Button>
            </>
          )}
        </div>
      </div>
      <p className="muted small">
        By {plan.dentistName ?? 'a dentist'} · version {plan.version} · {formatDate(plan.createdAt)}
        {plan.acceptance && ` · option ${plan.acceptance.option} signed by ${plan.acceptance.signedBy} on ${formatDate(plan.acceptance.acceptedAt)}`}
        {plan.supersededBy !== null && ` · superseded by plan #${plan.supersededBy}, accepted later for the same work`}
      </p>
      {editing ? (
        <PlanEditor plan={plan} onDone={() => setEditing(false)} />
      ) : (
        <div className="plan-options">
          {plan.options.map((o) => (
            <OptionTable key={o.name} option={o} onSitting={canPlan && working && o.status === 'accepted' ? setSitting : undefined} />
          ))}
        </div>
      )}
      {plan.versions.some((v) => v.version < plan.version && v.acceptedOption) && (
        <ul className="plan-earlier small" aria-label="Earlier signed versions">
          {plan.versions
            .filter((v) => v.version < plan.version && v.acceptedOption)
            .map((v) => (
              <li key={v.version}>
                Version {v.version}: option {v.acceptedOption} signed by {v.signedBy} on {formatDate(v.acceptedAt!)}, kept as signed
              </li>
            ))}
        </ul>
      )}
      {plan.acceptance && (
        <p className="plan-hash small">
          SHA-256 <code>{plan.acceptance.documentHash}</code> · <a href={plan.acceptance.verifyUrl} target="_blank" rel="noreferrer">verify</a>
        </p>
      )}
      {accepting && <AcceptDialog plan={plan} open={accepting} onClose={() => setAccepting(false)} />}
      {declining && <DeclineDialog plan={plan} onClose={() => setDeclining(false)} />}
      {sitting && <SittingDialog planId={plan.id} line={sitting} onClose={() => setSitting(null)} />}
    </article>
  );
}
