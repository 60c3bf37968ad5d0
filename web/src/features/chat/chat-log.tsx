// The chat's log: "Load earlier messages", and the messages with their author
// and time. Consecutive messages of one author share one header
// (message-runs.ts); the header names the author through the display rule, as
// a button that opens their profile card (the username in its tip), or "You"
// on the student's own messages, which sit on the right in their own colour.
// An author no longer in the room's people is shown by the names their message
// carries (the server adds them as it reads), as plain text; one who deleted
// their account as "Former member". Every message keeps
// its own time for screen readers and in its tooltip. The authors' names are
// one tab stop between the log and the input (a roving tabindex: the name
// last focused, else the newest), the arrow keys, Home and End moving between
// them, so 50 messages are not 50 stops on the way to type. A message that
// mentions the student is highlighted; their own can be edited and deleted
// (message-body.tsx), and a group's owner may delete any. Messages sent and
// not stored yet follow the log's last (pending-message.tsx).
import { useState, type KeyboardEvent, type RefObject } from 'react';
import type { ChatMessage } from '@contract/chat';
import type { Member } from '@contract/members';
import { EDIT_WINDOW_MS } from '@domain/chat/chat-message';
import { mentions } from '@domain/chat/mention';
import type { useProfileCard } from '@web/components/profile-card';
import { describeChatTime, formatChatTime } from '@web/lib/chat-time';
import { memberName, messageAuthorName } from '@web/lib/member-name';
import styles from './chat-panel.module.css';
import extras from './message-extras.module.css';
import type { ChatRoomState } from './chat-room-store';
import { MessageBody } from './message-body';
import { PendingMessage } from './pending-message';
import { revealMessage } from './reveal-message';
import { startsRun } from './message-runs';

type ProfileCard = ReturnType<typeof useProfileCard>;

interface ChatLogProps {
  /** The scrolling element, which the panel keeps at the newest message. */
  logRef: RefObject<HTMLDivElement | null>;
  onScroll: () => void;
  roomName: string;
  /** The signed-in student. */
  userId: number;
  /** Their username, lower case ('' while unknown): the mentions to highlight. */
  me: string;
  chat: Pick<
    ChatRoomState,
    | 'messages'
    | 'pending'
    | 'hasEarlier'
    | 'loadingEarlier'
    | 'earlierFailed'
    | 'loadEarlier'
    | 'edit'
    | 'retry'
    | 'replyTo'
    | 'react'
    | 'reveal'
  >;
  /** The room's people by id, and their usernames in lower case (for mentions). */
  people: ReadonlyMap<number, Member>;
  usernames: ReadonlySet<string>;
  /** The student owns the group: they may delete anyone's message. */
  canModerate: boolean;
  openCardKey: ProfileCard['openKey'];
  toggleCard: ProfileCard['toggle'];
  /** Delete was pressed on a message: the panel asks to confirm it. */
  onDelete: (message: ChatMessage) => void;
  /** Delete was pressed on a message that was not sent: the panel takes it out and gives its text back. */
  onDiscard: (clientMessageID: string) => void;
}

export function ChatLog({
  logRef,
  onScroll,
  roomName,
  userId,
  me,
  chat,
  people,
  usernames,
  canModerate,
  openCardKey,
  toggleCard,
  onDelete,
  onDiscard,
}: ChatLogProps) {
  const [focusedAuthor, setFocusedAuthor] = useState<string | null>(null);
  const [focusedActions, setFocusedActions] = useState<string | null>(null);
  const { messages } = chat;
  const [highlighted, setHighlighted] = useState<string | null>(null);

  /** A quote was pressed: the original, loaded from earlier history if need be, is scrolled to, highlighted and focused. */
  const openOriginal = async (id: string) => {
    if (await revealMessage(chat.reveal, logRef, id)) setHighlighted(id);
  };

  // Which messages open a run, and which of those show their author's name as a button.
  const opensRun = messages.map((message, index) => startsRun(message, messages[index - 1]));
  const named = messages.filter((message, index) => opensRun[index] && message.user_id !== userId && people.has(message.user_id));
  const authorTabStop = named.some((message) => message.id === focusedAuthor) ? focusedAuthor : named.at(-1)?.id;

  /** Arrow keys, Home and End move the focus among the log's buttons that match `selector` (one tab stop for them all). */
  const moveAmong = (selector: string, event: KeyboardEvent<HTMLButtonElement>) => {
    const buttons = Array.from(logRef.current?.querySelectorAll<HTMLButtonElement>(selector) ?? []);
    const index = buttons.indexOf(event.currentTarget);
    const target = ({ ArrowUp: index - 1, ArrowDown: index + 1, Home: 0, End: buttons.length - 1 } as Record<string, number>)[event.key];
    if (target === undefined) return;
    event.preventDefault();
    buttons[Math.min(Math.max(target, 0), buttons.length - 1)].focus();
  };
  const moveAmongAuthors = (event: KeyboardEvent<HTMLButtonElement>) => moveAmong(`button.${styles.author}`, event);
  const moveAmongActions = (event: KeyboardEvent<HTMLButtonElement>) => moveAmong('button[data-message-action]', event);

  const now = new Date();
  // Edit (the author's, for 24 hours) and Delete (the author's, or any in the owner's group) are one tab stop too.
  const canEdit = (message: ChatMessage) =>
    message.user_id === userId && !message.deleted && now.getTime() - Date.parse(message.time) < EDIT_WINDOW_MS;
  const canDelete = (message: ChatMessage) => !message.deleted && (message.user_id === userId || canModerate);
  // Reply is on every message not deleted.
  const withActions = messages.filter((message) => !message.deleted);
  const actionsTabStop = withActions.some((message) => message.id === focusedActions) ? focusedActions : withActions.at(-1)?.id;

  return (
    <div
      className={styles.log}
      ref={logRef}
      onScroll={onScroll}
      role="log"
      aria-label={`Messages in ${roomName}`}
      // Focusable, so the list can be scrolled with the keyboard.
      tabIndex={0}
    >
      {chat.hasEarlier && messages.length > 0 ? (
        <button
          type="button"
          className={`button button--outline button--small ${styles.earlier}`}
          onClick={() => void chat.loadEarlier()}
          disabled={chat.loadingEarlier}
          aria-busy={chat.loadingEarlier}
        >
          {chat.loadingEarlier ? 'Loading earlier messages...' : 'Load earlier messages'}
        </button>
      ) : null}
      {chat.earlierFailed ? (
        <p className={`form-error ${styles.error}`} role="alert">
          Could not load earlier messages. Please try again.
        </p>
      ) : null}
      {messages.length === 0 && chat.pending.length === 0 ? (
        <p className={`panel__muted ${styles.empty}`}>No messages yet. Start the conversation!</p>
      ) : (
        <ol className={styles.messages}>
          {messages.map((message, index) => {
            const mine = message.user_id === userId;
            // Your own under "You"; someone who left the room by the names the message carries, no profile; a deleted account as "Former member".
            const author = mine || message.formerMember ? undefined : people.get(message.user_id);
            const authorName = mine ? 'You' : author ? memberName(author) : messageAuthorName(message);
            const mentioned = !mine && !message.deleted && me !== '' && mentions(message.message, me);
            const classes = [
              styles.message,
              mine ? styles.mine : '',
              opensRun[index] ? styles.runStart : '',
              mentioned ? styles.mentioned : '',
              highlighted === message.id ? extras.highlighted : '',
            ].join(' ');
            const when = (
              <time className={styles.time} dateTime={message.time}>
                {formatChatTime(message.time, now)}
              </time>
            );
            return (
              // The full moment on hover anywhere on the message, also under a run's shared header.
              <li
                key={message.id}
                className={classes}
                title={describeChatTime(message.time)}
                data-message-id={message.id}
                // Focused when a reply's quote brings it into view.
                tabIndex={highlighted === message.id ? -1 : undefined}
                onBlur={() => setHighlighted((id) => (id === message.id ? null : id))}
              >
                {opensRun[index] ? (
                  <p className={styles.meta}>
                    {author ? (
                      <button
                        type="button"
                        className={styles.author}
                        title={`@${author.username}`}
                        aria-haspopup="dialog"
                        aria-expanded={openCardKey === message.id}
                        tabIndex={message.id === authorTabStop ? 0 : -1}
                        onFocus={() => setFocusedAuthor(message.id)}
                        onKeyDown={moveAmongAuthors}
                        onClick={(event) => toggleCard({ key: message.id, memberId: author.id, trigger: event.currentTarget })}
                      >
                        {authorName}
                      </button>
                    ) : (
                      <span className={styles.author}>{authorName}</span>
                    )}{' '}
                    {when}
                  </p>
                ) : (
                  // Under the run's header on screen; read with its own author and time.
                  <p className="visually-hidden">
                    {authorName} {when}
                  </p>
                )}
                <MessageBody
                  message={message}
                  usernames={usernames}
                  me={me}
                  canEdit={canEdit(message)}
                  canDelete={canDelete(message)}
                  actionsTabbable={message.id === actionsTabStop}
                  onActionFocus={() => setFocusedActions(message.id)}
                  onActionKeyDown={moveAmongActions}
                  onSave={(text) => chat.edit(message.id, text)}
                  onDelete={() => onDelete(message)}
                  userId={userId}
                  onReply={() => {
                    chat.replyTo(message);
                    // Straight to typing the answer.
                    logRef.current?.closest('section')?.querySelector('textarea')?.focus();
                  }}
                  onReact={(emoji, reacted) => void chat.react(message.id, emoji, reacted)}
                  onOpenQuote={(id) => void openOriginal(id)}
                />
              </li>
            );
          })}
          {chat.pending.map((entry, index) => (
            <PendingMessage
              key={entry.clientMessageID}
              entry={entry}
              first={index === 0}
              onRetry={() => chat.retry(entry.clientMessageID)}
              onDelete={() => onDiscard(entry.clientMessageID)}
            />
          ))}
        </ol>
      )}
    </div>
  );
}
