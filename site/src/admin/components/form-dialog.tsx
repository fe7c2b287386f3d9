import type { UseMutationResult } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import { useLayoutEffect, type ReactNode } from 'react';
import { useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { applyServerFieldErrors } from './server-errors';
import { useToast } from './toasts';

// The scaffold of every admin form dialog: FormDialog is the dialog (Cancel and the submit button in its
// footer), useDialogForm the form inside it (the shared schema as resolver, fresh values each time the
// dialog opens, and a submit that toasts, closes, or puts the server's field errors under their fields).

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

/**
 * The form of a dialog. It takes `initialValues(item)` each time the dialog opens (or shows another item).
 * `save(mutation, variables, done)` runs one mutation: on success the toast `done.success(answer)` and
 * `onClose`; on failure a 400's field messages go under the fields named in `serverFields` (API-4) and the
 * toast `done.failure` shows the server's message.
 */
export function useDialogForm<TValues extends FieldValues, TParsed, TItem>({
  open,
  item,
  initialValues,
  resolver,
  serverFields,
  onClose,
}: {
  open: boolean;
  item: TItem;
  initialValues: (item: TItem) => TValues;
  resolver: Resolver<TValues, unknown, TParsed>;
  serverFields: readonly string[];
  onClose: () => void;
}) {
  const toast = useToast();
  const form = useForm<TValues, unknown, TParsed>({ resolver, defaultValues: initialValues(item) as never });

  // Before the opened dialog is painted: a reset after it (useEffect) could land after a quick first
  // click on the submit button and wipe the messages that click showed.
  useLayoutEffect(() => {
    if (open) form.reset(initialValues(item));
    // initialValues is a pure function of the item; a new function each render must not reset the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, item, form]);

  function save<TVars, TData>(
    mutation: UseMutationResult<TData, unknown, TVars>,
    variables: TVars,
    done: {
      success: (answer: TData) => [title: string, description: string];
      failure: string;
      /** A refusal the dialog answers itself (true: no toast), such as Add Patient's duplicate (PAT-18). */
      refused?: (err: unknown) => boolean;
    },
  ): void {
    mutation.mutate(variables, {
      onSuccess: (answer) => {
        toast.success(...done.success(answer));
        onClose();
      },
      onError: (err) => {
        if (done.refused?.(err)) return;
        applyServerFieldErrors(err, form.setError, serverFields);
        toast.failure(done.failure, err);
      },
    });
  }

  return { form, errors: form.formState.errors, save };
}
