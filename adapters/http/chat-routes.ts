// Course and study-group chat (spec section 7, docs/api.md): reading, with
// ?after for the every-second poll and ?before for older history, and posting.
import type { Context } from 'koa';
import { InvalidCursorError } from '../../domain/chat/chat-errors';
import type { ChatRoom } from '../../domain/chat/chat-room';
import type { UseCases } from '../use-cases';
import type { ApiRouter } from './api-router';
import { API } from './contract/api';
import { messageToWire } from './wire';

// A cursor sent twice is a malformed cursor, like one that is not an id.
const cursorOnce = { invalidQuery: (field: string | undefined) => new InvalidCursorError(`Send ${field ?? 'a cursor'} once.`) };

export function chatRoutes(api: ApiRouter, { readChatMessages, postChatMessage }: UseCases): void {
  const read = async (ctx: Context, userId: number, room: ChatRoom, query: { after?: string; before?: string }) => {
    // Every poll must reach the server; no cache may answer for it.
    ctx.set('Cache-Control', 'no-store');
    return (await readChatMessages.execute({ actingUserId: userId, room, ...query })).map(messageToWire);
  };

  api.on(API.courseMessages, ({ ctx, userId, params, query }) => read(ctx, userId, { kind: 'course', id: params.courseID }, query), cursorOnce);
  api.on(API.groupMessages, ({ ctx, userId, params, query }) => read(ctx, userId, { kind: 'group', id: params.studyGroupID }, query), cursorOnce);

  const post = async (userId: number, room: ChatRoom, message: string) =>
    messageToWire(await postChatMessage.execute({ actingUserId: userId, room, message }));

  api.on(API.postCourseMessage, ({ userId, body }) => post(userId, { kind: 'course', id: body.courseID }, body.message));
  api.on(API.postGroupMessage, ({ userId, body }) => post(userId, { kind: 'group', id: body.studyGroupID }, body.message));
}
