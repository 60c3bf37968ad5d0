// Who is signed in, as this tab knows it: one tagged state, held by the
// session query. Unknown until the server has answered "who is signed in?";
// after that, login, sign-up, logout and a call refused because the session
// ended change it through `signedIn` and `signedOut`.
import { hashKey, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { API } from '@contract/api';
import type { User } from '@contract/auth';
import { apiClient } from './api-client';
import { forgetOutbox } from './chat-outbox';
import { forgetDrafts } from './drafts';
import { queryKeys } from './query-keys';

export type Session = { status: 'unknown' } | { status: 'signedOut' } | { status: 'signedIn'; user: User };

/** What the server has said: the session query's data (until then the session is unknown). */
type KnownSession = Exclude<Session, { status: 'unknown' }>;

const UNKNOWN: Session = { status: 'unknown' };
const SIGNED_OUT: KnownSession = { status: 'signedOut' };

/** The signed-in user, or null when the session is anonymous. Throws when the server cannot say. */
export async function whoIsSignedIn(withCsrfHeader: boolean): Promise<User | null> {
  const answer = await apiClient.call(API.isAuthenticated, { withCsrfHeader });
  return answer.isAuthenticated ? answer.user : null;
}

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 10_000;

/**
 * Asked once, at start. The spec leaves the state unknown while the server
 * cannot be reached; we keep asking, waiting 1 s, 2 s, 4 s ... at most 10 s,
 * so the app recovers by itself. TanStack's online manager holds the retries
 * while the browser is offline and resumes them when it is back. Once known,
 * it is never asked again (nor dropped): `signedIn` and `signedOut` keep it.
 */
const sessionQuery = queryOptions({
  queryKey: queryKeys.session,
  queryFn: async (): Promise<KnownSession> => {
    const user = await whoIsSignedIn(false);
    return user ? { status: 'signedIn', user } : SIGNED_OUT;
  },
  retry: true,
  retryDelay: (failures) => Math.min(FIRST_RETRY_MS * 2 ** failures, MAX_RETRY_MS),
  staleTime: Infinity,
  gcTime: Infinity,
});

const SESSION_HASH = hashKey(sessionQuery.queryKey);

/** The session, and, while it is unknown, how many checks failed so far and whether they wait for the network. */
export function useSession(): { session: Session; failedChecks: number; waitingForNetwork: boolean } {
  const check = useQuery(sessionQuery);
  return { session: check.data ?? UNKNOWN, failedChecks: check.failureCount, waitingForNetwork: check.isPaused };
}

/** The signed-in student, or undefined (signed out, or not known yet). */
export function useCurrentUser(): User | undefined {
  const { data } = useQuery(sessionQuery);
  return data?.status === 'signedIn' ? data.user : undefined;
}

/** The signed-in student as the tab knows it now, for code outside a component (a mutation's function). */
export function currentUser(client: QueryClient): User | undefined {
  const session = client.getQueryData(sessionQuery.queryKey);
  return session?.status === 'signedIn' ? session.user : undefined;
}

const userIdOf = (session: KnownSession) => (session.status === 'signedIn' ? session.user.id : undefined);

function settle(client: QueryClient, next: KnownSession): void {
  const before = client.getQueryData(sessionQuery.queryKey);
  // A student who signs in (or the next one at this computer) never sees
  // answers cached for whoever was signed in before.
  if (before && userIdOf(before) !== userIdOf(next)) client.removeQueries({ predicate: (query) => query.queryHash !== SESSION_HASH });
  client.setQueryData(sessionQuery.queryKey, next);
  // A check still on its way knows less than this: it is called off, and the
  // state stays what was just set.
  void client.cancelQueries({ queryKey: sessionQuery.queryKey, exact: true });
}

/** The tab's student is `user` from now on (logged in, signed up, or their profile changed). */
export function signedIn(client: QueryClient, user: User): void {
  settle(client, { status: 'signedIn', user });
}

/**
 * Nobody is signed in in this tab from now on (logged out, or the server ended
 * the session). `{ left: true }`: the student logged out or deleted their
 * account, so what they typed and did not send goes too (drafts, and messages
 * waiting in the chat's outbox) (a session that only
 * expired keeps it for their return).
 */
export function signedOut(client: QueryClient, { left = false } = {}): void {
  const user = currentUser(client);
  if (left && user) {
    forgetDrafts(user.id);
    forgetOutbox(user.id);
  }
  settle(client, SIGNED_OUT);
}
