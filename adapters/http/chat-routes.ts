// Course and study-group chat (spec section 7, docs/api.md): reading, with
// ?after for the poll (which may wait for news: ?wait) and ?before for older
// history; posting, editing and deleting; the unread marks.
import type { Context } from 'koa';
import { InvalidCursorError } from '@domain/chat/chat-errors';
import type { ChatRoom } from '@domain/chat/chat-room';
import { ValidationError } from '@domain/errors';
import type { UserId } from '@domain/ids';
import type { UseCases } from '@adapters/use-cases';
import type { ApiRouter, RouteAnswer, RouteRequest } from './api-router';
import type { AppState } from './app-state';
import { API } from '@contract/api';
import type { HeldPolls } from './held-polls';
import { sessionIdOf } from './session';
import { messageToWire, waitHeaders } from './wire';

// A cursor sent twice is a malformed cursor, like one that is not an id; the other query fields are refused as any field is.
const cursorOnce = {
  invalidQuery: (field: string | undefined, message: string) =>
    field === 'after' || field === 'before' || field === undefined
      ? new InvalidCursorError(`Send ${field ?? 'a cursor'} once.`)
      : new ValidationError(`${field}: ${message}`, field),
};

/** The chat read's query as the contract parses it (its cross-field rules hold: a wait comes with after and no before, watch with a wait). */
type MessagesQuery = RouteRequest<typeof API.courseMessages>['query'];

export function chatRoutes(api: ApiRouter, useCases: UseCases, heldPolls: HeldPolls): void {
  const {
    resolveCourseRoom,
    readChatMessages,
    waitForChatMessages,
    postChatMessage,
    editChatMessage,
    deleteChatMessage,
    reactToChatMessage,
    readMostUseful,
    markChatRead,
    getUnreadCounts,
  } = useCases;
  /** A course's room, whichever of its ids (its own or a section's) was sent. */
  const courseRoom = (id: number) => resolveCourseRoom.execute(id);
  /** Watched rooms: course rooms named by a section's id are their course's. */
  const watchedRooms = (rooms: ChatRoom[] | undefined) =>
    rooms && Promise.all(rooms.map((room) => (room.kind === 'course' ? courseRoom(room.id) : room)));

  /** A long poll, counted among its session's (the oldest answers early past the cap); its signal also fires when the client goes. */
  const held = <T>(ctx: Context, userId: UserId, wait: (signal: AbortSignal) => Promise<T>) =>
    heldPolls.hold(sessionIdOf(ctx) ?? `user:${userId}`, ctx.res, wait);

  const read = async (ctx: Context, actingUserId: UserId, room: ChatRoom, { wait, watch, ...cursors }: MessagesQuery) => {
    // Every poll must reach the server; no cache may answer for it.
    ctx.set('Cache-Control', 'no-store');
    // A poll (after a cursor) logs at debug; reading history is a request like any other.
    if (cursors.after !== undefined) (ctx.state as AppState).routineRequest = true;
    // The contract lets a wait come only with after (and watch only with a wait).
    const { after } = cursors;
    if (!wait || after === undefined) return (await readChatMessages.execute({ actingUserId, room, ...cursors })).map(messageToWire);
    const alsoWatch = await watchedRooms(watch);
    const result = await held(ctx, actingUserId, (signal) =>
      waitForChatMessages.execute({ actingUserId, room, after, waitMs: wait * 1000, alsoWatch, signal }),
    );
    for (const [name, value] of waitHeaders(result)) ctx.set(name, value);
    return result.messages.map(messageToWire);
  };

  api.on(
    API.courseMessages,
    async ({ ctx, userId, params, query }) => read(ctx, userId, await courseRoom(params.courseID), query),
    cursorOnce,
  );
  api.on(
    API.groupMessages,
    ({ ctx, userId, params, query }) => read(ctx, userId, { kind: 'group', id: params.studyGroupID }, query),
    cursorOnce,
  );

  const post = async (actingUserId: UserId, room: ChatRoom, body: { message: string; clientMessageID?: string; replyTo?: string }) =>
    messageToWire(
      await postChatMessage.execute({
        actingUserId,
        room,
        message: body.message,
        clientMessageID: body.clientMessageID,
        replyTo: body.replyTo,
      }),
    );
  api.on(API.postCourseMessage, async ({ userId, body }) => post(userId, await courseRoom(body.courseID), body));
  api.on(API.postGroupMessage, ({ userId, body }) => post(userId, { kind: 'group', id: body.studyGroupID }, body));

  const edit = async (actingUserId: UserId, room: ChatRoom, body: { messageID: string; message: string }) =>
    messageToWire(await editChatMessage.execute({ actingUserId, room, messageId: body.messageID, message: body.message }));
  api.on(API.editCourseMessage, async ({ userId, body }) => edit(userId, await courseRoom(body.courseID), body));
  api.on(API.editGroupMessage, ({ userId, body }) => edit(userId, { kind: 'group', id: body.studyGroupID }, body));

  const remove = async (actingUserId: UserId, room: ChatRoom, messageId: string) =>
    messageToWire(await deleteChatMessage.execute({ actingUserId, room, messageId }));
  api.on(API.deleteCourseMessage, async ({ userId, body }) => remove(userId, await courseRoom(body.courseID), body.messageID));
  api.on(API.deleteGroupMessage, ({ userId, body }) => remove(userId, { kind: 'group', id: body.studyGroupID }, body.messageID));

  const react = async (actingUserId: UserId, room: ChatRoom, body: { messageID: string; emoji: string; reacted: boolean }) =>
    messageToWire(
      await reactToChatMessage.execute({ actingUserId, room, messageId: body.messageID, emoji: body.emoji, reacted: body.reacted }),
    );
  api.on(API.reactCourseMessage, async ({ userId, body }) => react(userId, await courseRoom(body.courseID), body));
  api.on(API.reactGroupMessage, ({ userId, body }) => react(userId, { kind: 'group', id: body.studyGroupID }, body));

  api.on(API.courseMostUseful, async ({ userId, params }) =>
    (await readMostUseful.execute({ actingUserId: userId, room: await courseRoom(params.courseID) })).map(messageToWire),
  );

  api.on(API.markChatRead, async ({ userId, body }) => {
    const room = body.kind === 'course' ? await courseRoom(body.id) : { kind: body.kind, id: body.id };
    const marked = await markChatRead.execute({ actingUserId: userId, room, messageId: body.messageID });
    return { kind: marked.room.kind, id: marked.room.id, lastRead: marked.lastRead } satisfies RouteAnswer<typeof API.markChatRead>;
  });

  api.on(
    API.unreadCounts,
    async ({ ctx, userId, query }) => {
      ctx.set('Cache-Control', 'no-store');
      if (query.wait) (ctx.state as AppState).routineRequest = true;
      const count = (signal?: AbortSignal) =>
        getUnreadCounts.execute({ actingUserId: userId, waitMs: (query.wait ?? 0) * 1000, since: query.since, signal });
      const summary = query.wait ? await held(ctx, userId, count) : await count();
      return {
        rooms: summary.rooms.map((r) => ({
          kind: r.room.kind,
          id: r.room.id,
          unread: r.unread,
          mentions: r.mentions,
          lastRead: r.lastRead,
        })),
        total: summary.total,
        version: summary.version,
      } satisfies RouteAnswer<typeof API.unreadCounts>;
    },
    { invalidQuery: (field, message) => new ValidationError(`${field ?? 'query'}: ${message}`, field) },
  );
}
