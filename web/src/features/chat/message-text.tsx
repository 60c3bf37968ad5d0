// A message's text with its @mentions of the room's people marked: a mention
// of the student reading is highlighted (<mark>), others' are only set apart.
// Line breaks are kept by the stylesheet (white-space: pre-wrap).
import { useMemo, type ReactNode } from 'react';
import { findMentions } from '@domain/chat/mention';
import styles from './chat-panel.module.css';

interface MessageTextProps {
  text: string;
  /** The room's people's usernames, in lower case. */
  usernames: ReadonlySet<string>;
  /** The reader's username, in lower case. */
  me: string;
}

export function MessageText({ text, usernames, me }: MessageTextProps) {
  const parts = useMemo(() => {
    const spans = findMentions(text, (name) => usernames.has(name) || name === me);
    if (spans.length === 0) return [text];
    const out: ReactNode[] = [];
    let at = 0;
    for (const span of spans) {
      if (span.start > at) out.push(text.slice(at, span.start));
      const written = text.slice(span.start, span.end);
      out.push(
        span.username.toLowerCase() === me ? (
          <mark key={span.start} className={styles.mentionMe}>
            {written}
          </mark>
        ) : (
          <span key={span.start} className={styles.mention}>
            {written}
          </span>
        ),
      );
      at = span.end;
    }
    if (at < text.length) out.push(text.slice(at));
    return out;
  }, [text, usernames, me]);
  return <>{parts}</>;
}
