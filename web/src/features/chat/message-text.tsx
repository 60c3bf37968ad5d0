// A message's text with its links made clickable (a new tab, no opener, no
// referrer) and its @mentions of the room's people marked: a mention of the
// student reading is highlighted (<mark>), others' are only set apart.
// Line breaks are kept by the stylesheet (white-space: pre-wrap).
import { useMemo } from 'react';
import { messageSpans } from './message-spans';
import styles from './chat-panel.module.css';

interface MessageTextProps {
  text: string;
  /** The room's people's usernames, in lower case. */
  usernames: ReadonlySet<string>;
  /** The reader's username, in lower case. */
  me: string;
}

export function MessageText({ text, usernames, me }: MessageTextProps) {
  const spans = useMemo(() => messageSpans(text, (name) => usernames.has(name), me), [text, usernames, me]);
  return (
    <>
      {spans.map((span, index) => {
        if (span.kind === 'text') return span.text;
        if (span.kind === 'link')
          return (
            <a key={index} className={styles.link} href={span.href} target="_blank" rel="noopener noreferrer">
              {span.text}
            </a>
          );
        return span.me ? (
          <mark key={index} className={styles.mentionMe}>
            {span.text}
          </mark>
        ) : (
          <span key={index} className={styles.mention}>
            {span.text}
          </span>
        );
      })}
    </>
  );
}
