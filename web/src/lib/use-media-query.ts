// Whether the window matches one of the breakpoint scale's queries, kept in
// step as it is resized: for layouts that change markup, not only styles
// (tabs on phones), so the two agree with the stylesheets' `@media (--name)`.
import { useCallback, useSyncExternalStore } from 'react';
import { MEDIA, type MediaName } from '@web/styles/breakpoints';

export function useMediaQuery(name: MediaName): boolean {
  const query = MEDIA[name];
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
