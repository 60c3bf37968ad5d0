// Messages from the page answer, polls, sends and "Load earlier messages" meet
// in one list: ordered by id, each id once, however the answers overlap.
import type { ChatMessage } from '../../../../adapters/http/contract/chat';
import { compareMessageIdText as compareMessageIds } from '../../../../domain/chat/message-id';

/** The union by id, oldest first. Answers `current` itself when nothing is new, so React can skip the render. */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const known = new Set(current.map((m) => m.id));
  const fresh = incoming.filter((m) => !known.has(m.id));
  if (fresh.length === 0) return current;
  const lastCurrent = current.at(-1);
  const sortedFresh = [...fresh].sort((a, b) => compareMessageIds(a.id, b.id));
  // The usual case, new messages after the ones shown, needs no full sort.
  if (!lastCurrent || compareMessageIds(sortedFresh[0].id, lastCurrent.id) > 0) return [...current, ...sortedFresh];
  return [...current, ...sortedFresh].sort((a, b) => compareMessageIds(a.id, b.id));
}
