import { App } from 'antd';
import { useMemo } from 'react';
import { errorDescription } from '../api/errors';

// SPEC 8's toasts: a title and an optional description, at most one visible (App's maxCount 1), closing
// after 5 seconds. Failures show the server's message, else "Please try again.".

export interface Toast {
  success: (title: string, description?: string) => void;
  /** A failure: the description is the server's message for `error`, else "Please try again.". */
  failure: (title: string, error?: unknown) => void;
  /** A problem found before any request (e.g. a file that is too large), with its own text. */
  problem: (title: string, description: string) => void;
}

export function useToast(): Toast {
  const { notification } = App.useApp();
  return useMemo(
    () => ({
      success: (title, description) => notification.success({ title, description }),
      failure: (title, error) => notification.error({ title, description: errorDescription(error) }),
      problem: (title, description) => notification.error({ title, description }),
    }),
    [notification],
  );
}
