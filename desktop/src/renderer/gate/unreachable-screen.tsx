import { useEffect, useRef } from 'react';
import { ToothMark } from './tooth-mark';

/** D24: the server cannot be reached. Says so plainly, shows the address, offers Retry. */
export function UnreachableScreen({
  title,
  address,
  message,
  triedAt,
  retrying,
  onRetry,
  onChangeAddress,
}: {
  title: string;
  address: string;
  message: string;
  triedAt: Date;
  retrying: boolean;
  onRetry: () => void;
  onChangeAddress: () => void;
}) {
  const retryRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!retrying) retryRef.current?.focus();
  }, [retrying]);

  return (
    <main className="gate">
      <section className="gate-card" aria-labelledby="gate-title">
        <div className="gate-brand">
          <ToothMark />
          <div>
            <p className="gate-product">Smile Care Clinic Desk</p>
            <p className="gate-product-sub">Reception back office</p>
          </div>
        </div>
        <div className="gate-status" aria-hidden="true">
          <svg viewBox="0 0 48 48" width="48" height="48" focusable="false">
            <circle cx="24" cy="24" r="22" fill="#fef2f2" />
            <path d="M16 30l16-16M20 14h-4a6 6 0 0 0-6 6v0a6 6 0 0 0 6 6h2M28 34h4a6 6 0 0 0 6-6v0a6 6 0 0 0-6-6h-2" stroke="#c0262d" strokeWidth="3" strokeLinecap="round" fill="none" />
          </svg>
        </div>
        <h1 id="gate-title" className="gate-title">
          {title}
        </h1>
        <p className="gate-lead" role="alert">
          {message}
        </p>
        <dl className="gate-address">
          <dt>Server address</dt>
          <dd>
            <code>{address}</code>
          </dd>
        </dl>
        <p className="gate-hint gate-tried" aria-live="polite">
          Last tried at {triedAt.toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit', second: '2-digit' })}
        </p>
        <div className="gate-actions">
          <button type="button" className="gate-button gate-button-secondary" onClick={onChangeAddress} disabled={retrying}>
            Change server address
          </button>
          <button
            ref={retryRef}
            type="button"
            className="gate-button gate-button-primary"
            onClick={onRetry}
            disabled={retrying}
            aria-busy={retrying}
          >
            {retrying && <span className="gate-spinner" aria-hidden="true" />}
            {retrying ? 'Trying again…' : 'Retry'}
          </button>
        </div>
      </section>
    </main>
  );
}
