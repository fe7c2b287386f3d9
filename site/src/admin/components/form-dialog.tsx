import { Button, Modal } from 'antd';
import type { ReactNode } from 'react';

// A dialog holding one form: Cancel and a submit button in the footer (the button submits the form by id).
export function FormDialog({
  open,
  title,
  formId,
  submitLabel,
  pending,
  busy,
  width = 560,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  formId: string;
  submitLabel: string;
  pending: boolean;
  /** Another task (an upload) that must finish before submitting. */
  busy?: boolean;
  width?: number;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      open={open}
      title={title}
      onCancel={pending ? undefined : onCancel}
      destroyOnHidden
      width={width}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>,
        <Button key="submit" type="primary" htmlType="submit" form={formId} loading={pending} disabled={busy}>
          {pending ? 'Saving...' : submitLabel}
        </Button>,
      ]}
    >
      {children}
    </Modal>
  );
}
