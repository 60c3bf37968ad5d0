// Refusals of the chat calls; their codes are the wire contract (docs/api.md).
import { CourseNotFoundError } from '@domain/course/course-errors';
import { DomainError } from '@domain/errors';
import { MAX_EDITS_PER_MESSAGE } from './chat-message';
import { StudyGroupNotFoundError } from '@domain/study-group/study-group-errors';
import type { ChatRoom } from './chat-room';

export class NotRoomMemberError extends DomainError {
  constructor(room: ChatRoom) {
    super(
      room.kind === 'course' ? 'NOT_COURSE_MEMBER' : 'NOT_GROUP_MEMBER',
      room.kind === 'course'
        ? 'Join this course to read and post in its chat.'
        : 'Only members of this study group can read and post in its chat.',
    );
  }
}

/** The refusal for a room id that names no course or group: the same one the course and group calls give. */
export function roomNotFound(room: ChatRoom): DomainError {
  return room.kind === 'course' ? new CourseNotFoundError(room.id) : new StudyGroupNotFoundError(room.id);
}

export class InvalidCursorError extends DomainError {
  constructor(message = 'A message cursor looks like "1732370700000-0" (an id from an earlier answer).') {
    super('INVALID_CURSOR', message);
  }
}

export class MessageNotFoundError extends DomainError {
  constructor() {
    super('MESSAGE_NOT_FOUND', 'There is no such message in this chat (it may have been deleted).');
  }
}

export class NotMessageAuthorError extends DomainError {
  constructor(action: 'edit' | 'delete') {
    super('NOT_MESSAGE_AUTHOR', action === 'edit' ? 'You can only edit your own messages.' : 'You can only delete your own messages.');
  }
}

export class EditWindowClosedError extends DomainError {
  constructor() {
    super('EDIT_WINDOW_CLOSED', 'Messages can be edited for 24 hours after they are sent; this one is older.');
  }
}

export class TooManyEditsError extends DomainError {
  constructor() {
    super(
      'TOO_MANY_EDITS',
      `A message can be edited at most ${MAX_EDITS_PER_MESSAGE} times, and this one has been edited ${MAX_EDITS_PER_MESSAGE} times. Post a new message instead.`,
    );
  }
}
