// The data calls the signed-in dashboard makes as it opens, started by main.tsx
// with the session check, in parallel with the page's code (issue 28): the
// student's courses, and the course it shows (`?course=`). The dashboard is at
// `/` (and `/dashboard`) for a signed-in student only, so this browser keeps a
// hint that its student was signed in when last seen: a visitor's landing
// asks for nothing more. (A hint gone stale costs one refused GET.) Paths are
// written out rather than taken from the route table, which the public
// screens do not load; tests/unit/early-data.test.ts checks them against it.

const HINT_KEY = 'study-swamp:signed-in';

/** Kept by the session store each time the server says who is signed in. */
export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(HINT_KEY, '1');
    else localStorage.removeItem(HINT_KEY);
  } catch {
    // Storage off: no hint, no early data.
  }
}

function wasSignedIn(): boolean {
  try {
    return localStorage.getItem(HINT_KEY) === '1';
  } catch {
    return false;
  }
}

/** The API paths to GET at once for a page at `pathname` + `search`. */
export function earlyDataOf(pathname: string, search: string, signedInBefore = wasSignedIn()): string[] {
  if (!signedInBefore || (pathname !== '/' && pathname !== '/dashboard')) return [];
  const course = new URLSearchParams(search).get('course');
  return ['/api/dashboard/', ...(course && /^[1-9]\d{0,9}$/.test(course) ? [`/api/course/${course}/`] : [])];
}
