// Refusals of the chat calls; their codes are the wire contract (docs/api.md).
import { DomainError } from '../errors';
import type { ChatRoom } from './chat-room';

export class NotRoomMemberError extends DomainError {
  constructor(room: ChatRoom) {
    super(
      room.kind === 'course' ? 'NOT_COURSE_MEMBER' : 'NOT_GROUP_MEMBER',
      room.kind === 'course' ? 'Join this course to read and post in its chat.' : 'Only members of this study group can read and post in its chat.',
    );
  }
}

export class RoomNotFoundError extends DomainError {
  constructor(room: ChatRoom) {
    super(
      room.kind === 'course' ? 'COURSE_NOT_FOUND' : 'STUDY_GROUP_NOT_FOUND',
      room.kind === 'course' ? `There is no course with id ${room.id}.` : `There is no study group with id ${room.id}.`,
    );
  }
}

export class InvalidCursorError extends DomainError {
  constructor(message = 'A message cursor looks like "1732370700000-0" (an id from an earlier answer).') {
    super('INVALID_CURSOR', message);
  }
}
