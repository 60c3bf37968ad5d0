// Remembers the element rendered for each key of a list (e.g. the button that
// opened a card), so focus can go back to it.
import { useCallback, useRef } from 'react';

export function useElementRefs<Key, Element extends HTMLElement = HTMLButtonElement>() {
  const elements = useRef(new Map<Key, Element>());
  const refFor = useCallback(
    (key: Key) => (element: Element | null) => {
      if (element) elements.current.set(key, element);
      else elements.current.delete(key);
    },
    [],
  );
  const get = useCallback((key: Key) => elements.current.get(key), []);
  return { refFor, get };
}
