// The chat's outbox: messages a student sent that the server has not stored
// yet, kept in this browser (localStorage, through zustand's persist
// middleware, as drafts.ts keeps drafts) per student and room, in the order
// they were sent. A reload or a closed tab loses none of them: the room's chat
// sends them when it opens. Each keeps the clientMessageID it was made with,
// so however often it is sent, the server stores it once. They go when
// stored, when the student deletes them, and when the student logs out or
// deletes their account (a shared computer keeps nothing they typed).
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Kept at most this long (a message refused and never retried or deleted). */
const KEEP_MS = 30 * 86_400_000;

export interface OutboxEntry {
  /** The post's own id, sent with every try (the server stores it once). */
  clientMessageID: string;
  /** The text as checked and sent. */
  text: string;
  /** The id of the message it answers (decision 0117), if it is a reply. */
  replyTo?: string;
  /** When it was sent (epoch milliseconds). */
  at: number;
  /** Why the server refused it for good, in words for the student; absent while it waits its turn or is on its way. */
  failure?: string;
}

interface OutboxState {
  /** By outboxKey: oldest first. */
  rooms: Record<string, OutboxEntry[]>;
}

/** Whose and which room's outbox ("7:course:12"). */
export function outboxKey(userId: number, room: { kind: string; id: number }): string {
  return `${userId}:${room.kind}:${room.id}`;
}

const isEntry = (entry: unknown): entry is OutboxEntry =>
  typeof entry === 'object' &&
  entry !== null &&
  typeof (entry as OutboxEntry).clientMessageID === 'string' &&
  typeof (entry as OutboxEntry).text === 'string' &&
  typeof (entry as OutboxEntry).at === 'number';

const useOutboxStore = create<OutboxState>()(
  persist(() => ({ rooms: {} as Record<string, OutboxEntry[]> }), {
    name: 'study-swamp:chat-outbox',
    version: 1,
    storage: createJSONStorage(() => localStorage),
    // What is read back is checked, and very old entries dropped.
    merge: (persisted, current) => {
      const rooms = (persisted as Partial<OutboxState> | undefined)?.rooms ?? {};
      const kept = Object.entries(rooms)
        .map(
          ([key, entries]) =>
            [key, Array.isArray(entries) ? entries.filter((e) => isEntry(e) && Date.now() - e.at < KEEP_MS) : []] as const,
        )
        .filter(([, entries]) => entries.length > 0);
      return { ...current, rooms: Object.fromEntries(kept) };
    },
  }),
);

// Another tab of this browser wrote its outbox: read it back, so this tab's next write does not undo it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === useOutboxStore.persist.getOptions().name) void useOutboxStore.persist.rehydrate();
  });
}

const NONE: readonly OutboxEntry[] = [];

/** The room's unsent messages, oldest first. */
export function readOutbox(key: string): readonly OutboxEntry[] {
  return useOutboxStore.getState().rooms[key] ?? NONE;
}

/** Changes the room's unsent messages; an empty list removes the room. */
export function updateOutbox(key: string, change: (entries: readonly OutboxEntry[]) => readonly OutboxEntry[]): void {
  useOutboxStore.setState((state) => {
    const next = change(state.rooms[key] ?? NONE);
    const { [key]: _dropped, ...others } = state.rooms;
    return { rooms: next.length === 0 ? others : { ...others, [key]: [...next] } };
  });
}

/** Calls `listener` with the room's unsent messages whenever they change (in this tab, or read back from another); answers the function that stops it. */
export function watchOutbox(key: string, listener: (entries: readonly OutboxEntry[]) => void): () => void {
  return useOutboxStore.subscribe((state, previous) => {
    const entries = state.rooms[key] ?? NONE;
    if (entries !== (previous.rooms[key] ?? NONE)) listener(entries);
  });
}

/** Forgets every unsent message of the student (logging out, deleting the account). */
export function forgetOutbox(userId: number): void {
  useOutboxStore.setState((state) => ({
    rooms: Object.fromEntries(Object.entries(state.rooms).filter(([key]) => !key.startsWith(`${userId}:`))),
  }));
}
