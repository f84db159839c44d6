import { useState } from 'react';
import { messageOf } from '@/lib/api/errors';
import { showToast } from '@/lib/toasts';

/** Where the server's refusal of a confirmed action is said. */
type RefusalShown = 'in-dialog' | 'as-toast';

/**
 * A question before an action (delete, pause, revoke): what it asks about, and the action's
 * outcome. Success is said in a toast and closes the question; a refusal stays in the dialog to be
 * read (`in-dialog`), or is said in a toast as the question closes (`as-toast`).
 */
export function useConfirmation<T>(refusal: RefusalShown = 'in-dialog') {
  const [asked, setAsked] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = () => setAsked(null);
  return {
    asked,
    ask: (item: T) => {
      setError(null);
      setAsked(item);
    },
    /** The `ConfirmDialog`'s state: open while asking, the refusal, closing. */
    dialog: { opened: asked !== null, error, onClose: close },
    /** Waits for the action: `success` is the toast's words, or what to do with the answer. */
    settle<R>(request: Promise<R>, success: string | ((answer: R) => void), fallback: string) {
      request.then(
        (answer) => {
          if (typeof success === 'string') showToast(success);
          else success(answer);
          close();
        },
        (failure: unknown) => {
          const message = messageOf(failure, fallback);
          if (refusal === 'in-dialog') {
            setError(message);
            return;
          }
          showToast(message, { color: 'red' });
          close();
        },
      );
    },
  };
}

export type Confirmation<T> = ReturnType<typeof useConfirmation<T>>;
