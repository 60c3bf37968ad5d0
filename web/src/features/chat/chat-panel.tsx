// The chat of a course (spec 2, Course Chat) or of a study group: the log of
// messages (chat-log.tsx), "Load earlier messages", and the field that posts
// (chat-composer.tsx). It follows the newest message unless the student has
// scrolled up to read, in which case a button says how many new ones arrived.
// What the student has seen is reported as read (the unread marks), and the
// title shows the room's unread count. Deleting a message asks first
// (delete-message-dialog.tsx). While the server cannot be reached it says
// "Reconnecting…" (a status, not an alert), and messages sent meanwhile wait
// at the log's end until they are stored. A course chat has its Most useful
// shelf above (most-useful-shelf.tsx).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { ChatMessage } from '@contract/chat';
import type { Member } from '@contract/members';
import type { ChatRoom } from '@domain/chat/chat-room';
import { compareMessageIdText as compareMessageIds } from '@domain/chat/message-id';
import { useProfileCard } from '@web/components/profile-card';
import { useDraft } from '@web/lib/drafts';
import { signedOut, useCurrentUser } from '@web/lib/session';
import { ChatComposer } from './chat-composer';
import { ReplyingTo } from './reply-quote';
import { revealMessage } from './reveal-message';
import { ChatLog } from './chat-log';
import styles from './chat-panel.module.css';
import { createChatRoomStore } from './chat-room-store';
import { DeleteMessageDialog } from './delete-message-dialog';
import { MostUsefulShelf } from './most-useful-shelf';
import outbox from './outbox.module.css';
import { UnreadBadge } from './unread-badge';

export interface ChatPanelProps<M extends Member = Member> {
  room: ChatRoom;
  /** The signed-in student (the server checks it against the session). */
  userId: number;
  /** The course or group name, for the placeholder "Message '{name}'". */
  roomName: string;
  /** The page answer's courseMessages / studyGroupMessages: the latest, oldest first. */
  initialMessages: ChatMessage[];
  /** The room's people (the course's students or the group's members): authors are named and open their profile cards from here. */
  members: M[];
  /** What the page adds to an author's profile card (a course: their sections of it). */
  profileExtra?: (member: M) => ReactNode;
  title?: string;
  headingLevel: 2 | 3;
  /** The server refused the room to this student (removed, or left elsewhere); polling has stopped. */
  onAccessLost?: () => void;
  /** The student owns the group: they may delete anyone's message. */
  canModerate?: boolean;
  /**
   * What the page shows of study groups changed (the group of a group chat, the groups of a course chat), as the
   * chat's long poll learns it: the page reads them again. The chat, and a message being typed, stay as they are.
   */
  onPageChanged?: () => void;
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
    if (item.top >= box.top - 1 && (item.bottom <= bottom + 1 || item.top < bottom - (bottom - box.top) / 2))
      return items[i].dataset.messageId;
    if (item.bottom <= box.top) return undefined;
  }
  return undefined;
}

export function ChatPanel<M extends Member>(props: ChatPanelProps<M>) {
  // Another room is another conversation: start over rather than carry one
  // room's messages and cursor into the next.
  return <RoomChatPanel key={`${props.room.kind}:${props.room.id}:${props.userId}`} {...props} />;
}

function RoomChatPanel<M extends Member>({
  room,
  userId,
  roomName,
  initialMessages,
  members,
  profileExtra,
  title = 'Course Chat',
  headingLevel,
  onAccessLost,
  canModerate = false,
  onPageChanged,
}: ChatPanelProps<M>) {
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const titleId = useId();
  const queryClient = useQueryClient();
  // The panel is keyed by room and student, so the first ones are the only ones.
  const [store] = useState(() => createChatRoomStore(room, userId, initialMessages, () => signedOut(queryClient)));
  const chat = useStore(store);
  const [unseen, setUnseen] = useState(0);
  const logRef = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const forceToNewest = useRef(true);
  const shown = useRef<{ first?: string; last?: string; height: number }>({ height: 0 });
  const people = useMemo(() => new Map(members.map((member) => [member.id, member])), [members]);
  const usernames = useMemo(() => new Set(members.map((member) => member.username.toLowerCase())), [members]);
  const me = (useCurrentUser()?.username ?? '').toLowerCase();
  const { openKey, toggle, card } = useProfileCard(members, profileExtra);
  const [confirmDelete, setConfirmDelete] = useState<ChatMessage | null>(null);
  const draftPlace = `${room.kind}:${room.id}`;
  const [, setDraft] = useDraft(userId, `chat:${draftPlace}`);
  const composerRef = useRef<HTMLDivElement>(null);

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

  const reportPageChanged = useEffectEvent(() => onPageChanged?.());
  useEffect(() => {
    if (chat.pageChanges > 0) reportPageChanged();
  }, [chat.pageChanges]);

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
        const arrived = chat.messages.filter(
          (m) => m.user_id !== userId && (!before.last || compareMessageIds(m.id, before.last) > 0),
        ).length;
        if (arrived > 0) setUnseen((count) => count + arrived);
      }
    }
    forceToNewest.current = false;
    shown.current = { first, last, height: log.scrollHeight };
    reportRead();
  }, [chat.messages, userId, reportRead]);

  // A message sent (or refused) shows at the log's end: followed like a new one.
  const pendingCount = chat.pending.length;
  const waiting = chat.pending.filter((entry) => entry.failure === undefined).length;
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log && pendingCount > 0 && following.current) log.scrollTop = log.scrollHeight;
  }, [pendingCount]);

  function onScroll() {
    const log = logRef.current;
    if (!log) return;
    following.current = log.scrollHeight - log.scrollTop - log.clientHeight < NEAR_BOTTOM_PX;
    if (following.current) setUnseen(0);
    reportRead();
  }

  /** Delete on a message not sent: out of the outbox, and its text back in the message box (before anything typed since). */
  function discard(clientMessageID: string) {
    const text = chat.discard(clientMessageID);
    if (text === undefined) return;
    setDraft((typed) => (typed === '' ? text : `${text}\n${typed}`));
    composerRef.current?.querySelector('textarea')?.focus();
  }

  function showNewest() {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
    following.current = true;
    setUnseen(0);
  }

  async function send(text: string): Promise<boolean> {
    // Spec 4: the view moves to the newest message after sending.
    forceToNewest.current = true;
    const sent = await chat.send(text);
    forceToNewest.current = false;
    if (sent) showNewest();
    return sent;
  }

  return (
    <section className={`panel panel--chat ${styles.panel}`} aria-labelledby={titleId}>
      <Title className={`panel__title ${styles.title}`} id={titleId}>
        {/* Seen, not said: the title names the region, which should not change name with every message (the log announces them). */}
        {title} <UnreadBadge room={room} hidden />
      </Title>
      {room.kind === 'course' ? (
        <MostUsefulShelf courseId={room.id} messages={chat.messages} onOpen={(id) => void revealMessage(chat.reveal, logRef, id)} />
      ) : null}
      <div className={styles.body}>
        {/* Always there: a live region tells what changes inside it. */}
        <div role="status">
          {chat.reconnecting ? (
            <p className={outbox.reconnecting}>
              <strong>Reconnecting…</strong>{' '}
              {waiting === 0
                ? 'Messages you send will go as soon as the connection is back.'
                : `${waiting === 1 ? '1 message' : `${waiting} messages`} will be sent as soon as the connection is back.`}
            </p>
          ) : null}
        </div>
        <ChatLog
          logRef={logRef}
          onScroll={onScroll}
          roomName={roomName}
          userId={userId}
          me={me}
          chat={chat}
          people={people}
          usernames={usernames}
          canModerate={canModerate}
          openCardKey={openKey}
          toggleCard={toggle}
          onDelete={setConfirmDelete}
          onDiscard={discard}
        />
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
      {chat.replyingTo ? <ReplyingTo message={chat.replyingTo} userId={userId} onCancel={() => chat.replyTo(null)} /> : null}
      <div ref={composerRef} className={outbox.composer}>
        <ChatComposer
          roomName={roomName}
          userId={userId}
          draftPlace={draftPlace}
          members={members}
          me={me}
          sendError={chat.sendError}
          send={send}
        />
      </div>
      {confirmDelete ? (
        <DeleteMessageDialog
          message={confirmDelete}
          userId={userId}
          people={people}
          remove={chat.remove}
          actionError={chat.actionError}
          onClose={() => setConfirmDelete(null)}
        />
      ) : null}
    </section>
  );
}
