import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { errorDescription } from '../api/errors';

// The toasts of ADMIN-16 and UI-2: a title and an optional description, at most one visible (a new one replaces
// it), closing itself after 5000 ms (not while it is pointed at or focused), F8 moves the focus to it.
// Failures show the server's message, else "Please try again.". Its own small component rather than
// antd's notification, so the sign-in page (which loads no antd) shows the same toasts as every screen.

export interface Toast {
  success: (title: string, description?: string) => void;
  /** A failure: the description is the server's message for `error`, else "Please try again.". */
  failure: (title: string, error?: unknown) => void;
  /** A problem found before any request (e.g. a file that is too large), with its own text. */
  problem: (title: string, description: string) => void;
}

interface Notice {
  id: number;
  tone: 'success' | 'error';
  title: string;
  description?: string;
}

export const TOAST_DURATION_MS = 5000;

const ToastContext = createContext<Toast | null>(null);

export function useToast(): Toast {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast() outside <ToastProvider>');
  return toast;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const nextId = useRef(1);
  const toast = useMemo<Toast>(() => {
    const show = (tone: Notice['tone'], title: string, description?: string) =>
      setNotice({ id: nextId.current++, tone, title, description });
    return {
      success: (title, description) => show('success', title, description),
      failure: (title, error) => show('error', title, errorDescription(error)),
      problem: (title, description) => show('error', title, description),
    };
  }, []);
  const close = useCallback(() => setNotice(null), []);
  return (
    <ToastContext.Provider value={toast}>
      {children}
      <div className="admin-toasts">{notice && <ToastNotice key={notice.id} notice={notice} onClose={close} />}</div>
    </ToastContext.Provider>
  );
}

function ToastNotice({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (held) return;
    const timer = window.setTimeout(onClose, TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [held, onClose]);

  // F8 (UI-2): the keyboard reaches the toast to read or close it.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'F8') return;
      event.preventDefault();
      ref.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div
      ref={ref}
      className={`admin-toast admin-toast-${notice.tone}`}
      role="alert"
      tabIndex={-1}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setHeld(false)}
    >
      <svg className="admin-toast-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="11" fill="currentColor" />
        {notice.tone === 'success' ? (
          <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        ) : (
          <path d="M8.5 8.5l7 7m0-7l-7 7" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
        )}
      </svg>
      <div className="admin-toast-text">
        <div className="admin-toast-title">{notice.title}</div>
        {notice.description && <div className="admin-toast-description">{notice.description}</div>}
      </div>
      <button type="button" className="admin-toast-close" aria-label="Close" onClick={onClose}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
