import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../app/i18n';
import { Icon } from './icons';

// UI-2: at most one toast at a time, closing itself after 5 seconds; the toast region
// can be reached with F8. A new toast replaces the one showing.

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

interface ShownToast extends ToastInput {
  id: number;
}

const TOAST_DURATION_MS = 5000;
const ToastContext = createContext<(t: ToastInput) => void>(() => {});

export function useToast(): (t: ToastInput) => void {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ShownToast | null>(null);
  const nextId = useRef(1);
  const show = useCallback((t: ToastInput) => setToast({ ...t, id: nextId.current++ }), []);
  const dismiss = useCallback(() => setToast(null), []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <ToastRegion toast={toast} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

function ToastRegion({ toast, onDismiss }: { toast: ShownToast | null; onDismiss: () => void }) {
  const t = useT();
  const regionRef = useRef<HTMLElement>(null);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') {
        e.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (!toast || paused) return;
    const timer = window.setTimeout(onDismiss, TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast, paused, onDismiss]);

  return (
    <section
      ref={regionRef}
      className="toast-region"
      aria-label={t.ui.notifications}
      tabIndex={-1}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <ol className="toast-list" aria-live="polite" aria-atomic="false">
        {toast && (
          <li key={toast.id} className={`toast toast-${toast.variant ?? 'default'}`} role={toast.variant === 'destructive' ? 'alert' : 'status'}>
            <Icon name={toast.variant === 'destructive' ? 'alert' : 'check'} className="toast-icon" />
            <div className="toast-text">
              <p className="toast-title">{toast.title}</p>
              {toast.description && <p className="toast-description">{toast.description}</p>}
            </div>
            <button type="button" className="icon-button toast-close" aria-label={t.ui.closeNotification} onClick={onDismiss}>
              <Icon name="close" size={18} />
            </button>
          </li>
        )}
      </ol>
    </section>
  );
}
