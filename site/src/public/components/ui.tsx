import type { ReactNode } from 'react';
import type { Treatment } from '../../../../shared/constants/treatments';
import { Link } from '../app/router';
import { Icon, treatmentIcon } from './icons';

// Small building blocks shared by the pages.

export function PageHeader({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
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
  return (
    <div className="state-box state-error" role="alert">
      <Icon name="alert" size={32} />
      <p>{message}</p>
      <button type="button" className="button button-outline" onClick={() => window.location.reload()}>
        Try Again
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
  return (
    <nav className="breadcrumb" aria-label="Breadcrumb">
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
export function TreatmentCard({ treatment, headingLevel = 3 }: { treatment: Treatment; headingLevel?: 2 | 3 }) {
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
          <dt>Price</dt>
          <dd>{treatment.price}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{treatment.duration}</dd>
        </div>
      </dl>
      <details className="procedure">
        <summary>
          <span className="when-closed">Learn More</span>
          <span className="when-open">Less Info</span>
          <span className="visually-hidden"> about {treatment.name}</span>
          <Icon name="chevron-right" size={18} className="summary-chevron" />
        </summary>
        <div className="procedure-body">
          <p className="procedure-title">How it's done</p>
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
  return (
    <span className="stars" role="img" aria-label={label ?? `${rating} out of 5 stars`}>
      {Array.from({ length: 5 }, (_, i) => (
        <Icon key={i} name="star" size={18} className={i < Math.round(rating) ? 'star-on' : 'star-off'} />
      ))}
    </span>
  );
}

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });

/** '22 November 2026', the same on the server and in the browser (the clinic's time zone). */
export function formatPostDate(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateFormat.format(d);
}
