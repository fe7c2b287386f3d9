import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useT } from '../app/i18n';
import { Icon } from './icons';

// A modal on the native <dialog> element: the page behind it is inert, Tab cycles within it (the browser
// alone would let focus leave for its own toolbar), Escape closes it, and focus returns to the control
// that opened it. Mounted only while open.

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

interface DialogProps {
  title: ReactNode;
  /** Shown under the title; also the dialog's description for assistive technology. */
  description?: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  /** Hide the visible title (it still names the dialog). */
  hideTitle?: boolean;
}

export function Dialog({ title, description, onClose, children, className, hideTitle }: DialogProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descId = useId();
  const onCloseRef = useRef(onClose);
  // (assigned on each render so the listeners below always call the latest handler)
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    const onCancel = (e: Event) => {
      e.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`dialog ${className ?? ''}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descId : undefined}
      onClick={(e) => {
        // A click on the backdrop (outside the panel) closes the dialog.
        if (e.target === e.currentTarget) onClose();
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Tab') return;
        const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
        if (items.length === 0) return;
        const first = items[0];
        const last = items[items.length - 1];
        if (e.shiftKey && (document.activeElement === first || document.activeElement === e.currentTarget)) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }}
    >
      <div className="dialog-panel">
        <div className={hideTitle ? 'dialog-header visually-hidden' : 'dialog-header'}>
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          {description && (
            <p id={descId} className="dialog-description">
              {description}
            </p>
          )}
        </div>
        <button type="button" className="dialog-close icon-button" onClick={onClose} aria-label={t.common.close}>
          <Icon name="close" />
        </button>
        {children}
      </div>
    </dialog>
  );
}
