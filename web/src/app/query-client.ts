// Server state of the signed-in app lives in TanStack Query (the session is
// lib/session.ts's own store, which empties this cache when the student changes).
// The defaults keep the product's behaviour: a failed page load shows its own
// "Try again" at once (no silent retries), nothing refetches behind the
// student's back on window focus, and a call refused because the session
// ended signs the tab out wherever it was made.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isNotAuthenticated } from '@web/lib/api-error';
import { attachQueryClient, signedOut } from '@web/lib/session';

export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (isNotAuthenticated(error)) signedOut(client);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  attachQueryClient(client);
  return client;
}
