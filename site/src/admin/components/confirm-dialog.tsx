import { ExclamationCircleFilled } from '@ant-design/icons';
import type { UseMutationResult } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import { useCallback, useState, type ReactNode } from 'react';
import { useToast } from './toasts';

// The confirmation prompts of ADMIN-17, one dialog shape for all: a question, what will happen, and a
// danger button that shows the work in progress.

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  pending?: boolean;
  /** Disables the confirm button, e.g. while the prompt's details load. */
  disabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, children, confirmLabel, cancelLabel = 'Keep', danger = true, pending, disabled, onConfirm, onCancel } = props;
  return (
    <Modal
      open={open}
      title={
        <span className="confirm-title">
          <ExclamationCircleFilled className={danger ? 'confirm-icon danger' : 'confirm-icon'} aria-hidden="true" /> {title}
        </span>
      }
      onCancel={pending ? undefined : onCancel}
      destroyOnHidden
      width={440}
      footer={[
        <Button key="cancel" onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </Button>,
        <Button key="confirm" type="primary" danger={danger} loading={pending} disabled={disabled} onClick={onConfirm}>
          {confirmLabel}
        </Button>,
      ]}
    >
      <div className="confirm-body">{children}</div>
    </Modal>
  );
}

/**
 * A prompted action on one item (delete, cancel): `ask(item)` opens the prompt, Confirm runs the mutation,
 * success shows its toast and closes the prompt, failure shows "{failure}" with the server's message and
 * leaves the prompt open. Spread `dialogProps` on a ConfirmDialog; `item` is the one being asked about.
 */
export interface ConfirmAction<T> {
  item: T | null;
  ask: (item: T) => void;
  close: () => void;
  dialogProps: Pick<ConfirmDialogProps, 'open' | 'pending' | 'onCancel' | 'onConfirm'>;
}

export function useConfirmAction<T, TVars>({
  mutation,
  variables,
  success,
  failure,
}: {
  mutation: UseMutationResult<unknown, unknown, TVars>;
  variables: (item: T) => TVars;
  /** The success toast's title and description. */
  success: (item: T) => [title: string, description: string];
  /** The failure toast's title. */
  failure: string;
}): ConfirmAction<T> {
  const toast = useToast();
  const [item, setItem] = useState<T | null>(null);
  const close = useCallback(() => setItem(null), []);
  const ask = useCallback((next: T) => setItem(() => next), []);
  const confirm = () => {
    if (item === null) return;
    mutation.mutate(variables(item), {
      onSuccess: () => {
        toast.success(...success(item));
        setItem(null);
      },
      onError: (err) => toast.failure(failure, err),
    });
  };
  return {
    item,
    ask,
    close,
    dialogProps: { open: item !== null, pending: mutation.isPending, onCancel: close, onConfirm: confirm },
  };
}
