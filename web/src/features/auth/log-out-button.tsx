import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { logOut } from './api';
import { useSessionStore } from '../../lib/session-store';

export function LogOutButton() {
  const navigate = useNavigate();
  const signedOut = useSessionStore((state) => state.signedOut);
  const [busy, setBusy] = useState(false);

  async function handleClick() {
    if (busy) return;
    setBusy(true);
    try {
      if (await logOut()) {
        // One render for both: clearing the user alone would briefly show the
        // landing page (or bounce a protected page) before /log-in.
        flushSync(() => {
          signedOut();
          navigate('/log-in');
        });
        return;
      }
      console.error('Log out was not confirmed by the server');
    } catch (error) {
      console.error('Log out failed', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className="button button--ghost" onClick={handleClick} disabled={busy} aria-busy={busy}>
      Log Out
    </button>
  );
}
