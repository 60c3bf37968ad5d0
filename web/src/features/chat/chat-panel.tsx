// The chat of a course (spec 2, Course Chat) or of a study group: messages
// with their author and time, "Load earlier messages", and a field whose
// Enter or Send button posts (Shift+Enter adds a line). It follows the newest
// message unless the student has scrolled up to read, in which case a button
// says how many new ones arrived. What the student has seen is reported as
// read (the unread marks), and the title shows the room's unread count.
//
// Consecutive messages of one author share one header (message-runs.ts); the
// header names the author through the display rule, as a button that opens
// their profile card (the username in its tip), or "You" on the student's own
// messages, which sit on the right in their own colour. An author no longer
// in the room's people is shown by username, as plain text; one who deleted
// their account as "Former member". Every message
// keeps its own time for screen readers and in its tooltip. The authors'
// names are one tab stop between the log and the input (a roving tabindex:
// the name last focused, else the newest), the arrow keys, Home and End
// moving between them, so 50 messages are not 50 stops on the way to type.
// A message that mentions the student is highlighted; their own can be
// edited and deleted (message-body.tsx), and a group's owner may delete any.
import { useCallback, useEffect, useEffectEvent, useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useStore } from 'zustand';
import type { ChatMessage } from '@contract/chat';
import type { Member } from '@contract/members';
import { EDIT_WINDOW_MS } from '@domain/chat/chat-message';
import type { ChatRoom } from '@domain/chat/chat-room';
import { mentions } from '@domain/chat/mention';
import { compareMessageIdText as compareMessageIds } from '@domain/chat/message-id';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { useProfileCard } from '@web/components/profile-card';
import { describeChatTime, formatChatTime } from '@web/lib/chat-time';
import { memberName } from '@web/lib/member-name';
import { signedOut, useCurrentUser } from '@web/lib/session';
import styles from './chat-panel.module.css';
import { createChatRoomStore } from './chat-room-store';
import { MessageBody, submitOnEnter } from './message-body';
import { startsRun } from './message-runs';
import { UnreadBadge } from './unread-badge';

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
  /** The student owns the group: they may delete anyone's message. */
  canModerate?: boolean;
}

// Within this many pixels of the bottom counts as reading the newest messages.
const NEAR_BOTTOM_PX = 48;

/** The last message the student can see in the log (shown, the tab visible); undefined when none is. */
function lastSeenMessage(log: HTMLElement): string | undefined {
  if (document.hidden || log.getClientRects().length === 0) return undefined;
  const box = log.getBoundingClientRect();
  const bottom = Math.min(box.bottom, window.innerHeight);
  const items = log.querySelectorAll<HTMLElement>('li[data-message-id]');
  for (let i = items.length - 1; i >= 0; i -= 1) {
    const item = items[i].getBoundingClientRect();
    // Seen whole, or, taller than what shows, its start and most of the view.
    if (item.top >= box.top - 1 && (item.bottom <= bottom + 1 || item.top < bottom - (bottom - box.top) / 2)) return items[i].dataset.messageId;
    if (item.bottom <= box.top) return undefined;
  }
  return undefined;
}

export function ChatPanel(props: ChatPanelProps) {
  // Another room is another conversation: start over rather than carry one
  // room's messages and cursor into the next.
  return <RoomChatPanel key={`${props.room.kind}:${props.room.id}:${props.userId}`} {...props} />;
}

function RoomChatPanel({ room, userId, roomName, initialMessages, members, title = 'Course Chat', headingLevel, onAccessLost, canModerate = false }: ChatPanelProps) {
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const titleId = useId();
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  // The panel is keyed by room and student, so the first ones are the only ones.
  const queryClient = useQueryClient();
  const [store] = useState(() => createChatRoomStore(room, userId, initialMessages, () => signedOut(queryClient)));
  const chat = useStore(store);
  const [draft, setDraft] = useState('');
  const [unseen, setUnseen] = useState(0);
  const logRef = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const forceToNewest = useRef(true);
  const shown = useRef<{ first?: string; last?: string; height: number }>({ height: 0 });
  const people = useMemo(() => new Map(members.map((member) => [member.id, member])), [members]);
  const usernames = useMemo(() => new Set(members.map((member) => member.username.toLowerCase())), [members]);
  const me = (useCurrentUser()?.username ?? '').toLowerCase();
  const { openKey, toggle, card } = useProfileCard(members);
  const [confirmDelete, setConfirmDelete] = useState<ChatMessage | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteFailed, setDeleteFailed] = useState(false);
  const [focusedAuthor, setFocusedAuthor] = useState<string | null>(null);
  const [focusedActions, setFocusedActions] = useState<string | null>(null);

  useEffect(() => store.getState().startPolling(), [store]);

  // What the student can see counts as read: after each change of the list, a
  // scroll (of the log or the page), the tab coming back or the panel showing (a phone's tab).
  const reportRead = useCallback(() => {
    const log = logRef.current;
    const seen = log ? lastSeenMessage(log) : undefined;
    if (seen) store.getState().read(seen);
  }, [store]);
  useEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const resized = new ResizeObserver(reportRead);
    resized.observe(log);
    document.addEventListener('visibilitychange', reportRead);
    window.addEventListener('scroll', reportRead, { passive: true });
    return () => {
      resized.disconnect();
      document.removeEventListener('visibilitychange', reportRead);
      window.removeEventListener('scroll', reportRead);
    };
  }, [reportRead]);

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
    reportRead();
  }, [chat.messages, userId, reportRead]);

  function onScroll() {
    const log = logRef.current;
    if (!log) return;
    following.current = log.scrollHeight - log.scrollTop - log.clientHeight < NEAR_BOTTOM_PX;
    if (following.current) setUnseen(0);
    reportRead();
  }

  async function deleteConfirmed() {
    if (!confirmDelete || deleting) return;
    setDeleting(true);
    const deleted = await chat.remove(confirmDelete.id);
    setDeleting(false);
    setDeleteFailed(!deleted);
    if (deleted) setConfirmDelete(null);
  }

  function showNewest() {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
    following.current = true;
    setUnseen(0);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (chat.sending) return;
    // Spec 4: sending clears the input. At once, so the student can type the
    // next message while this one is on its way.
    const text = draft;
    setDraft('');
    // Spec 4: the view moves to the newest message after sending.
    forceToNewest.current = true;
    const sent = await chat.send(text);
    forceToNewest.current = false;
    if (sent) {
      showNewest();
      return;
    }
    // A message not sent goes back into the input, before anything typed since, so nothing typed is lost.
    setDraft((typed) => (typed === '' ? text : `${text}\n${typed}`));
  }

  // Which messages open a run, and which of those show their author's name as a button.
  const opensRun = chat.messages.map((message, index) => startsRun(message, chat.messages[index - 1]));
  const named = chat.messages.filter((message, index) => opensRun[index] && message.user_id !== userId && people.has(message.user_id));
  const authorTabStop = named.some((message) => message.id === focusedAuthor) ? focusedAuthor : named.at(-1)?.id;

  /** Arrow keys, Home and End move the focus among the log's buttons that match `selector` (one tab stop for them all). */
  const moveAmong = (selector: string) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const buttons = Array.from(logRef.current?.querySelectorAll<HTMLButtonElement>(selector) ?? []);
    const index = buttons.indexOf(event.currentTarget);
    const target = ({ ArrowUp: index - 1, ArrowDown: index + 1, Home: 0, End: buttons.length - 1 } as Record<string, number>)[event.key];
    if (target === undefined) return;
    event.preventDefault();
    buttons[Math.min(Math.max(target, 0), buttons.length - 1)].focus();
  };
  const moveAmongAuthors = moveAmong(`button.${styles.author}`);
  const moveAmongActions = moveAmong('button[data-message-action]');

  const now = new Date();
  // Edit (the author's, for 24 hours) and Delete (the author's, or any in the owner's group) are one tab stop too.
  const canEdit = (message: ChatMessage) => message.user_id === userId && !message.deleted && now.getTime() - Date.parse(message.time) < EDIT_WINDOW_MS;
  const canDelete = (message: ChatMessage) => !message.deleted && (message.user_id === userId || canModerate);
  const withActions = chat.messages.filter((message) => canEdit(message) || canDelete(message));
  const actionsTabStop = withActions.some((message) => message.id === focusedActions) ? focusedActions : withActions.at(-1)?.id;

  return (
    <section className={`panel panel--chat ${styles.panel}`} aria-labelledby={titleId}>
      <Title className={`panel__title ${styles.title}`} id={titleId}>
        {/* Seen, not said: the title names the region, which should not change name with every message (the log announces them). */}
        {title} <UnreadBadge room={room} hidden />
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
                // Your own under "You"; someone who left the room by username; a deleted account as "Former member", no profile.
                const author = mine || message.formerMember ? undefined : people.get(message.user_id);
                const authorName = mine ? 'You' : message.formerMember ? 'Former member' : author ? memberName(author) : message.username;
                const mentioned = !mine && !message.deleted && me !== '' && mentions(message.message, me);
                const classes = [styles.message, mine ? styles.mine : '', opensRun[index] ? styles.runStart : '', mentioned ? styles.mentioned : ''].join(' ');
                const when = (
                  <time className={styles.time} dateTime={message.time}>
                    {formatChatTime(message.time, now)}
                  </time>
                );
                return (
                  // The full moment on hover anywhere on the message, also under a run's shared header.
                  <li key={message.id} className={classes} title={describeChatTime(message.time)} data-message-id={message.id}>
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
                      onDelete={() => setConfirmDelete(message)}
                    />
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
      {chat.actionError && !confirmDelete ? (
        <p className={`form-error ${styles.error}`} role="alert">
          {chat.actionError}
        </p>
      ) : null}
      <form className={styles.form} onSubmit={(event) => void submit(event)}>
        <label className="visually-hidden" htmlFor={inputId}>
          Message
        </label>
        <textarea
          id={inputId}
          className={`input ${styles.input}`}
          rows={1}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={submitOnEnter}
          placeholder={`Message '${roomName}'`}
          autoComplete="off"
          aria-invalid={chat.sendError !== ''}
          aria-describedby={chat.sendError ? `${hintId} ${errorId}` : hintId}
        />
        <span className="visually-hidden" id={hintId}>
          Enter sends; Shift+Enter starts a new line.
        </span>
        <button type="submit" className={`button button--primary ${styles.send}`} disabled={chat.sending} aria-busy={chat.sending}>
          Send
        </button>
      </form>
      {chat.sendError ? (
        <p className={`form-error ${styles.error}`} id={errorId} role="alert">
          {chat.sendError}
        </p>
      ) : null}
      {confirmDelete ? (
        <ConfirmDialog
          title="Delete message?"
          message={
            confirmDelete.user_id === userId
              ? 'Everyone in this chat will see "Message deleted" in its place.'
              : `Delete ${people.get(confirmDelete.user_id) ? memberName(people.get(confirmDelete.user_id)!) : confirmDelete.username}'s message? Everyone in this chat will see "Message deleted" in its place.`
          }
          confirmLabel="Delete message"
          onConfirm={() => void deleteConfirmed()}
          onClose={() => {
            setConfirmDelete(null);
            setDeleteFailed(false);
          }}
          pending={deleting}
          error={deleteFailed || null}
          failedMessage={chat.actionError || 'The message was not deleted. Please try again.'}
        />
      ) : null}
    </section>
  );
}
