// One action at a time for a form or a button: which one is on its way, and
// the line to show when it failed. A failure leaves the form as the student
// left it, so nothing they typed is lost.
import { useCallback, useRef, useState } from 'react';
import { messageForStudent } from './api-error';

export interface PendingAction<Kind extends string> {
  /** The action on its way to the server, or null. */
  pending: Kind | null;
  error: string;
  setError: (message: string) => void;
  /** Runs `work` unless another action is pending; a failure becomes `error` (the server's words for a 4xx, else `fallback`). */
  run: (kind: Kind, work: () => Promise<void>, fallback: string) => Promise<void>;
}

/** `isHandled` may claim a failure (e.g. an expired session) so that no line is shown for it. */
export function usePendingAction<Kind extends string = 'submit'>(isHandled?: (error: unknown) => boolean): PendingAction<Kind> {
  const [pending, setPending] = useState<Kind | null>(null);
  const [error, setError] = useState('');
  // A ref as well as state: a double click lands before the re-render.
  const busy = useRef(false);

  const run = useCallback(
    async (kind: Kind, work: () => Promise<void>, fallback: string) => {
      if (busy.current) return;
      busy.current = true;
      setPending(kind);
      setError('');
      try {
        await work();
      } catch (failure) {
        if (!isHandled?.(failure)) {
          console.error(fallback, failure);
          setError(messageForStudent(failure, fallback));
        }
      } finally {
        busy.current = false;
        setPending(null);
      }
    },
    [isHandled],
  );

  return { pending, error, setError, run };
}
