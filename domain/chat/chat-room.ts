// A chat room: every course and every study group has one.
export type RoomKind = 'course' | 'group';

export interface ChatRoom {
  kind: RoomKind;
  /** The course's id or the group's, as `kind` says (the client builds rooms from the wire's plain numbers). */
  id: number;
}

/** Other rooms one long poll may also watch for the unread marks (`watch=`). */
export const MAX_WATCHED_ROOMS = 50;
