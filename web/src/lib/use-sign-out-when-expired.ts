import { useCallback } from 'react';
import { isNotAuthenticated } from './api-error';
import { useSessionStore } from './session-store';

/**
 * A catch-block helper: when a call failed because the session is gone, forget
 * the user (the route guards then show Log In) and answer true, so the caller
 * skips its own error line.
 */
export function useSignOutWhenExpired(): (error: unknown) => boolean {
  const signedOut = useSessionStore((state) => state.signedOut);
  return useCallback(
    (error: unknown) => {
      if (!isNotAuthenticated(error)) return false;
      signedOut();
      return true;
    },
    [signedOut],
  );
}
