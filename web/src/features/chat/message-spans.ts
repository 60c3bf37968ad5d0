// A message's text cut into what it shows: plain text, web links and @mentions.
// Links are found by linkifyjs (full URLs and the bare forms students paste:
// "www.ufl.edu", "zoom.us/j/123"); only http and https links are made, so a
// "javascript:" or "data:" text stays text. A mention inside a link is part
// of the link.
import { find } from 'linkifyjs';
import { findMentions } from '@domain/chat/mention';

export type MessageSpan =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string } | { kind: 'mention'; text: string; me: boolean };

interface Marked {
  start: number;
  end: number;
  span: MessageSpan;
}

/** The spans of `text`, in order; `isPerson` says which lower-case usernames are the room's people, `me` is the reader's. */
export function messageSpans(text: string, isPerson: (lowerCaseName: string) => boolean, me: string): MessageSpan[] {
  const links: Marked[] = find(text, 'url')
    .filter((link) => /^https?:\/\//i.test(link.href))
    .map((link) => ({ start: link.start, end: link.end, span: { kind: 'link', text: link.value, href: link.href } }));
  const inLink = (at: number) => links.some((link) => at >= link.start && at < link.end);
  const mentions: Marked[] = findMentions(text, (name) => isPerson(name) || name === me)
    .filter((mention) => !inLink(mention.start))
    .map((mention) => ({
      start: mention.start,
      end: mention.end,
      span: { kind: 'mention', text: text.slice(mention.start, mention.end), me: mention.username.toLowerCase() === me },
    }));
  const marked = [...links, ...mentions].sort((a, b) => a.start - b.start);

  const spans: MessageSpan[] = [];
  let at = 0;
  for (const { start, end, span } of marked) {
    if (start > at) spans.push({ kind: 'text', text: text.slice(at, start) });
    spans.push(span);
    at = end;
  }
  if (at < text.length) spans.push({ kind: 'text', text: text.slice(at) });
  return spans;
}
