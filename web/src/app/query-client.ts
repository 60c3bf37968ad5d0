// Server state lives in TanStack Query. The defaults keep the product's
// behaviour: a failed page load shows its own "Try again" at once (no silent
// retries), nothing refetches behind the student's back on window focus, and a
// call refused because the session ended signs the tab out wherever it was made.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isNotAuthenticated } from '@web/lib/api-error';

export function createQueryClient(onSessionEnded: () => void): QueryClient {
  const onError = (error: unknown) => {
    if (isNotAuthenticated(error)) onSessionEnded();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
