import { useLogOut } from './api';

export function LogOutButton() {
  const logOut = useLogOut();
  return (
    <button
      type="button"
      className="button button--ghost"
      onClick={() => logOut.mutate()}
      disabled={logOut.isPending}
      aria-busy={logOut.isPending}
    >
      Log Out
    </button>
  );
}
