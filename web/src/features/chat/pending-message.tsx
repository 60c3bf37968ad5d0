// A message sent and not stored yet, at the end of the log, as the student's
// own: "Sending…" while it is on its way or waits for the connection
// (outbox-sender.ts sends it when it can), or, refused for good, why, with
// Retry and Delete (Delete puts its text back in the message box, so nothing
// typed is lost).
import type { OutboxEntry } from '@web/lib/chat-outbox';
import styles from './chat-panel.module.css';
import outbox from './outbox.module.css';

interface PendingMessageProps {
  entry: OutboxEntry;
  /** The first of the pending messages. */
  first: boolean;
  onRetry: () => void;
  onDelete: () => void;
}

export function PendingMessage({ entry, first, onRetry, onDelete }: PendingMessageProps) {
  const failed = entry.failure !== undefined;
  const state = failed ? 'Not sent' : 'Sending…';
  // A run under "You" opens with the first, and again with one refused (its state stands out).
  const opens = first || failed;
  return (
    <li
      className={[styles.message, styles.mine, opens ? styles.runStart : '', outbox.pending, failed ? outbox.failed : ''].join(' ')}
      data-pending-message={entry.clientMessageID}
    >
      <p className={opens ? styles.meta : 'visually-hidden'}>
        <span className={styles.author}>You</span> <span className={outbox.state}>{state}</span>
      </p>
      <p className={styles.text}>{entry.text}</p>
      {failed ? (
        <div className={outbox.failure}>
          <p className={outbox.why}>{entry.failure}</p>
          <div className={outbox.actions}>
            <button type="button" className={outbox.action} onClick={onRetry}>
              Retry
            </button>
            <button type="button" className={outbox.action} onClick={onDelete}>
              Delete
            </button>
          </div>
        </div>
      ) : null}
    </li>
  );
}
