// Streams written before a change took its message's entry and its earlier
// change out of the stream still hold a changed message as posted and every
// change of it with the text it had. This one-time scrub removes them: for
// each change entry, the entry of the message it changes (archived first,
// with its current text, so history still has it) and the message's earlier
// changes. Idempotent, safe beside live changes (which remove the same
// entries), and done once per Redis: a marker key records it. The projector
// runs it when it starts.
import type { Logger } from 'pino';
import { formatMessageId } from '@domain/chat/message-id';
import type { ArchivedEntry } from '@adapters/postgres/chat-archive-entries';
import type { KnexChatArchive } from '@adapters/postgres/knex-chat-archive';
import { readStreamEntry, roomStreamKeys, type ChatStreamKeys, type StreamEntry, type StreamMessage } from './chat-stream-keys';
import type { RedisConnection } from './redis-client';

/** Entries read per XRANGE. */
const PAGE = 1_000;

export interface ChangeScrub {
  /** Streams visited. */
  streams: number;
  /** Entries removed from them. */
  removed: number;
}

export async function scrubEarlierChanges(
  redis: RedisConnection,
  keys: ChatStreamKeys,
  archive: KnexChatArchive,
  logger?: Logger,
): Promise<ChangeScrub> {
  const done: ChangeScrub = { streams: 0, removed: 0 };
  if ((await redis.exists(keys.changesScrubbed)) === 1) return done;
  for await (const found of roomStreamKeys(redis, keys)) {
    for (const key of found) {
      const room = keys.roomOfStream(key);
      if (!room) continue;
      done.streams += 1;
      done.removed += await scrubStream(redis, key, (entries) => archive.store(entries.map((entry) => ({ room, ...entry }))));
    }
  }
  await redis.set(keys.changesScrubbed, new Date().toISOString());
  if (done.removed) logger?.info(done, 'removed the messages and earlier changes that changed chat messages had left in the streams');
  return done;
}

/** Walks one stream oldest first; answers how many entries it removed. */
async function scrubStream(
  redis: RedisConnection,
  key: string,
  archive: (entries: Omit<ArchivedEntry, 'room'>[]) => Promise<number>,
): Promise<number> {
  // Each changed message's newest change met so far: the one to keep, until a later one comes.
  const latest = new Map<string, string>();
  let removed = 0;
  let start = '-';
  for (;;) {
    const entries = (await redis.xrange(key, start, '+', 'COUNT', PAGE)) as StreamEntry[];
    const remove = new Set<string>();
    const targets = new Set<string>();
    for (const entry of entries) {
      const change = readStreamEntry(entry)?.change;
      if (!change) continue;
      const target = formatMessageId(change.target);
      targets.add(target);
      const earlier = latest.get(target);
      if (earlier) remove.add(earlier);
      latest.set(target, entry[0]);
    }
    // The changed messages still in the stream (any page, so read by id): archived, then removed.
    const messages = (await Promise.all([...targets].map((id) => redis.xrange(key, id, id) as Promise<StreamEntry[]>)))
      .flat()
      .map(readStreamEntry)
      .filter((read): read is StreamMessage => read !== null && read.change === undefined);
    if (messages.length) {
      await archive(messages.map(({ id, userId, message }) => ({ id, userId, message })));
      for (const message of messages) remove.add(formatMessageId(message.id));
    }
    if (remove.size) removed += await redis.xdel(key, ...remove);
    if (entries.length < PAGE) return removed;
    start = `(${entries.at(-1)![0]}`;
  }
}
