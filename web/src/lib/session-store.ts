// Who is signed in, as far as this tab knows.
import { create } from 'zustand';
import { fetchSession } from '../features/auth/api';
import type { User } from '../../../adapters/http/contract/auth';

interface SessionState {
  /** null: not known yet; undefined: checked, nobody signed in; otherwise the student. */
  currentUser: User | null | undefined;
  /** Consecutive failed attempts to ask the server, for the loading screen. */
  failedChecks: number;
  signedIn: (user: User) => void;
  signedOut: () => void;
  /** Asks the server once at start-up; safe to call again. */
  startSessionCheck: () => void;
}

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 10_000;

export const useSessionStore = create<SessionState>()((set, get) => {
  let started = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  // The spec leaves the state unknown when the server cannot be reached; we
  // keep asking, backing off, so the app recovers by itself once it is back.
  async function check(): Promise<void> {
    retryTimer = undefined;
    try {
      const user = await fetchSession();
      // A login that raced this check already knows better.
      if (get().currentUser === null) set({ currentUser: user ?? undefined });
      set({ failedChecks: 0 });
    } catch (error) {
      const failedChecks = get().failedChecks + 1;
      set({ failedChecks });
      const delay = Math.min(FIRST_RETRY_MS * 2 ** (failedChecks - 1), MAX_RETRY_MS);
      console.warn(`Session check failed; retrying in ${delay / 1000}s`, error);
      retryTimer = setTimeout(() => void check(), delay);
    }
  }

  function retryNow(): void {
    if (retryTimer === undefined) return;
    clearTimeout(retryTimer);
    void check();
  }

  return {
    currentUser: null,
    failedChecks: 0,
    signedIn: (user) => set({ currentUser: user }),
    signedOut: () => set({ currentUser: undefined }),
    startSessionCheck: () => {
      if (started) return;
      started = true;
      if (typeof window !== 'undefined') window.addEventListener('online', retryNow);
      void check();
    },
  };
});
