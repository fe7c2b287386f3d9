import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ClinicDesktopApi, ServerCheckResult } from '../../preload/api';
import { ToothMark } from './tooth-mark';

const EXAMPLE = 'http://192.168.1.20:3000';

/**
 * First launch (and File > Change Server Address...): asks for the clinic server's address and keeps it
 * only once the server has answered as the clinic's server.
 */
export function ServerAddressScreen({
  desktop,
  initialAddress,
  onConnected,
  onCancel,
}: {
  desktop: Pick<ClinicDesktopApi, 'setServerAddress'>;
  initialAddress: string;
  onConnected: (address: string) => void;
  onCancel?: () => void;
}) {
  const [address, setAddress] = useState(initialAddress);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Extract<ServerCheckResult, { ok: false }> | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  // Focus the field (the admin may have held the focus), the current address selected so typing replaces it.
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  // After a refusal, back to the field (it was disabled while checking) so the address can be corrected.
  useEffect(() => {
    if (problem && !busy) inputRef.current?.focus();
  }, [problem, busy]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const result = await desktop.setServerAddress(address);
      if (result.ok) onConnected(result.address);
      else setProblem(result);
    } catch {
      const message = 'The address could not be checked. Try again.';
      setProblem({ ok: false, problem: 'unreachable', message, advice: message, address: null });
    } finally {
      setBusy(false);
    }
  }

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
        <h1 id="gate-title" className="gate-title">
          {onCancel ? 'Change the clinic server' : 'Connect to the clinic server'}
        </h1>
        <p className="gate-lead">
          {onCancel
            ? 'Enter the address of the server to use from now on. The app checks it before switching; you then sign in on that server.'
            : "Patients, appointments and invoices are kept on the clinic's server. Enter its address once; the app remembers it."}
        </p>
        <form className="gate-form" onSubmit={submit} noValidate>
          <label className="gate-label" htmlFor={inputId}>
            Server address
          </label>
          <input
            ref={inputRef}
            id={inputId}
            className="gate-input"
            type="text"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
            aria-invalid={problem ? true : undefined}
            disabled={busy}
          />
          <p id={hintId} className="gate-hint">
            For example <code>{EXAMPLE}</code> or <code>https://clinic.example.in</code>. Ask whoever set up the
            clinic&apos;s server if you do not know it.
          </p>
          {problem && (
            <div id={errorId} className="gate-alert" role="alert">
              <span className="gate-alert-icon" aria-hidden="true">
                !
              </span>
              <p>{problem.message}</p>
            </div>
          )}
          <div className="gate-actions">
            {onCancel && (
              <button type="button" className="gate-button gate-button-secondary" onClick={onCancel} disabled={busy}>
                Cancel
              </button>
            )}
            <button type="submit" className="gate-button gate-button-primary" disabled={busy} aria-busy={busy}>
              {busy && <span className="gate-spinner" aria-hidden="true" />}
              {busy ? 'Checking…' : 'Connect'}
            </button>
          </div>
        </form>
      </section>
    </main>
  );
}
