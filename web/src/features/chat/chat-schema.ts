// A chat message as the chat endpoints and the page answers carry it (docs/api.md).
import { z } from 'zod';

export const chatMessageSchema = z.object({
  /** "ms-seq": the room's cursor, ordered. */
  id: z.string().regex(/^\d+-\d+$/),
  user_id: z.number(),
  username: z.string(),
  message: z.string(),
  /** ISO 8601, UTC. */
  time: z.string(),
});

export type ChatMessage = z.infer<typeof chatMessageSchema>;

export type ChatRoomKind = 'course' | 'group';

export interface ChatRoomRef {
  kind: ChatRoomKind;
  id: number;
}
