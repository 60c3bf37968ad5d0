// What a reply shows of the message it answers: a button with the author and
// the first line of it as it reads now ("Message deleted" when it is gone),
// which scrolls the log to the original. Also the bar above the composer
// while a reply is being written, with its Cancel.
import type { ChatMessage } from '@contract/chat';
import { quoteExcerpt } from '@domain/chat/reply-quote';
import { messageAuthorName } from '@web/lib/member-name';
import styles from './message-extras.module.css';

type Quote = NonNullable<ChatMessage['quote']>;

/** The quoted author's name: "You" for the student's own. */
function quotedAuthor(quote: Quote, userId: number): string {
  if (quote.user_id === undefined) return 'Unknown';
  if (quote.user_id === userId) return 'You';
  return messageAuthorName({
    username: quote.username ?? '',
    first_name: quote.first_name,
    last_name: quote.last_name,
    formerMember: quote.formerMember,
  });
}

export function ReplyQuote({ quote, userId, onOpen }: { quote: Quote; userId: number; onOpen: (id: string) => void }) {
  const author = quotedAuthor(quote, userId);
  const line = quote.deleted ? 'Message deleted' : quote.excerpt;
  return (
    <button
      type="button"
      className={styles.quote}
      aria-label={`Reply to ${author}: ${line}. Show the original message`}
      onClick={() => onOpen(quote.id)}
    >
      <span className={styles.quoteAuthor}>{author}</span>
      <span className={quote.deleted ? styles.quoteDeleted : styles.quoteLine}>{line}</span>
    </button>
  );
}

/** Above the composer: the message being answered, and Cancel. */
export function ReplyingTo({ message, userId, onCancel }: { message: ChatMessage; userId: number; onCancel: () => void }) {
  const author = message.user_id === userId ? 'yourself' : messageAuthorName(message);
  return (
    <div className={styles.replying} role="group" aria-label="Replying">
      <p className={styles.replyingText}>
        <span className={styles.quoteAuthor}>Replying to {author}</span>
        <span className={styles.quoteLine}>{quoteExcerpt(message.message)}</span>
      </p>
      <button type="button" className={styles.cancelReply} onClick={onCancel} aria-label={`Cancel the reply to ${author}`}>
        Cancel
      </button>
    </div>
  );
}
