import { useEffect } from 'react';

// The page's own title, and the student's unread messages in front of it
// ("(3) Dashboard · Study Swamp"), so a tab in the background says when there
// is news. Screen-reader users hear the title on navigation; it also names the browser tab.
let pageTitle = '';
let unread = 0;

function applyTitle(): void {
  const base = pageTitle ? `${pageTitle} · Study Swamp` : 'Study Swamp';
  document.title = unread > 0 ? `(${unread > 99 ? '99+' : unread}) ${base}` : base;
}

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    pageTitle = title;
    applyTitle();
  }, [title]);
}

/** The unread messages of every room of the student (0: none, nothing is shown). */
export function setUnreadInTitle(total: number): void {
  if (total === unread) return;
  unread = total;
  applyTitle();
}
