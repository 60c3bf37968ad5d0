// A chat room: every course and every study group has one.
export type RoomKind = 'course' | 'group';

export interface ChatRoom {
  kind: RoomKind;
  /** The course's id or the group's, as `kind` says (the client builds rooms from the wire's plain numbers). */
  id: number;
}

/** The longest a chat poll or an unread-counts poll may wait (`wait=`), in seconds: below the server's and most proxies' timeouts. */
export const MAX_WAIT_SECONDS = 30;

/** Other rooms one long poll may also watch for the unread marks (`watch=`). */
export const MAX_WATCHED_ROOMS = 50;
