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
import { quoteExcerpt } from '@domain/chat/reply-quote';

/**
 * Whether `incoming` is a later state of the message than `shown`: deleted,
 * edited since, or a change (an item with `event`: its reactions) of the same
 * text; never one from before an edit shown.
 */
function isLaterState(incoming: ChatMessage, shown: ChatMessage): boolean {
  if (shown.deleted) return false;
  if (incoming.deleted) return true;
  // ISO 8601 times in UTC compare as text.
  const edited = (incoming.editedAt ?? '').localeCompare(shown.editedAt ?? '');
  return edited > 0 || (edited === 0 && incoming.event !== undefined);
}

/** The quote a reply shows of a message that is in the list: as it reads now (never removed text). */
function quoteFrom(original: ChatMessage): NonNullable<ChatMessage['quote']> {
  const { id, user_id, username, first_name, last_name, formerMember } = original;
  const quote: NonNullable<ChatMessage['quote']> = { id, user_id, username, excerpt: '' };
  if (first_name !== undefined) quote.first_name = first_name;
  if (last_name !== undefined) quote.last_name = last_name;
  if (formerMember) quote.formerMember = true;
  if (original.deleted) quote.deleted = true;
  else quote.excerpt = quoteExcerpt(original.message);
  return quote;
}

/** The replies to changed messages with their quotes brought up to date. */
function withFreshQuotes(list: ChatMessage[], changed: ReadonlySet<string>): ChatMessage[] {
  if (changed.size === 0) return list;
  const byId = new Map(list.map((m) => [m.id, m]));
  let updated = list;
  list.forEach((message, i) => {
    if (message.replyTo === undefined || !changed.has(message.replyTo) || message.deleted) return;
    const original = byId.get(message.replyTo);
    if (!original) return;
    if (updated === list) updated = [...list];
    updated[i] = { ...message, quote: quoteFrom(original) };
  });
  return updated;
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
  const changed = new Set<string>();
  for (const item of incoming) {
    const at = index.get(item.id);
    if (at !== undefined) {
      if (isLaterState(item, list[at])) {
        if (list === current) list = [...current];
        list[at] = stateOf(item);
        changed.add(item.id);
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
  if (fresh.size === 0) return withFreshQuotes(list, changed);
  const lastShown = list.at(-1);
  const sortedFresh = [...fresh.values()].sort((a, b) => compareMessageIds(a.id, b.id));
  // The usual case, new messages after the ones shown, needs no full sort.
  if (!lastShown || compareMessageIds(sortedFresh[0].id, lastShown.id) > 0) return withFreshQuotes([...list, ...sortedFresh], changed);
  return withFreshQuotes(
    [...list, ...sortedFresh].sort((a, b) => compareMessageIds(a.id, b.id)),
    changed,
  );
}
