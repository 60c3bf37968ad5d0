// Course and study-group chat (spec section 7, docs/api.md): reading, with
// ?after for the every-second poll and ?before for older history, and posting.
import { Router } from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { PostChatMessage } from '../../application/chat/post-chat-message';
import type { ReadChatMessages } from '../../application/chat/read-chat-messages';
import { InvalidCursorError } from '../../domain/chat/chat-errors';
import type { ChatRoom, RoomKind } from '../../domain/chat/chat-room';
import { ValidationError } from '../../domain/errors';
import { parseBody, textField } from './parse-body';
import { requireUser, sessionUserId } from './session';
import { idSchema, messageToWire } from './wire';

export interface ChatUseCases {
  readChatMessages: ReadChatMessages;
  postChatMessage: PostChatMessage;
}

// The domain trims and measures the text; this refuses what is not text at all
// (the body parser already caps the request at 100 kB).
const messageText = textField(100_000, { multiline: true });
const courseMessageBody = z.object({ userID: idSchema.optional(), courseID: idSchema, message: messageText });
const groupMessageBody = z.object({ userID: idSchema.optional(), studyGroupID: idSchema, message: messageText });

export function chatRoutes({ readChatMessages, postChatMessage }: ChatUseCases): Router {
  const router = new Router({ prefix: '/api' });
  router.use(requireUser());

  const read = (kind: RoomKind, roomParam: string) => async (ctx: Context) => {
    const room: ChatRoom = { kind, id: pathId(ctx.params[roomParam], kind === 'course' ? 'course id' : 'study group id') };
    const messages = await readChatMessages.execute({
      actingUserId: sessionUserId(ctx)!,
      requestedUserId: pathId(ctx.params.userID, 'user id'),
      room,
      after: cursorParam(ctx, 'after'),
      before: cursorParam(ctx, 'before'),
    });
    // Every poll must reach the server; no cache may answer for it.
    ctx.set('Cache-Control', 'no-store');
    ctx.body = messages.map(messageToWire);
  };

  router.get('/select-course-messages/:courseID/:userID/', read('course', 'courseID'));
  router.get('/select-study-group-messages/:studyGroupID/:userID/', read('group', 'studyGroupID'));

  const post =
    <Body extends { userID?: number; message: string }>(schema: z.ZodType<Body>, roomOf: (body: Body) => ChatRoom) =>
    async (ctx: Context) => {
      const body = parseBody(schema, ctx);
      const stored = await postChatMessage.execute({
        actingUserId: sessionUserId(ctx)!,
        requestedUserId: body.userID,
        room: roomOf(body),
        message: body.message,
      });
      ctx.status = 201;
      ctx.body = messageToWire(stored);
    };

  router.post('/insert-course-message/', post(courseMessageBody, (body) => ({ kind: 'course', id: body.courseID })));
  router.post('/insert-study-group-message/', post(groupMessageBody, (body) => ({ kind: 'group', id: body.studyGroupID })));

  return router;
}

function pathId(raw: string | undefined, what: string): number {
  const parsed = idSchema.safeParse(raw);
  if (!parsed.success) throw new ValidationError(`The ${what} must be a positive whole number.`, 'id');
  return parsed.data;
}

function cursorParam(ctx: Context, name: 'after' | 'before'): string | undefined {
  const value = ctx.query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new InvalidCursorError(`Send ${name} once.`);
  return value;
}
