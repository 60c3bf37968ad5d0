// What becomes of a chat stream entry the archive will not take: an entry
// that is not a chat message is dead-lettered at once, and one Postgres
// refuses for a reason of its own is singled out of its batch, charged an
// attempt a round, and dead-lettered after the last. An outage is never an
// entry's fault: it ends the round and costs no attempt.
import type { Logger } from 'pino';
import type { KnexChatArchive } from '@adapters/postgres/knex-chat-archive';
import type { ChatArchiveGroup } from './chat-archive-group';
import { attemptKey, type RoundEntry, type StorableEntry } from './chat-archive-round';
import { roomMember } from './chat-stream-keys';

/** Entries whose failed attempts one projector remembers at most (it forgets them all past this). */
const MAX_REMEMBERED_FAILURES = 10_000;

interface Refusal {
  entry: StorableEntry;
  error: unknown;
}

interface ChatArchiveRefusalsOptions {
  /** Rounds in which an entry may fail for a reason of its own before it is dead-lettered. */
  maxAttempts: number;
  /** About how many entries each room's dead-letter stream keeps. */
  deadLetterMaxLen: number;
  logger?: Logger;
  metrics?: { chatDeadLetters: { inc(): void } };
}

export class ChatArchiveRefusals {
  // Failed attempts per entry ("stream key id"). In memory: a pending entry is
  // re-read only by the consumer that holds it, so its count lives there; a
  // projector that restarts or claims it counts afresh, still a bounded number.
  private readonly attempts = new Map<string, number>();

  constructor(
    private readonly archive: KnexChatArchive,
    private readonly group: ChatArchiveGroup,
    private readonly options: ChatArchiveRefusalsOptions,
  ) {}

  /**
   * Deals at once with entries no retry can store: one deleted from the
   * stream while pending is released, one that is not a chat message
   * (missing fields, a user id that is not a number) is dead-lettered.
   * Answers the others.
   */
  async setAsideUnreadable(entries: RoundEntry[]): Promise<StorableEntry[]> {
    const storable: StorableEntry[] = [];
    const gone: RoundEntry[] = [];
    for (const entry of entries) {
      if (entry.row) storable.push(entry as StorableEntry);
      else if (entry.fields === null) gone.push(entry);
      else
        await this.deadLetter(
          entry,
          'malformed entry: a chat entry needs the fields u (a user id, digits), n and m (and for an edit or delete k, t and a well-formed a)',
          0,
        );
    }
    if (gone.length) {
      // Normal: a change takes its message's entry and its earlier change out of the stream (the change archived the message).
      this.options.logger?.debug(
        { entries: gone.map((e) => `${roomMember(e.room)} ${e.id}`) },
        'chat entries removed from the stream before they were archived',
      );
      await this.group.acknowledge(gone);
      this.forget(gone);
    }
    return storable;
  }

  /**
   * Stores the entries in as few inserts as it can. When an insert fails for
   * a reason in the data (isEntryFault), it splits the entries, by room and
   * then in halves, until the entries Postgres refuses stand alone, and stores
   * everything else. Any other failure is an outage and ends the round.
   */
  async storeSeparating(entries: StorableEntry[]): Promise<{ stored: StorableEntry[]; refused: Refusal[] }> {
    const stored: StorableEntry[] = [];
    const refused: Refusal[] = [];
    const store = async (part: StorableEntry[]): Promise<void> => {
      try {
        await this.archive.store(part.map((e) => e.row));
        stored.push(...part);
      } catch (error) {
        if (!isEntryFault(error)) throw error;
        if (part.length === 1) refused.push({ entry: part[0], error });
        else for (const piece of splitBatch(part)) await store(piece);
      }
    };
    if (entries.length) await store(entries);
    return { stored, refused };
  }

  /** Whether the entry was refused and stays pending, to be tried again. */
  holds(entry: RoundEntry): boolean {
    return this.attempts.has(attemptKey(entry));
  }

  /** Forgets the failed attempts of entries that were acknowledged. */
  forget(entries: RoundEntry[]): void {
    if (this.attempts.size) for (const entry of entries) this.attempts.delete(attemptKey(entry));
  }

  /**
   * Charges each refused entry an attempt; at maxAttempts it goes to the
   * dead-letter stream. Until then it stays pending, and the next round's
   * recovery pass re-reads it: answers whether any stays so.
   */
  async charge(refused: Refusal[]): Promise<boolean> {
    let pending = false;
    for (const { entry, error } of refused) {
      const key = attemptKey(entry);
      const attempts = (this.attempts.get(key) ?? 0) + 1;
      const reason = describeFailure(error);
      if (attempts >= this.options.maxAttempts) {
        await this.deadLetter(entry, reason, attempts);
        continue;
      }
      if (this.attempts.size >= MAX_REMEMBERED_FAILURES) this.attempts.clear();
      this.attempts.set(key, attempts);
      pending = true;
      this.options.logger?.warn(
        { room: roomMember(entry.room), entryId: entry.id, attempts, error: reason },
        'the chat archive refused an entry; it stays pending and is tried again',
      );
    }
    return pending;
  }

  private async deadLetter(entry: RoundEntry, reason: string, attempts: number): Promise<void> {
    const deadLetters = await this.group.deadLetter(entry, reason, attempts, this.options.deadLetterMaxLen);
    this.attempts.delete(attemptKey(entry));
    this.options.metrics?.chatDeadLetters.inc();
    this.options.logger?.error(
      { room: roomMember(entry.room), entryId: entry.id, attempts, error: reason, deadLetters },
      'chat entry moved to the dead-letter stream; it is not archived',
    );
  }
}

/**
 * Whether Postgres refused the data itself, which storing the same entry
 * again cannot cure: SQLSTATE class 22 (data exception: a NUL character,
 * bad JSON text, a value out of range or too long), class 23 (integrity
 * constraint violation) or 54000 (a value too large). Anything else, and
 * above all an outage (connection refused, reset or terminated, a pool
 * acquire timeout, class 08, 53, 57P0x, an error with no SQLSTATE), is never
 * an entry's fault.
 */
export function isEntryFault(error: unknown): boolean {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && (/^2[23][0-9A-Z]{3}$/.test(code) || code === '54000');
}

/** Smaller parts of a batch Postgres refused: one per room, or the room's batch in halves. */
function splitBatch<T extends RoundEntry>(entries: T[]): T[][] {
  const byRoom = new Map<string, T[]>();
  for (const entry of entries) {
    const part = byRoom.get(entry.key) ?? [];
    part.push(entry);
    byRoom.set(entry.key, part);
  }
  if (byRoom.size > 1) return [...byRoom.values()];
  const middle = Math.ceil(entries.length / 2);
  return [entries.slice(0, middle), entries.slice(middle)];
}

/** The reason kept with a dead letter: SQLSTATE, Postgres's message and detail on one line, bounded. */
export function describeFailure(error: unknown): string {
  const { code, message, detail } = (error ?? {}) as { code?: unknown; message?: unknown; detail?: unknown };
  let text = String(message ?? error);
  // Knex puts the statement in front ("insert into ... - <Postgres's message>"); the statement is always ours.
  if (/^\s*(insert|select|with|update|delete)\s/i.test(text) && text.includes(' - ')) text = text.slice(text.lastIndexOf(' - ') + 3);
  const parts = [typeof code === 'string' ? `SQLSTATE ${code}:` : '', text, typeof detail === 'string' ? `(${detail})` : ''];
  return parts.filter(Boolean).join(' ').replace(/\s+/g, ' ').slice(0, 2_000);
}
