// Copy a read-only field's text: to the clipboard, or, where the browser
// refuses the clipboard, by selecting the field so the student copies it by hand.
import { useRef, useState } from 'react';

export type CopyState = 'copied' | 'by-hand' | null;

export function useCopyField(text: string) {
  const fieldRef = useRef<HTMLInputElement | null>(null);
  const [state, setState] = useState<CopyState>(null);

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      fieldRef.current?.focus();
      fieldRef.current?.select();
      setState('by-hand');
    }
  }

  return { fieldRef, state, copy };
}

/** What the status line under a copied field says. */
export function copyStatus(state: CopyState, what: string): string {
  if (state === 'copied') return 'Copied';
  return state === 'by-hand' ? `The ${what} is selected: press Ctrl+C (⌘C on a Mac) to copy it.` : '';
}
