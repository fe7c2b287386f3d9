import type { ReactNode } from 'react';
import type { Treatment } from '../../../../shared/constants/treatments';
import { Link } from '../app/router';
import { fmt, localTreatment, useI18n, useT } from '../app/i18n';
import { formatSentenceDate } from '../../../../shared/domain/dates';
import type { Lang } from '../../../../shared/i18n/types';
import { Icon, treatmentIcon } from './icons';

// Small building blocks shared by the pages.

export function PageHeader({ eyebrow, title, children }: { eyebrow?: string; title: ReactNode; children?: ReactNode }) {
  return (
    <header className="page-header">
      <div className="container">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1>{title}</h1>
        {children}
      </div>
    </header>
  );
}

export function SectionHeading({ eyebrow, title, intro, id }: { eyebrow?: string; title: string; intro?: string; id?: string }) {
  return (
    <div className="section-heading">
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h2 id={id}>{title}</h2>
      {intro && <p className="section-intro">{intro}</p>}
    </div>
  );
}

/** SPEC: list load failures say so inline, with Try Again reloading the page. */
export function ErrorState({ message }: { message: string }) {
  const t = useT();
  return (
    <div className="state-box state-error" role="alert">
      <Icon name="alert" size={32} />
      <p>{message}</p>
      <button type="button" className="button button-outline" onClick={() => window.location.reload()}>
        {t.common.tryAgain}
      </button>
    </div>
  );
}

export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="state-box">
      <Icon name="image" size={32} />
      <p>{message}</p>
      {children}
    </div>
  );
}

export function Breadcrumb({ items }: { items: { label: string; to?: string }[] }) {
  const t = useT();
  return (
    <nav className="breadcrumb" aria-label={t.common.breadcrumb}>
      <ol>
        {items.map((item, i) => (
          <li key={item.label}>
            {item.to && i < items.length - 1 ? (
              <Link to={item.to}>{item.label}</Link>
            ) : (
              <span aria-current="page">{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function TreatmentIcon({ slug, size = 28 }: { slug: string; size?: number }) {
  return (
    <span className="treatment-icon">
      <Icon name={treatmentIcon(slug)} size={size} />
    </span>
  );
}

/** A treatment with its independently expandable 'How it's done' list (native <details>: works without JS). */
export function TreatmentCard({ treatment: original, headingLevel = 3 }: { treatment: Treatment; headingLevel?: 2 | 3 }) {
  const t = useT();
  const treatment = localTreatment(original, t);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="treatment-card">
      <TreatmentIcon slug={treatment.slug} />
      <Heading className="treatment-name">
        <Link to={`/treatments/${treatment.slug}`}>{treatment.name}</Link>
      </Heading>
      <p className="treatment-description">{treatment.description}</p>
      <dl className="treatment-meta">
        <div>
          <dt>{t.treatment.price}</dt>
          <dd>{treatment.price}</dd>
        </div>
        <div>
          <dt>{t.treatment.duration}</dt>
          <dd>{treatment.duration}</dd>
        </div>
      </dl>
      <details className="procedure">
        <summary>
          <span className="when-closed">{t.treatment.learnMore}</span>
          <span className="when-open">{t.treatment.lessInfo}</span>
          <span className="visually-hidden">{fmt(t.treatment.aboutName, { name: treatment.name })}</span>
          <Icon name="chevron-right" size={18} className="summary-chevron" />
        </summary>
        <div className="procedure-body">
          <p className="procedure-title">{t.treatment.howItsDone}</p>
          <ol>
            {treatment.procedure.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
      </details>
    </article>
  );
}

export function Stars({ rating, label }: { rating: number; label?: string }) {
  const t = useT();
  return (
    <span className="stars" role="img" aria-label={label ?? fmt(t.common.starsLabel, { rating })}>
      {Array.from({ length: 5 }, (_, i) => (
        <Icon key={i} name="star" size={18} className={i < Math.round(rating) ? 'star-on' : 'star-off'} />
      ))}
    </span>
  );
}

/**
 * '22 November 2026' ('२२ नोव्हेंबर, २०२६' in Marathi, '22 नवंबर 2026' in Hindi: each language's Indian
 * form, I18N-2, UI-6), the same on the server and in the browser (the clinic's time zone).
 */
export function formatPostDate(iso: string | null, lang: Lang = 'en'): string {
  if (!iso) return '';
  if (Number.isNaN(new Date(iso).getTime())) return '';
  return formatSentenceDate(iso, lang);
}

/** The page's language's post date formatter. */
export function usePostDate(): (iso: string | null) => string {
  const { lang } = useI18n();
  return (iso) => formatPostDate(iso, lang);
}
