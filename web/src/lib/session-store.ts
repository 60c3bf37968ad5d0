// Who is signed in, as far as this tab knows: client state only. The server's
// answer to "who is signed in?" is a query of features/auth (useSession),
// which settles this store once; login, sign-up and logout change it after.
import { create } from 'zustand';
import type { User } from '@contract/auth';

interface SessionState {
  /** null: not known yet; undefined: checked, nobody signed in; otherwise the student. */
  currentUser: User | null | undefined;
  signedIn: (user: User) => void;
  signedOut: () => void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  currentUser: null,
  signedIn: (user) => set({ currentUser: user }),
  signedOut: () => set({ currentUser: undefined }),
}));
