import type { PlanPreview } from '../../../../../../shared/schemas/treatment-plan';
import { formatAmount } from '../../../components/amount';

// PLAN-24: an option's live figures in the plan editor: each item's price after its discounts (as the
// patient reads its name), then the discounts, GST and the total, as saving would store them.

type PreviewOption = PlanPreview['options'][number];

export function OptionPreview({ option, error }: { option: PreviewOption | undefined; error?: string | null }) {
  if (error) return <p className="plan-preview-error small" role="alert">{error}</p>;
  if (!option) return <p className="muted small">Choose items to see the prices.</p>;
  return (
    <div className="plan-preview" aria-live="polite" aria-label={`Option ${option.name} prices`}>
      <ul>
        {option.items.map((l) => (
          <li key={l.itemId}>
            <span>
              {l.patientName} <span className="muted">{l.teeth.join(' ')}</span>
            </span>
            <span className="num">
              {l.discount + l.planDiscountShare > 0 && <span className="muted small">{formatAmount(l.unitPrice)} − {formatAmount(l.discount + l.planDiscountShare)} = </span>}
              {formatAmount(l.netPrice)}
            </span>
          </li>
        ))}
      </ul>
      <p className="plan-preview-total">
        {option.discountTotal > 0 && <span className="muted small">Discounts − {formatAmount(option.discountTotal)} · </span>}
        {option.taxAmount > 0 && <span className="muted small">GST {formatAmount(option.taxAmount)} · </span>}
        Total <strong>{formatAmount(option.total)}</strong>
      </p>
    </div>
  );
}
