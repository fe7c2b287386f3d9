import { ExclamationCircleFilled } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import type { ReactNode } from 'react';

// The confirmation prompts of SPEC 8, one dialog shape for all: a question, what will happen, and a
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
