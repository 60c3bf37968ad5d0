// The idle chat poll's fast path. The spec's client asks every open chat for
// news once a second (`?after=<newest id>`), and almost every answer is []:
// the commonest request by far. When everything it needs is already in this
// process's memory (the session, verified within the last seconds, the
// student's membership of the room, and that the room has nothing after the
// cursor), it is answered here, before Koa, with exactly the answer the full
// pipeline gives (the same headers: security headers, Cache-Control,
// X-Request-Id; the same body). Anything else (no cookie, a session or
// membership not in memory, a session due for renewal, news in the room, any
// other query, a server shutting down, debug logging on) goes through the
// full pipeline, which decides as always. Nothing is decided here that the
// pipeline would decide differently: the checks are the same objects' answers.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ChatRoom } from '../../domain/chat/chat-room';
import { parseMessageId } from '../../domain/chat/message-id';
import { roomTopic } from '../../application/ports/chat-signals';
import type { CachedChatRoomAccess } from '../chat/cached-chat-room-access';
import type { RoomNewest } from '../chat/room-newest';
import type { CachedSessionStore } from '../session/cached-session-store';
import type { CookieSigner } from './cookie-signer';
import { SESSION_COOKIE, SESSION_TOUCH_INTERVAL_MS, TOUCHED_AT } from './session';

// Exactly the idle poll: no other query parameter, ids the contract accepts.
const IDLE_POLL = /^\/api\/select-(course|study-group)-messages\/([1-9]\d{0,9})\/([1-9]\d{0,9})\/\?after=(\d{1,16}-\d{1,10})$/;
const MAX_ID = 2_147_483_647;
const INCOMING_ID = /^[A-Za-z0-9._-]{1,100}$/;
const ROUTES = {
  course: '/api/select-course-messages/{courseID}/{userID}/',
  'study-group': '/api/select-study-group-messages/{studyGroupID}/{userID}/',
} as const;

export interface IdlePollFastPathDeps {
  sessions: CachedSessionStore;
  signer: CookieSigner;
  access: CachedChatRoomAccess;
  newest: RoomNewest;
  /** The headers every answer of the full pipeline carries (helmet's), computed once. */
  securityHeaders: Record<string, string>;
  /** True while the server shuts down (answers then carry Connection: close: the full pipeline does that). */
  draining: () => boolean;
  /** When the access line of a poll would be written (debug logging), the full pipeline writes it. */
  logsPolls: () => boolean;
  /** Counts the request as the metrics middleware would. */
  record?: (route: string, seconds: number) => void;
  now?: () => number;
  touchIntervalMs?: number;
}

/** Answers the request and returns true, or returns false and leaves it untouched for the full pipeline. */
export function idlePollFastPath(deps: IdlePollFastPathDeps): (req: IncomingMessage, res: ServerResponse) => boolean {
  const now = deps.now ?? Date.now;
  const touchIntervalMs = deps.touchIntervalMs ?? SESSION_TOUCH_INTERVAL_MS;
  const cookiePattern = new RegExp(`(?:^|;\\s*)${escapeRegExp(SESSION_COOKIE)}=([^;]*)`);
  const signaturePattern = new RegExp(`(?:^|;\\s*)${escapeRegExp(`${SESSION_COOKIE}.sig`)}=([^;]*)`);
  const staticHeaders: [string, string][] = [
    ...Object.entries(deps.securityHeaders),
    ['Cache-Control', 'no-store'],
    ['Content-Type', 'application/json; charset=utf-8'],
    ['Content-Length', '2'],
  ];

  return (req, res) => {
    if (req.method !== 'GET' || !req.url) return false;
    const match = IDLE_POLL.exec(req.url);
    if (!match || deps.draining() || deps.logsPolls()) return false;
    const started = performance.now();
    const roomId = Number(match[2]);
    const userId = Number(match[3]);
    const cursor = parseMessageId(match[4]);
    if (roomId > MAX_ID || userId > MAX_ID || !cursor) return false;

    const cookies = req.headers.cookie;
    if (!cookies) return false;
    const sid = cookiePattern.exec(cookies)?.[1];
    const signature = signaturePattern.exec(cookies)?.[1];
    if (!sid || !signature || !deps.signer.verify(`${SESSION_COOKIE}=${sid}`, signature)) return false;
    const session = deps.sessions.peek(sid);
    if (!session || session.userId !== userId) return false;
    // koa-session's own validity, and the renewal the full pipeline would write.
    const at = now();
    if (typeof session._expire !== 'number' || session._expire < at) return false;
    const touchedAt = session[TOUCHED_AT];
    if (typeof touchedAt !== 'number' || at - touchedAt >= touchIntervalMs) return false;

    const room: ChatRoom = { kind: match[1] === 'course' ? 'course' : 'group', id: roomId };
    if (!deps.access.peekMember(userId, room) || !deps.newest.nothingAfter(roomTopic(room), cursor)) return false;

    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    res.statusCode = 200;
    for (const [name, value] of staticHeaders) res.setHeader(name, value);
    res.setHeader('X-Request-Id', requestId);
    res.end('[]');
    deps.record?.(ROUTES[match[1] as keyof typeof ROUTES], (performance.now() - started) / 1000);
    return true;
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
