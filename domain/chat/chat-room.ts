// A chat room: every course and every study group has one.
export type RoomKind = 'course' | 'group';

export interface ChatRoom {
  kind: RoomKind;
  id: number;
}
