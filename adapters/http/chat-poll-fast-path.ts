// The chat poll's fast path. Every open chat asks for news all the time: the
// spec's client once a second (`?after=<newest id>`, almost always answered
// []), ours with a long poll (`&wait=25`) that is held until news or its
// deadline. They are the commonest requests by far, and most of what the
// pipeline does for them (Koa's context, koa-session, helmet, the router) is
// the same every time. So they are answered here, before Koa, when the poll
// is plainly a member's: a signed session (read through the same session
// cache koa-session reads, and not due for renewal), the student's
// membership of the room (the same cached check), a query the contract's own
// schema accepts. An idle poll is answered at once from what the server
// knows of the room's newest entry, a long poll by the same use case the
// route calls (WaitForChatMessages), counted among the session's long polls
// as the route counts it (HeldPolls); the answer, the headers and the
// refusals are the pipeline's. Anything else (no cookie, a session koa-session
// would refuse or renew, a student who is not a member, any other query, a
// failure before answering, a server shutting down, debug logging on) is
// handed to the full pipeline, which decides as always.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { WaitForChatMessages } from '@application/chat/wait-for-chat-messages';
import { roomTopic } from '@application/ports/chat-signals';
import type { ChatRoom, RoomKind } from '@domain/chat/chat-room';
import { parseMessageId } from '@domain/chat/message-id';
import { UserId } from '@domain/ids';
import type { CachedChatRoomAccess } from '@adapters/chat/cached-chat-room-access';
import type { RoomNewest } from '@adapters/chat/room-newest';
import type { CachedSessionStore } from '@adapters/session/cached-session-store';
import { API, type ApiRoute, type PathParams } from '@contract/api';
import { messagesQuery } from '@contract/chat';
import { MAX_ID } from '@contract/primitives';
import type { CookieSigner } from './cookie-signer';
import { errorAnswer } from './error-handler';
import type { HeldPolls } from './held-polls';
import { requestIdFor } from './request-context';
import { readSession, SESSION_COOKIE, SESSION_TOUCH_INTERVAL_MS } from './session';
import { messageToWire, waitHeaders } from './wire';

/** The chat reads it answers, from the route table: each route, the kind of room it reads and the path parameter naming the room. */
const POLL_ROUTES = [pollRoute(API.courseMessages, 'course', 'courseID'), pollRoute(API.groupMessages, 'group', 'studyGroupID')];
/** The query keys it takes: the contract's, but for before (reading history is the pipeline's). */
const QUERY_KEYS = new Set(Object.keys(messagesQuery.def.shape).filter((key) => key !== 'before'));

type FastPoll = 'idle' | 'wait';

export interface ChatPollFastPathDeps {
  sessions: CachedSessionStore;
  signer: CookieSigner;
  access: CachedChatRoomAccess;
  newest: RoomNewest;
  waitForChatMessages: WaitForChatMessages;
  /** The long polls held per session (shared with the pipeline's chat routes). */
  heldPolls: HeldPolls;
  /** The headers every answer of the full pipeline carries (helmet's), computed once. */
  securityHeaders: Record<string, string>;
  /** True while the server shuts down: new polls go through the pipeline (server.ts makes every answer say Connection: close). */
  draining: () => boolean;
  /** When the access line of a poll would be written (debug logging), the full pipeline writes it. */
  logsPolls: () => boolean;
  logger: Logger;
  /** The client's address as Koa reads it (X-Forwarded-For behind TRUST_PROXY), for the access line of a failure. */
  clientAddress: (req: IncomingMessage) => string;
  /** Counts the answer as the metrics middleware would, and which fast path gave it. */
  record?: (route: string, status: number, seconds: number, kind: FastPoll) => void;
  now?: () => number;
  touchIntervalMs?: number;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** The server's request handler: chat polls it can answer answered here, everything else handed to `pipeline`. */
export function chatPollFastPath(deps: ChatPollFastPathDeps, pipeline: Handler): Handler {
  const now = deps.now ?? Date.now;
  const touchIntervalMs = deps.touchIntervalMs ?? SESSION_TOUCH_INTERVAL_MS;
  const cookiePattern = new RegExp(`(?:^|;\\s*)${escapeRegExp(SESSION_COOKIE)}=([^;]*)`);
  const signaturePattern = new RegExp(`(?:^|;\\s*)${escapeRegExp(`${SESSION_COOKIE}.sig`)}=([^;]*)`);
  const securityHeaders = Object.entries(deps.securityHeaders);

  // The headers every answer here carries, as one flat list: writeHead takes
  // it in one call (setHeader stores and checks each header on its own).
  const fixedHeaders = [...securityHeaders.flat(), 'Cache-Control', 'no-store', 'Content-Type', 'application/json; charset=utf-8'];
  // Session cookies whose signature this process has checked: a student's
  // poll brings the same cookie every time, and one HMAC a poll was a
  // measurable share of its cost. A pair is only ever added once verified.
  const verifiedCookies = new Map<string, string>();
  const VERIFIED_COOKIES_MAX = 100_000;

  function send(res: ServerResponse, requestId: string, status: number, body: string, extra: [string, string][] = []): void {
    const headers = [...fixedHeaders, 'X-Request-Id', requestId, 'Content-Length', String(Buffer.byteLength(body))];
    for (const [name, value] of extra) headers.push(name, value);
    res.writeHead(status, headers);
    res.end(body);
  }

  function signedSession(sid: string, signature: string): boolean {
    if (verifiedCookies.get(sid) === signature) return true;
    if (!deps.signer.verify(`${SESSION_COOKIE}=${sid}`, signature)) return false;
    if (verifiedCookies.size >= VERIFIED_COOKIES_MAX) verifiedCookies.clear();
    verifiedCookies.set(sid, signature);
    return true;
  }

  /** The signed-in student of the request and the session's id, as koa-session would find them, unless it would renew the session. */
  async function sessionUser(req: IncomingMessage): Promise<{ userId: number; sid: string } | null> {
    const cookies = req.headers.cookie;
    if (!cookies) return null;
    const sid = cookiePattern.exec(cookies)?.[1];
    const signature = signaturePattern.exec(cookies)?.[1];
    if (!sid || !signature || !signedSession(sid, signature)) return null;
    const session = deps.sessions.peek(sid) ?? (await deps.sessions.get(sid, { recent: true }));
    if (!session) return null;
    // Read as the pipeline reads it: signed in, not expired, and not due for the renewal only the pipeline writes.
    const { userId, expired, dueForRenewal } = readSession(session, now(), touchIntervalMs);
    if (userId === null || expired || dueForRenewal) return null;
    return { userId, sid };
  }

  /** True when it answered (or will, when the wait ends); false to hand the request, untouched, to the pipeline. */
  async function answer(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (req.method !== 'GET' || !req.url || deps.draining() || deps.logsPolls()) return false;
    const queryAt = req.url.indexOf('?');
    if (queryAt < 0) return false;
    const path = req.url.slice(0, queryAt);
    const match = matchPoll(path);
    if (!match) return false;
    const { poll, roomId, userId } = match;

    // Each key once, only those this path takes; then the contract's own parse.
    const params = new URLSearchParams(req.url.slice(queryAt + 1));
    const raw: Record<string, string> = {};
    for (const [key, value] of params) {
      if (!QUERY_KEYS.has(key) || key in raw) return false;
      raw[key] = value;
    }
    // The contract's rules across fields hold from here (a watch comes with a wait).
    const parsed = messagesQuery.safeParse(raw);
    if (!parsed.success || parsed.data.after === undefined) return false;
    const { after, wait, watch } = parsed.data;
    const cursor = parseMessageId(after);
    if (!cursor) return false;

    const started = performance.now();
    const signedIn = await sessionUser(req);
    if (signedIn?.userId !== userId) return false;
    const room: ChatRoom = { kind: poll.kind, id: roomId };
    if (!deps.access.peekMember(userId, room) && (await deps.access.check(userId, room)) !== 'member') return false;
    if (deps.draining()) return false;
    const route = poll.route.path;
    const requestId = requestIdFor(req.headers['x-request-id']);

    if (!wait) {
      if (!deps.newest.nothingAfter(roomTopic(room), cursor)) return false;
      send(res, requestId, 200, '[]');
      deps.record?.(route, 200, (performance.now() - started) / 1000, 'idle');
      return true;
    }

    // The long poll: the route's use case, from here on; its refusals answered as the pipeline answers them.
    try {
      const result = await deps.heldPolls.hold(signedIn.sid, res, (signal) =>
        deps.waitForChatMessages.execute({ actingUserId: userId, room, after, waitMs: wait * 1000, alsoWatch: watch, signal }),
      );
      send(res, requestId, 200, JSON.stringify(result.messages.map(messageToWire)), waitHeaders(result));
      deps.record?.(route, 200, (performance.now() - started) / 1000, 'wait');
    } catch (error) {
      const log = deps.logger.child({ requestId });
      const refusal = errorAnswer(error, log);
      send(
        res,
        requestId,
        refusal.status,
        JSON.stringify({ ...refusal.body, requestId }),
        refusal.retryAfter ? [['Retry-After', refusal.retryAfter]] : [],
      );
      const ms = Math.round(performance.now() - started);
      if (refusal.status >= 500)
        log.info({ method: 'GET', path, route, status: refusal.status, ms, ip: deps.clientAddress(req) }, 'request');
      deps.record?.(route, refusal.status, ms / 1000, 'wait');
    }
    return true;
  }

  return (req, res) => {
    answer(req, res).then(
      (answered) => {
        if (!answered) pipeline(req, res);
      },
      // A failure before anything was sent (the session store out of reach, say): the pipeline answers it as it answers any.
      () => {
        if (!res.headersSent) pipeline(req, res);
      },
    );
  };
}

function pollRoute<R extends ApiRoute>(route: R, kind: RoomKind, roomParam: keyof PathParams<R> & string) {
  // The route's path as a pattern: its text, and each `{name}` an id as a path carries it (a named group).
  const parts = route.path.split(/\{(\w+)\}/);
  const pattern = new RegExp(`^${parts.map((part, i) => (i % 2 ? `(?<${part}>[1-9]\\d{0,9})` : escapeRegExp(part))).join('')}$`);
  return { route, kind, roomParam, pattern };
}

/** The chat read a path names, with its room's id and the student's (the `userID` every chat read's path carries), when both are ids. */
function matchPoll(path: string): { poll: (typeof POLL_ROUTES)[number]; roomId: number; userId: UserId } | null {
  for (const poll of POLL_ROUTES) {
    const ids = poll.pattern.exec(path)?.groups;
    if (!ids) continue;
    const roomId = Number(ids[poll.roomParam]);
    const userId = Number(ids.userID);
    return roomId <= MAX_ID && userId <= MAX_ID ? { poll, roomId, userId: UserId(userId) } : null;
  }
  return null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
