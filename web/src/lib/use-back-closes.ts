// The browser's Back closes an open modal instead of leaving the page: the
// modal adds a history entry (the same URL) when it opens, Back takes that
// entry away, and the modal closes on the popstate. Closed any other way (its
// Close button, Escape, its action done), it takes its entry back itself, so
// history keeps no trace of it and the next Back leaves the page as before.
//
// The entry carries the modal's token in history.state, beside the router's
// own fields (copied, so the router sees the same location on the way back).
// A modal whose token is gone from the state after a popstate was closed by
// Back; one opened over another has its own entry on top. Two modals that
// replace each other in one render (Create a Study Group, then the new
// group's) share one entry, as do the unmount and mount of React's
// development double effects: the entry is only taken back once the render
// is over and no modal took it on.
//
// A navigation from inside a modal should replace its entry (a link with
// `replace`), so that Back from the new page returns to the page under the
// modal rather than to a copy of it.
import { useEffect, useId, useRef } from 'react';

const KEY = 'studySwampModals';

/** The token of the entry to take back once the current render is over, unless a modal takes it on first. */
let leaving: string | null = null;

function openTokens(): string[] {
  const state: unknown = window.history.state;
  const tokens = state && typeof state === 'object' ? (state as Record<string, unknown>)[KEY] : undefined;
  return Array.isArray(tokens) ? tokens.filter((token): token is string => typeof token === 'string') : [];
}

function stateWith(tokens: string[]): Record<string, unknown> {
  const state: unknown = window.history.state;
  return { ...(state && typeof state === 'object' ? state : {}), [KEY]: tokens };
}

/** Calls onBack when the browser's Back is pressed while the component is shown (a modal's owner then closes it). */
export function useBackCloses(onBack: () => void): void {
  const token = useId();
  const onBackRef = useRef(onBack);
  useEffect(() => {
    onBackRef.current = onBack;
  });

  useEffect(() => {
    const tokens = openTokens();
    if (leaving !== null && tokens.at(-1) === leaving) {
      // The entry a modal just gave up: this one takes it on.
      window.history.replaceState(stateWith([...tokens.slice(0, -1), token]), '');
      leaving = null;
    } else {
      window.history.pushState(stateWith([...tokens, token]), '');
    }

    let closedByBack = false;
    const onPopState = () => {
      if (closedByBack || openTokens().includes(token)) return;
      closedByBack = true;
      onBackRef.current();
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      // Back took the entry already; or a navigation replaced it or went on from it (nothing to take back).
      if (closedByBack || openTokens().at(-1) !== token) return;
      leaving = token;
      queueMicrotask(() => {
        if (leaving !== token) return;
        leaving = null;
        window.history.back();
      });
    };
  }, [token]);
}
