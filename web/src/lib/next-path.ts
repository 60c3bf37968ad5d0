// Where a student goes after logging in or signing up: the protected page they
// asked for, carried in the Log In and Create Account addresses as ?next=,
// so it survives a reload and the way between the two pages. Only a path of
// this site is followed; anything else (another site, a scheme) leads home,
// so a crafted link cannot send a fresh login elsewhere.
import { useLocation } from 'react-router-dom';

const HOME = '/';
// Any origin that cannot be ours: a path that resolves elsewhere is refused.
const PROBE_ORIGIN = 'https://next-path.invalid';

/** The same-site path (path, query and fragment) `raw` names, or null when it names anything else. */
export function sameSitePath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // The URL parser drops tabs and newlines ("/\t/evil" is "//evil") and reads "\" as "/": refuse rather than guess.
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/log-in` or `/sign-up` carrying `next` (left off for the home page, where the login goes anyway). */
export function withNext(authPath: '/log-in' | '/sign-up', next: string | null): string {
  return next && next !== HOME ? `${authPath}?next=${encodeURIComponent(next)}` : authPath;
}

/** The page this Log In or Create Account page should lead to: ?next= when it is a path of this site, else home. */
export function useNextPath(): string {
  const { search } = useLocation();
  return sameSitePath(new URLSearchParams(search).get('next')) ?? HOME;
}
