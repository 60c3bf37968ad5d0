// Course and study-group chat: reading (latest, ?after for the poll, which
// may wait, ?before for older history), posting, editing and deleting, and
// the unread marks.
import * as z from 'zod/mini';
import { MAX_WAIT_SECONDS, MAX_WATCHED_ROOMS } from '@domain/chat/chat-room';
import { REACTION_EMOJI } from '@domain/chat/reactions';
import { actingIds, described, id, MAX_ID, requestId, textField } from './primitives';

const messageId = z.string().check(z.regex(/^\d+-\d+$/));

/** What a reply shows of the message it answers: its author and its first line now, or that it was deleted (no text then). */
const replyQuote = described(
  z.object({
    id: messageId,
    /** Absent only when the original is nowhere to be found (shown as deleted). */
    user_id: z.optional(id),
    username: z.optional(z.string()),
    first_name: z.optional(z.string()),
    last_name: z.optional(z.string()),
    formerMember: z.optional(z.literal(true)),
    /** Its first non-empty line, at most 140 characters; '' when deleted. */
    excerpt: z.string(),
    /** Shown as "Message deleted". */
    deleted: z.optional(z.literal(true)),
  }),
  { id: 'ReplyQuote' },
);

/** One emoji on a message: how many, who (ids and names as shown, in the order they reacted). */
const reaction = described(
  z.object({
    emoji: z.enum(REACTION_EMOJI),
    count: z.int().check(z.gte(1)),
    user_ids: z.array(id),
    names: z.array(z.string()),
  }),
  { id: 'Reaction' },
);

export const message = described(
  z.object({
    /** "ms-seq": the room's ordered cursor (domain/chat/message-id.ts). */
    id: messageId,
    user_id: id,
    username: z.string(),
    /** '' when deleted. */
    message: z.string(),
    /** ISO 8601, UTC. */
    time: z.string(),
    edited: z.optional(z.boolean()),
    /** ISO 8601, UTC: when it was last edited. */
    editedAt: z.optional(z.string()),
    deleted: z.optional(z.boolean()),
    /** Its author deleted their account: shown as "Former member" (username is ''), with no profile. */
    formerMember: z.optional(z.literal(true)),
    /**
     * The author's names as they are now, on every message an answer carries but a former member's: the room names
     * by them an author who has left it (nothing else of a student outside the room is answered).
     */
    first_name: z.optional(z.string()),
    last_name: z.optional(z.string()),
    /** In a poll's answer, an edit or delete of the message `id`: the event's own id, where the poll's cursor moves to. */
    event: z.optional(messageId),
    /** A reply: the id of the message of the same room it answers. */
    replyTo: z.optional(messageId),
    /** A reply (not deleted): the message it answers as that reads now. */
    quote: z.optional(replyQuote),
    /** Who reacted with which emoji, in the fixed order of the set; absent when nobody did. */
    reactions: z.optional(z.array(reaction)),
  }),
  { id: 'Message' },
);

export const messagesAnswer = z.array(message);

/**
 * The headers a long poll's answer may carry (its body stays the spec's array of messages), each "1" when present:
 * the client reads its unread marks, or what its page shows of study groups, again.
 */
export const POLL_HEADERS = {
  activity: 'X-Chat-Activity',
  groupChanged: 'X-Group-Changed',
} as const;

export const pollAnswerHeaders = {
  [POLL_HEADERS.activity]:
    'With wait: "1" when the unread marks changed (read GET /api/unread-counts/ again): one of the watched rooms had news, ' +
    'or the student marked a room read in another tab or on another device.',
  [POLL_HEADERS.groupChanged]:
    'With wait: "1" when what the page shows of study groups changed (members, owner, details, meetings, requests, invites, RSVPs): ' +
    "of a group chat, the group (read GET /api/study-group/{id}/ again); of a course chat, one of the course's groups (read the course page's groups again).",
};

const roomKind = z.enum(['course', 'group']);

const WAIT_RANGE = `must be a whole number of seconds, 0-${MAX_WAIT_SECONDS}`;

/** A query's whole number of seconds to wait, 0-MAX_WAIT_SECONDS. */
const waitSeconds = described(
  z
    .pipe(
      z.string().check(z.regex(/^\d{1,3}$/, WAIT_RANGE)),
      z.transform((digits: string) => Number(digits)),
    )
    .check(z.refine((seconds: number) => seconds <= MAX_WAIT_SECONDS, WAIT_RANGE)),
  { description: `Hold the request up to this many seconds (0-${MAX_WAIT_SECONDS}) until there is something to answer.` },
);

const ROOM_LIST = new RegExp(`^(course|group):\\d{1,10}(,(course|group):\\d{1,10}){0,${MAX_WATCHED_ROOMS - 1}}$`);

/** "course:3,group:9": up to MAX_WATCHED_ROOMS rooms. */
const roomList = described(
  z
    .pipe(
      z.string().check(z.regex(ROOM_LIST, `must be up to ${MAX_WATCHED_ROOMS} rooms as course:ID or group:ID, separated by commas`)),
      z.transform((text: string) =>
        text.split(',').map((room) => {
          const [kind, digits] = room.split(':');
          return { kind: kind as 'course' | 'group', id: Number(digits) };
        }),
      ),
    )
    .check(z.refine((rooms) => rooms.every((room) => room.id > 0 && room.id <= MAX_ID), 'names a room id out of range')),
  {
    description: `With wait: other rooms (course:ID or group:ID, up to ${MAX_WATCHED_ROOMS}) whose activity ends the wait early, answered [] with X-Chat-Activity: 1.`,
  },
);

/**
 * A chat read's query. Without a (non-zero) wait it reads the latest messages,
 * those after a cursor or those before one; with one it is a long poll, which
 * waits only for what comes after a cursor. A refusal names the field it is about.
 */
export const messagesQuery = z
  .object({
    after: z.optional(
      described(z.string(), {
        description: 'Only entries newer than this id (at most 500): messages, and edits and deletes as items with `event`.',
      }),
    ),
    before: z.optional(described(z.string(), { description: 'Up to 50 messages older than this id.' })),
    wait: z.optional(waitSeconds),
    watch: z.optional(roomList),
  })
  .check(
    z.refine(({ wait, watch }) => Boolean(wait) || watch === undefined, { error: 'needs wait', path: ['watch'] }),
    z.refine(({ wait, after, before }) => !wait || (after !== undefined && before === undefined), {
      error: 'needs after (and no before)',
      path: ['wait'],
    }),
  );

// The domain trims and measures the text; this refuses what is not text at all
// (the body parser already caps the request at 100 kB).
const messageText = textField(100_000, { multiline: true });
const messageIdField = z.string().check(z.regex(/^\d{1,16}-\d{1,10}$/, 'must be a message id such as "1732370700000-0"'));

// A post's own id, made by the client and sent again when it retries (idempotent posts).
const clientMessageID = z.optional(
  described(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a UUID or 1-64 letters, digits, _ or -')), {
    description:
      'The client’s own id for this post (a UUID, or 1-64 of A-Z a-z 0-9 _ -), sent again when it retries: ' +
      'a post by the same student in the same room under an id already used (for at least 24 hours) stores nothing and is answered, 201, with the message first stored.',
  }),
);

// The message a post answers (a reply): one of the same room's, not deleted.
const replyTo = z.optional(
  described(messageIdField, { description: 'Answer this message of the same room (a reply); 404 MESSAGE_NOT_FOUND unless it is there.' }),
);

export const courseMessageBody = z.object({
  userID: actingIds.userID,
  courseID: requestId,
  message: messageText,
  clientMessageID,
  replyTo,
});
export const groupMessageBody = z.object({
  userID: actingIds.userID,
  studyGroupID: requestId,
  message: messageText,
  clientMessageID,
  replyTo,
});

const reactionFields = {
  userID: actingIds.userID,
  messageID: messageIdField,
  emoji: described(z.string().check(z.maxLength(16)), { description: `One of ${REACTION_EMOJI.join(' ')}.` }),
  /** true: react with the emoji; false: take the reaction off. Sending what already holds changes nothing. */
  reacted: z.boolean(),
};
export const reactCourseMessageBody = z.object({ ...reactionFields, courseID: requestId });
export const reactGroupMessageBody = z.object({ ...reactionFields, studyGroupID: requestId });
export const editCourseMessageBody = z.object({
  userID: actingIds.userID,
  courseID: requestId,
  messageID: messageIdField,
  message: messageText,
});
export const editGroupMessageBody = z.object({
  userID: actingIds.userID,
  studyGroupID: requestId,
  messageID: messageIdField,
  message: messageText,
});
export const deleteCourseMessageBody = z.object({ userID: actingIds.userID, courseID: requestId, messageID: messageIdField });
export const deleteGroupMessageBody = z.object({ userID: actingIds.userID, studyGroupID: requestId, messageID: messageIdField });

export const markReadBody = z.object({ kind: roomKind, id: requestId, messageID: messageIdField });
export const readMarker = described(z.object({ kind: roomKind, id, lastRead: messageId }), { id: 'ReadMarker' });

export const unreadQuery = z
  .object({
    wait: z.optional(waitSeconds),
    since: z.optional(
      described(z.string().check(z.maxLength(64)), {
        description: "With wait: the version the client holds; the answer comes when the summary's differs.",
      }),
    ),
  })
  .check(z.refine(({ wait, since }) => !wait || since !== undefined, { error: 'needs since (the version you hold)', path: ['wait'] }));

const roomUnread = z.object({
  kind: roomKind,
  id,
  /** Other students' messages after the marker, not deleted; at most 100 (shown "99+"). */
  unread: z.int().check(z.gte(0)),
  /** Of those, the ones that mention the student's @username. */
  mentions: z.int().check(z.gte(0)),
  lastRead: z.nullable(messageId),
});

export const unreadAnswer = described(z.object({ rooms: z.array(roomUnread), total: z.int().check(z.gte(0)), version: z.string() }), {
  id: 'UnreadCounts',
});

export type ChatMessage = z.infer<typeof message>;
