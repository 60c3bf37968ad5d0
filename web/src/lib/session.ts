// Who is signed in, as this tab knows it: one tagged state. Unknown until the
// server has answered "who is signed in?"; after that, login, sign-up, logout
// and a call refused because the session ended change it through `signedIn`
// and `signedOut`. It is a small store of its own (not a TanStack query), so
// the public screens, which never load the signed-in app's query client, share
// it; the query client, once loaded, registers itself (`attachQueryClient`) and
// is emptied whenever the student changes.
import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@contract/auth';
import { AUTH_ROUTES } from '@contract/auth-routes';
import { apiClient, NetworkError } from './api-client';
import { rememberSignedIn } from './early-data';

type Session = { status: 'unknown' } | { status: 'signedIn'; user: User } | { status: 'signedOut' };

/** What the server has said (until then the session is unknown). */
type KnownSession = Exclude<Session, { status: 'unknown' }>;

interface SessionState {
  session: Session;
  /** While unknown: how many checks failed so far. */
  failedChecks: number;
  /** While unknown: the browser is offline, so the next check waits for the network. */
  waitingForNetwork: boolean;
}

const SIGNED_OUT: KnownSession = { status: 'signedOut' };

let state: SessionState = { session: { status: 'unknown' }, failedChecks: 0, waitingForNetwork: false };
const listeners = new Set<() => void>();
let queryClient: QueryClient | null = null;

function publish(next: Partial<SessionState>): void {
  state = { ...state, ...next };
  if (next.session && next.session.status !== 'unknown') rememberSignedIn(next.session.status === 'signedIn');
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => state;

/** The signed-in user, or null when the session is anonymous. Throws when the server cannot say. */
export async function whoIsSignedIn(withCsrfHeader: boolean): Promise<User | null> {
  const answer = await apiClient.call(AUTH_ROUTES.isAuthenticated, { withCsrfHeader });
  return answer.isAuthenticated ? answer.user : null;
}

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 10_000;
// Bumped whenever the state is settled by a login or logout: a check still on
// its way knows less than that, and its answer is dropped.
let generation = 0;
let started = false;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const online = () =>
  new Promise<void>((resolve) => {
    if (navigator.onLine) resolve();
    else window.addEventListener('online', () => resolve(), { once: true });
  });

/**
 * Asks once, at start (main.tsx calls it before React has loaded anything, so
 * the answer is on its way with the page's scripts). The spec leaves the state
 * unknown while the server cannot be reached; we keep asking, waiting 1 s,
 * 2 s, 4 s ... at most 10 s, and while the browser is offline we wait for it
 * to be back. Once known, it is never asked again: `signedIn` and
 * `signedOut` keep it.
 */
export function startSessionCheck(): void {
  if (started) return;
  started = true;
  const mine = generation;
  void (async () => {
    for (let failures = 0; ;) {
      if (!navigator.onLine) {
        publish({ waitingForNetwork: true });
        await online();
        publish({ waitingForNetwork: false });
      }
      try {
        const user = await whoIsSignedIn(false);
        if (mine === generation && state.session.status === 'unknown')
          publish({ session: user ? { status: 'signedIn', user } : SIGNED_OUT });
        return;
      } catch (error) {
        if (mine !== generation || state.session.status !== 'unknown') return;
        failures += 1;
        publish({ failedChecks: failures, waitingForNetwork: error instanceof NetworkError && !navigator.onLine });
        await wait(Math.min(FIRST_RETRY_MS * 2 ** failures, MAX_RETRY_MS));
      }
    }
  })();
}

/** Calls `then` once, when the server has first said who is signed in (at once if it has). */
export function whenSessionKnown(then: () => void): void {
  if (state.session.status !== 'unknown') {
    then();
    return;
  }
  const unsubscribe = subscribe(() => {
    if (state.session.status === 'unknown') return;
    unsubscribe();
    then();
  });
}

/** The session, and, while it is unknown, how many checks failed so far and whether they wait for the network. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** The signed-in student, or undefined (signed out, or not known yet). */
export function useCurrentUser(): User | undefined {
  const { session } = useSession();
  return session.status === 'signedIn' ? session.user : undefined;
}

/** The signed-in student as the tab knows it now, for code outside a component (a mutation's function). */
export function currentUser(_client?: QueryClient | null): User | undefined {
  return state.session.status === 'signedIn' ? state.session.user : undefined;
}

/** The signed-in app's query client, once loaded: it is emptied when the student changes. */
export function attachQueryClient(client: QueryClient): void {
  queryClient = client;
}

/** The query client when the signed-in app is loaded (a public screen may refresh its answers). */
export function loadedQueryClient(): QueryClient | null {
  return queryClient;
}

const userIdOf = (session: Session) => (session.status === 'signedIn' ? session.user.id : undefined);

function settle(next: KnownSession): void {
  const before = state.session;
  // A student who signs in (or the next one at this computer) never sees
  // answers cached for whoever was signed in before.
  if (before.status !== 'unknown' && userIdOf(before) !== userIdOf(next)) queryClient?.removeQueries();
  generation += 1;
  publish({ session: next, failedChecks: 0, waitingForNetwork: false });
}

/** The tab's student is `user` from now on (logged in, signed up, or their profile changed). The client argument is kept for callers that have one. */
export function signedIn(_client: QueryClient | null, user: User): void {
  settle({ status: 'signedIn', user });
}

/**
 * Nobody is signed in in this tab from now on (logged out, or the server ended
 * the session). `{ left: true }`: the student logged out or deleted their
 * account, so what they typed and did not send goes too (drafts, and messages
 * waiting in the chat's outbox) (a session that only
 * expired keeps it for their return).
 */
export function signedOut(_client: QueryClient | null, { left = false } = {}): void {
  const user = currentUser();
  // The drafts' and the outbox's stores belong to the signed-in app, loaded by then.
  if (left && user) {
    void import('./drafts').then(({ forgetDrafts }) => forgetDrafts(user.id));
    void import('./chat-outbox').then(({ forgetOutbox }) => forgetOutbox(user.id));
  }
  settle(SIGNED_OUT);
}
