// Messages from the page answer, polls, sends, edits and "Load earlier
// messages" meet in one list: ordered by id, each id once, however the
// answers overlap. An edit or delete (a poll's item with `event`) replaces its
// message in place. The log answers a changed message only as its latest
// change, so one of a message not in the list is that message, in its current
// state: it takes its place in id order when it is newer than the oldest
// message shown (or nothing is shown); an older one changes nothing, so no
// message appears above the ones "Load earlier messages" would bring.
import type { ChatMessage } from '@contract/chat';
import { compareMessageIdText as compareMessageIds } from '@domain/chat/message-id';

/** Whether `incoming` is a later state of the message than `shown`: deleted, or edited since. */
function isLaterState(incoming: ChatMessage, shown: ChatMessage): boolean {
  if (shown.deleted) return false;
  if (incoming.deleted) return true;
  // ISO 8601 times in UTC compare as text.
  return (incoming.editedAt ?? '') > (shown.editedAt ?? '');
}

/** The message itself, without the event a poll's item carries. */
function stateOf(item: ChatMessage): ChatMessage {
  if (item.event === undefined) return item;
  const { event: _event, ...state } = item;
  return state;
}

/** The union by id, oldest first, each message in its latest state. Answers `current` itself when nothing changed, so React can skip the render. */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const index = new Map(current.map((m, i) => [m.id, i]));
  const oldestShown = current[0];
  let list = current;
  const fresh = new Map<string, ChatMessage>();
  for (const item of incoming) {
    const at = index.get(item.id);
    if (at !== undefined) {
      if (isLaterState(item, list[at])) {
        if (list === current) list = [...current];
        list[at] = stateOf(item);
      }
      continue;
    }
    const known = fresh.get(item.id);
    if (known) {
      if (isLaterState(item, known)) fresh.set(item.id, stateOf(item));
    } else if (item.event === undefined || !oldestShown || compareMessageIds(item.id, oldestShown.id) > 0) {
      fresh.set(item.id, stateOf(item));
    }
  }
  if (fresh.size === 0) return list;
  const lastShown = list.at(-1);
  const sortedFresh = [...fresh.values()].sort((a, b) => compareMessageIds(a.id, b.id));
  // The usual case, new messages after the ones shown, needs no full sort.
  if (!lastShown || compareMessageIds(sortedFresh[0].id, lastShown.id) > 0) return [...list, ...sortedFresh];
  return [...list, ...sortedFresh].sort((a, b) => compareMessageIds(a.id, b.id));
}
