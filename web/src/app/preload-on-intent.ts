// A link the student points at, focuses or touches has its page's code
// fetched then, so the click that usually follows finds it downloaded
// (decision 0119). One listener for the whole document: no link component
// has to know.
import { preloadPath } from '@web/lib/preload-path';

export function preloadOnIntent(target: Document): void {
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin) return;
    if (link.pathname.startsWith('/api/')) return;
    preloadPath(`${link.pathname}${link.search}`);
  };
  for (const type of ['pointerover', 'focusin', 'touchstart'] as const)
    target.addEventListener(type, onIntent, { capture: true, passive: true });
}
