// One room per course (issue 24): a course's chat room is the course's now,
// and migration 20261130100000 merged the archive of every section's room
// into its course's room. With Redis, a section room's stream may still hold
// entries the archive lacks. This one-time step archives every entry of every
// section stream the way the projector does (KnexChatArchive.store, under the
// section), runs the merge again, course by course under the rooms' locks
// (which places each entry where the migration reserved its id, or where it
// would have placed it, and drops the entries it had already moved), then
// deletes the section's stream and dead letters (copied to the course room's
// dead letters first, with the section they came from) and takes the section
// off the archive queue. Entries the archive refuses now are dead-lettered
// the same way. Afterwards the course room's history, which the stream log
// reads past its stream from the archive, holds everything.
//
// Once per Redis (a marker key); one server at a time (a lock key, SET NX with
// an expiry it renews while it works). The projector runs it after the scrub
// and runs no round before the marker is set, by itself or another server: a
// round would archive a section's entries under the section after its merge.
// Safe to run again after a crash: storing is idempotent and the merge drops
// what it had moved. A crash between the copy of a section's dead letters and
// the stream's deletion copies them again on the next run.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { ArchivedEntry } from '@adapters/postgres/chat-archive-entries';
import type { KnexChatArchive } from '@adapters/postgres/knex-chat-archive';
import type { ChatRoom } from '@domain/chat/chat-room';
import { describeFailure, isEntryFault } from './chat-archive-refusals';
import { defineScript, readStreamEntry, roomMember, roomStreamKeys, type ChatStreamKeys, type StreamEntry } from './chat-stream-keys';
import type { RedisConnection } from './redis-client';

/** Entries read per XRANGE. */
const PAGE = 500;
/** The lock's expiry, renewed before each section: a server that dies holding it keeps the others waiting this long at most. */
const LOCK_MS = 60_000;

const RENEW_LOCK = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`;
const RELEASE_LOCK = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;
// A section's stream and dead letters go only if nothing came in since they
// were read: ARGV holds the newest id of each as read ('' for none).
const DELETE_IF_UNCHANGED = `
local function newest(key)
  local last = redis.call('XREVRANGE', key, '+', '-', 'COUNT', 1)
  if #last == 0 then return '' end
  return last[1][1]
end
if newest(KEYS[1]) ~= ARGV[1] or newest(KEYS[2]) ~= ARGV[2] then return 0 end
redis.call('DEL', KEYS[1], KEYS[2])
return 1
`;

export interface SectionStreamMerge {
  /** Section streams archived, merged and deleted. */
  streams: number;
  /** Rows their entries added to the archive (under the section, before the merge moved or dropped them). */
  stored: number;
  /** Entries copied to the course rooms' dead letters: the sections' own, and entries the archive refused. */
  deadLetters: number;
}

/** Answers what it did; null when another server holds the lock (the step is not done yet). */
export async function mergeSectionStreams(
  redis: RedisConnection,
  keys: ChatStreamKeys,
  archive: KnexChatArchive,
  logger?: Logger,
): Promise<SectionStreamMerge | null> {
  const done: SectionStreamMerge = { streams: 0, stored: 0, deadLetters: 0 };
  if ((await redis.exists(keys.sectionRoomsMerged)) === 1) return done;
  const token = randomUUID();
  if ((await redis.set(keys.sectionMergeLock, token, 'PX', LOCK_MS, 'NX')) !== 'OK') return null;
  const renewScript = defineScript(redis, 'studySwampChatSectionMergeRenew', RENEW_LOCK, 1);
  const releaseScript = defineScript(redis, 'studySwampChatSectionMergeRelease', RELEASE_LOCK, 1);
  const renew = async () => {
    if ((await renewScript([keys.sectionMergeLock], [token, LOCK_MS])) !== 1)
      throw new Error('The merge of the section chat rooms lost its lock (it outlived its expiry); it starts again');
  };
  try {
    // Another server may have finished between the check and the lock.
    if ((await redis.exists(keys.sectionRoomsMerged)) === 1) return done;
    const step = new SectionStreams(redis, keys, archive, logger);
    for await (const found of roomStreamKeys(redis, keys)) {
      const courseKind = found.map((key) => keys.roomOfStream(key)).filter((room): room is ChatRoom => room?.kind === 'course');
      for (const [sectionId, courseId] of await archive.coursesOfSections(courseKind.map((room) => room.id))) {
        await renew();
        const merged = await step.merge({ kind: 'course', id: sectionId }, { kind: 'course', id: courseId });
        done.streams += 1;
        done.stored += merged.stored;
        done.deadLetters += merged.deadLetters;
      }
    }
    // What a projector archived under a section after the migration, whose stream is gone since.
    for (const courseId of await archive.coursesWithSectionChat()) {
      await renew();
      await archive.mergeSectionRooms(courseId);
    }
    await redis.set(keys.sectionRoomsMerged, new Date().toISOString());
    if (done.streams) logger?.info(done, 'merged the chat streams of the section rooms into their courses’ rooms');
    return done;
  } finally {
    await releaseScript([keys.sectionMergeLock], [token]).catch(() => {});
  }
}

/** One section stream's move into its course's room. */
class SectionStreams {
  private readonly deleteIfUnchanged;

  constructor(
    private readonly redis: RedisConnection,
    private readonly keys: ChatStreamKeys,
    private readonly archive: KnexChatArchive,
    private readonly logger?: Logger,
  ) {
    this.deleteIfUnchanged = defineScript(redis, 'studySwampChatSectionStreamDelete', DELETE_IF_UNCHANGED, 2);
  }

  async merge(section: ChatRoom, course: ChatRoom): Promise<Omit<SectionStreamMerge, 'streams'>> {
    const stream = this.keys.stream(section);
    const dead = this.keys.deadLetters(section);
    const done = { stored: 0, deadLetters: 0 };
    let newest = '';
    let newestDead = '';
    for (;;) {
      // Every entry, oldest first, as the projector stores it.
      for (;;) {
        const entries = (await this.redis.xrange(stream, newest ? `(${newest}` : '-', '+', 'COUNT', PAGE)) as StreamEntry[];
        if (entries.length) {
          newest = entries.at(-1)![0];
          const stored = await this.store(section, course, entries);
          done.stored += stored.stored;
          done.deadLetters += stored.deadLetters;
        }
        if (entries.length < PAGE) break;
      }
      for (;;) {
        const letters = (await this.redis.xrange(dead, newestDead ? `(${newestDead}` : '-', '+', 'COUNT', PAGE)) as StreamEntry[];
        for (const [, fields] of letters) await this.deadLetter(section, course, fields ?? []);
        done.deadLetters += letters.length;
        if (letters.length) newestDead = letters.at(-1)![0];
        if (letters.length < PAGE) break;
      }
      await this.archive.mergeSectionRooms(course.id);
      // Anything new in the stream (an old server still writing) goes round again.
      if ((await this.deleteIfUnchanged([stream, dead], [newest, newestDead])) === 1) break;
    }
    await this.redis.zrem(this.keys.archiveQueue, roomMember(section));
    return done;
  }

  /** Stores the entries; one Postgres refuses for a reason of its own, or one that is not a chat entry, goes to the course room's dead letters. */
  private async store(section: ChatRoom, course: ChatRoom, entries: StreamEntry[]): Promise<{ stored: number; deadLetters: number }> {
    const done = { stored: 0, deadLetters: 0 };
    const readable: { entry: StreamEntry; row: ArchivedEntry }[] = [];
    for (const entry of entries) {
      const read = readStreamEntry(entry);
      if (read)
        readable.push({ entry, row: { room: section, id: read.id, userId: read.userId, message: read.message, change: read.change } });
      else {
        await this.deadLetter(section, course, failed(entry, 'malformed entry: not a chat entry'));
        done.deadLetters += 1;
      }
    }
    const store = async (part: typeof readable): Promise<void> => {
      try {
        done.stored += await this.archive.store(part.map((r) => r.row));
      } catch (error) {
        if (!isEntryFault(error)) throw error;
        if (part.length > 1) {
          const middle = Math.ceil(part.length / 2);
          for (const piece of [part.slice(0, middle), part.slice(middle)]) await store(piece);
          return;
        }
        await this.deadLetter(section, course, failed(part[0].entry, describeFailure(error)));
        done.deadLetters += 1;
        this.logger?.error(
          { room: roomMember(section), entryId: part[0].entry[0], error: describeFailure(error) },
          'a section room’s chat entry was not archived; it is in its course room’s dead letters',
        );
      }
    };
    if (readable.length) await store(readable);
    return done;
  }

  private async deadLetter(section: ChatRoom, course: ChatRoom, fields: string[]): Promise<void> {
    await this.redis.xadd(this.keys.deadLetters(course), '*', ...fields, 'section', roomMember(section));
  }
}

/** A dead letter's fields, as the projector writes them: the entry's id, the reason and its own fields under "field:<name>". */
function failed([id, fields]: StreamEntry, reason: string): string[] {
  const original: string[] = [];
  for (let i = 0; fields && i + 1 < fields.length; i += 2) original.push(`field:${fields[i]}`, fields[i + 1]);
  return ['id', id, 'error', reason, 'attempts', '1', ...original];
}
