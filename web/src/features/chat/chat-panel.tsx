// The chat of a course (spec 2, Course Chat) or of a study group: messages
// with their author and time, "Load earlier messages", and an input whose
// Enter or Send button posts. It follows the newest message unless the
// student has scrolled up to read, in which case a button says how many new
// ones arrived.
//
// Consecutive messages of one author share one header (message-runs.ts); the
// header names the author through the display rule, as a button that opens
// their profile card (the username in its tip), or "You" on the student's own
// messages, which sit on the right in their own colour. An author no longer
// in the room's people is shown by username, as plain text. Every message
// keeps its own time for screen readers and in its tooltip. The authors'
// names are one tab stop between the log and the input (a roving tabindex:
// the name last focused, else the newest), the arrow keys, Home and End
// moving between them, so 50 messages are not 50 stops on the way to type.
import { useEffect, useEffectEvent, useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useStore } from 'zustand';
import type { ChatMessage } from '../../../../adapters/http/contract/chat';
import type { Member } from '../../../../adapters/http/contract/members';
import type { ChatRoom } from '../../../../domain/chat/chat-room';
import { compareMessageIdText as compareMessageIds } from '../../../../domain/chat/message-id';
import { useProfileCard } from '../../components/profile-card';
import { describeChatTime, formatChatTime } from '../../lib/chat-time';
import { memberName } from '../../lib/member-name';
import styles from './chat-panel.module.css';
import { createChatRoomStore } from './chat-room-store';
import { startsRun } from './message-runs';

export interface ChatPanelProps {
  room: ChatRoom;
  /** The signed-in student (the server checks it against the session). */
  userId: number;
  /** The course or group name, for the placeholder "Message '{name}'". */
  roomName: string;
  /** The page answer's courseMessages / studyGroupMessages: the latest, oldest first. */
  initialMessages: ChatMessage[];
  /** The room's people (the course's students or the group's members): authors are named and open their profile cards from here. */
  members: Member[];
  title?: string;
  headingLevel: 2 | 3;
  /** The server refused the room to this student (removed, or left elsewhere); polling has stopped. */
  onAccessLost?: () => void;
}

// Within this many pixels of the bottom counts as reading the newest messages.
const NEAR_BOTTOM_PX = 48;

export function ChatPanel(props: ChatPanelProps) {
  // Another room is another conversation: start over rather than carry one
  // room's messages and cursor into the next.
  return <RoomChatPanel key={`${props.room.kind}:${props.room.id}:${props.userId}`} {...props} />;
}

function RoomChatPanel({ room, userId, roomName, initialMessages, members, title = 'Course Chat', headingLevel, onAccessLost }: ChatPanelProps) {
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const titleId = useId();
  const inputId = useId();
  const errorId = useId();
  // The panel is keyed by room and student, so the first ones are the only ones.
  const [store] = useState(() => createChatRoomStore(room, userId, initialMessages));
  const chat = useStore(store);
  const [draft, setDraft] = useState('');
  const [unseen, setUnseen] = useState(0);
  const logRef = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const forceToNewest = useRef(true);
  const shown = useRef<{ first?: string; last?: string; height: number }>({ height: 0 });
  const people = useMemo(() => new Map(members.map((member) => [member.id, member])), [members]);
  const { openKey, toggle, card } = useProfileCard(members);
  const [focusedAuthor, setFocusedAuthor] = useState<string | null>(null);

  useEffect(() => store.getState().startPolling(), [store]);
  const reportAccessLost = useEffectEvent(() => onAccessLost?.());
  useEffect(() => {
    if (chat.accessLost) reportAccessLost();
  }, [chat.accessLost]);

  // After each change of the list: keep the reading position when older
  // messages were added above; otherwise follow the newest, or count them.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const first = chat.messages[0]?.id;
    const last = chat.messages.at(-1)?.id;
    const before = shown.current;
    if (before.first !== undefined && first !== before.first && last === before.last) {
      log.scrollTop += log.scrollHeight - before.height;
    } else if (last !== before.last) {
      if (forceToNewest.current || following.current) {
        log.scrollTop = log.scrollHeight;
        following.current = true;
        setUnseen(0);
      } else {
        const arrived = chat.messages.filter((m) => m.user_id !== userId && (!before.last || compareMessageIds(m.id, before.last) > 0)).length;
        if (arrived > 0) setUnseen((count) => count + arrived);
      }
    }
    forceToNewest.current = false;
    shown.current = { first, last, height: log.scrollHeight };
  }, [chat.messages, userId]);

  function onScroll() {
    const log = logRef.current;
    if (!log) return;
    following.current = log.scrollHeight - log.scrollTop - log.clientHeight < NEAR_BOTTOM_PX;
    if (following.current) setUnseen(0);
  }

  function showNewest() {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
    following.current = true;
    setUnseen(0);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Spec 4: the view moves to the newest message after sending.
    forceToNewest.current = true;
    const sent = await chat.send(draft);
    forceToNewest.current = false;
    // A message not sent stays in the input, so nothing typed is lost.
    if (!sent) return;
    setDraft('');
    showNewest();
  }

  // Which messages open a run, and which of those show their author's name as a button.
  const opensRun = chat.messages.map((message, index) => startsRun(message, chat.messages[index - 1]));
  const named = chat.messages.filter((message, index) => opensRun[index] && message.user_id !== userId && people.has(message.user_id));
  const authorTabStop = named.some((message) => message.id === focusedAuthor) ? focusedAuthor : named.at(-1)?.id;

  function moveAmongAuthors(event: KeyboardEvent<HTMLButtonElement>) {
    const names = Array.from(logRef.current?.querySelectorAll<HTMLButtonElement>(`button.${styles.author}`) ?? []);
    const index = names.indexOf(event.currentTarget);
    const target = ({ ArrowUp: index - 1, ArrowDown: index + 1, Home: 0, End: names.length - 1 } as Record<string, number>)[event.key];
    if (target === undefined) return;
    event.preventDefault();
    names[Math.min(Math.max(target, 0), names.length - 1)].focus();
  }

  const now = new Date();

  return (
    <section className={`panel panel--chat ${styles.panel}`} aria-labelledby={titleId}>
      <Title className="panel__title" id={titleId}>
        {title}
      </Title>
      <div className={styles.body}>
        <div
          className={styles.log}
          ref={logRef}
          onScroll={onScroll}
          role="log"
          aria-label={`Messages in ${roomName}`}
          // Focusable, so the list can be scrolled with the keyboard.
          tabIndex={0}
        >
          {chat.hasEarlier && chat.messages.length > 0 ? (
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
          {chat.messages.length === 0 ? (
            <p className={`panel__muted ${styles.empty}`}>No messages yet. Start the conversation!</p>
          ) : (
            <ol className={styles.messages}>
              {chat.messages.map((message, index) => {
                const mine = message.user_id === userId;
                // Your own under "You"; someone who left the room by username.
                const author = mine ? undefined : people.get(message.user_id);
                const authorName = mine ? 'You' : author ? memberName(author) : message.username;
                const classes = [styles.message, mine ? styles.mine : '', opensRun[index] ? styles.runStart : ''].join(' ');
                const when = (
                  <time className={styles.time} dateTime={message.time}>
                    {formatChatTime(message.time, now)}
                  </time>
                );
                return (
                  // The full moment on hover anywhere on the message, also under a run's shared header.
                  <li key={message.id} className={classes} title={describeChatTime(message.time)}>
                    {opensRun[index] ? (
                      <p className={styles.meta}>
                        {author ? (
                          <button
                            type="button"
                            className={styles.author}
                            title={`@${author.username}`}
                            aria-haspopup="dialog"
                            aria-expanded={openKey === message.id}
                            tabIndex={message.id === authorTabStop ? 0 : -1}
                            onFocus={() => setFocusedAuthor(message.id)}
                            onKeyDown={moveAmongAuthors}
                            onClick={(event) => toggle({ key: message.id, memberId: author.id, trigger: event.currentTarget })}
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
                    <p className={styles.text}>{message.message}</p>
                  </li>
                );
              })}
            </ol>
          )}
        </div>
        {unseen > 0 ? (
          <button type="button" className={styles.newMessages} onClick={showNewest}>
            {unseen === 1 ? '1 new message' : `${unseen} new messages`}
          </button>
        ) : null}
      </div>
      {card}
      <form className={styles.form} onSubmit={(event) => void submit(event)}>
        <label className="visually-hidden" htmlFor={inputId}>
          Message
        </label>
        <input
          id={inputId}
          className={`input ${styles.input}`}
          type="text"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={`Message '${roomName}'`}
          autoComplete="off"
          readOnly={chat.sending}
          aria-invalid={chat.sendError !== ''}
          aria-describedby={chat.sendError ? errorId : undefined}
        />
        <button type="submit" className={`button button--primary ${styles.send}`} disabled={chat.sending} aria-busy={chat.sending}>
          Send
        </button>
      </form>
      {chat.sendError ? (
        <p className={`form-error ${styles.error}`} id={errorId} role="alert">
          {chat.sendError}
        </p>
      ) : null}
    </section>
  );
}
