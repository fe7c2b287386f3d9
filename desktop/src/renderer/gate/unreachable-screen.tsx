import { useEffect, useRef } from 'react';
import { formatTime } from '../../../../shared/domain/dates';
import { ToothMark } from './tooth-mark';

/** DESK-4: the server cannot be reached. Says so plainly, shows the address, offers Retry. */
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
          <svg viewBox="0 0 56 56" width="56" height="56" focusable="false">
            <circle cx="28" cy="28" r="28" fill="#fdecec" />
            <rect x="15" y="15" width="26" height="10" rx="3" fill="none" stroke="#9f1d24" strokeWidth="2.5" />
            <rect x="15" y="29" width="26" height="10" rx="3" fill="none" stroke="#9f1d24" strokeWidth="2.5" />
            <circle cx="21" cy="20" r="1.8" fill="#9f1d24" />
            <circle cx="21" cy="34" r="1.8" fill="#9f1d24" />
            <circle cx="40" cy="40" r="9" fill="#c0262d" stroke="#fff" strokeWidth="2.5" />
            <path d="M36.5 36.5l7 7M43.5 36.5l-7 7" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
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
          Last tried at {formatTime(triedAt)}
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
