import { useEffect, type RefObject } from 'react';

/**
 * A row goes once its answer is in (a request accepted, a link revoked), and
 * with it the button that had focus: the section's heading takes it, so the
 * keyboard stays in the dialog where it was.
 */
export function useFocusWhenRowGoes(heading: RefObject<HTMLHeadingElement | null>, rows: number): void {
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) heading.current?.focus();
  }, [heading, rows]);
}
