// One call to the server a public screen makes (open a mailed link, ask for a
// reset link, resend the verification): its state as the screen shows it
// (idle, on its way, answered, failed). The signed-in app uses TanStack
// Query's mutations; the public screens do not load it (decision 0119), and
// need no more than this.
import { useCallback, useEffect, useRef, useState } from 'react';

interface Flags<Idle extends boolean, Pending extends boolean, Success extends boolean, Failed extends boolean> {
  isIdle: Idle;
  isPending: Pending;
  isSuccess: Success;
  isError: Failed;
}

// Tagged by the flags, so `if (call.isSuccess)` narrows `data`, as with TanStack's mutations.
type CallState<Answer> =
  | ({ data: undefined; error: null } & Flags<true, false, false, false>)
  | ({ data: undefined; error: null } & Flags<false, true, false, false>)
  | ({ data: Answer; error: null } & Flags<false, false, true, false>)
  | ({ data: undefined; error: unknown } & Flags<false, false, false, true>);

const NO_FLAGS = { isIdle: false, isPending: false, isSuccess: false, isError: false } as const;

interface CallOptions<Answer> {
  onSuccess?: (answer: Answer) => void;
  onError?: (error: unknown) => void;
}

const IDLE = { ...NO_FLAGS, isIdle: true, data: undefined, error: null } as const;

export function useCall<Input, Answer>(send: (input: Input) => Promise<Answer>) {
  const [state, setState] = useState<CallState<Answer>>(IDLE);
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  });
  // The last call made: an answer to an earlier one is dropped.
  const latest = useRef(0);

  const mutate = useCallback((input: Input, options: CallOptions<Answer> = {}) => {
    const mine = ++latest.current;
    setState({ ...NO_FLAGS, isPending: true, data: undefined, error: null });
    sendRef.current(input).then(
      (answer) => {
        if (mine !== latest.current) return;
        setState({ ...NO_FLAGS, isSuccess: true, data: answer, error: null });
        options.onSuccess?.(answer);
      },
      (error: unknown) => {
        if (mine !== latest.current) return;
        setState({ ...NO_FLAGS, isError: true, data: undefined, error });
        options.onError?.(error);
      },
    );
  }, []);

  return { ...state, mutate };
}

/** A call made once as the screen opens (and again when `key` changes): a mailed link's check. */
export function useCallOnOpen<Answer>(key: string, send: () => Promise<Answer>) {
  const call = useCall(send);
  const { mutate } = call;
  const asked = useRef<string | null>(null);
  useEffect(() => {
    // Once per key, also when React runs effects twice in development.
    if (asked.current === key) return;
    asked.current = key;
    mutate(undefined);
  }, [key, mutate]);
  // Idle only before the first call went out: it counts as on its way.
  return { ...call, isPending: call.isPending || call.isIdle };
}
