import { useEffect } from 'react';

// Screen-reader users hear the title on navigation; it also names the browser tab.
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Study Swamp` : 'Study Swamp';
  }, [title]);
}
