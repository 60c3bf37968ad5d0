// Bringing one message of the room into the log's view: a reply's quote and
// the Most useful shelf point at messages that may be far up the room.
import type { RefObject } from 'react';

/**
 * Loads earlier history until the message is in the log (`reveal`), then,
 * after the render that shows it, scrolls it to the middle of the log and
 * focuses it. False when the room has no such message (any more).
 */
export async function revealMessage(
  reveal: (id: string) => Promise<boolean>,
  logRef: RefObject<HTMLElement | null>,
  id: string,
): Promise<boolean> {
  if (!(await reveal(id))) return false;
  requestAnimationFrame(() => {
    const item = logRef.current?.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(id)}"]`);
    if (!item) return;
    item.scrollIntoView({ block: 'center' });
    // Focusable by script only (the log's own tab stops stay as they are).
    if (!item.hasAttribute('tabindex')) item.tabIndex = -1;
    item.focus({ preventScroll: true });
  });
  return true;
}
