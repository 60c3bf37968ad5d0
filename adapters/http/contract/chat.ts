// Course and study-group chat: reading (latest, ?after for the poll, ?before
// for older history) and posting.
import * as z from 'zod/mini';
import { actingIds, described, id, requestId, textField } from './primitives';

export const message = described(
  z.object({
    /** "ms-seq": the room's ordered cursor (domain/chat/message-id.ts). */
    id: z.string().check(z.regex(/^\d+-\d+$/)),
    user_id: id,
    username: z.string(),
    message: z.string(),
    /** ISO 8601, UTC. */
    time: z.string(),
  }),
  { id: 'Message' },
);

export const messagesAnswer = z.array(message);

export const messagesQuery = z.object({
  after: z.optional(described(z.string(), { description: 'Only messages newer than this id (at most 500).' })),
  before: z.optional(described(z.string(), { description: 'Up to 50 messages older than this id.' })),
});

// The domain trims and measures the text; this refuses what is not text at all
// (the body parser already caps the request at 100 kB).
const messageText = textField(100_000, { multiline: true });

export const courseMessageBody = z.object({ userID: actingIds.userID, courseID: requestId, message: messageText });
export const groupMessageBody = z.object({ userID: actingIds.userID, studyGroupID: requestId, message: messageText });

export type ChatMessage = z.infer<typeof message>;
