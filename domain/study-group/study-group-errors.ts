// The refusals of the study-group calls, with the codes of docs/api.md.
import { DomainError } from '@domain/errors';

export class NotCourseMemberError extends DomainError {
  constructor(message = 'Join the course first to create or join its study groups.') {
    super('NOT_COURSE_MEMBER', message);
  }
}

export class GroupPrivateError extends DomainError {
  constructor() {
    super('GROUP_PRIVATE', 'This group is private');
  }
}

export class NotGroupMemberError extends DomainError {
  constructor() {
    super('NOT_GROUP_MEMBER', 'You are not a member of this study group.');
  }
}

export class NotGroupOwnerError extends DomainError {
  constructor() {
    super('NOT_GROUP_OWNER', "Only the group's owner can do that.");
  }
}

export class StudyGroupNotFoundError extends DomainError {
  constructor(groupId: number) {
    super('STUDY_GROUP_NOT_FOUND', `There is no study group with id ${groupId}.`);
  }
}

export class MeetingNotFoundError extends DomainError {
  constructor(meetingId: number) {
    super('MEETING_NOT_FOUND', `This group has no meeting with id ${meetingId}.`);
  }
}

export class UserNotInGroupError extends DomainError {
  constructor(userId: number) {
    super('USER_NOT_IN_GROUP', `Student ${userId} is not a member of this group.`);
  }
}

export class GroupFullError extends DomainError {
  constructor(maxMembers: number) {
    super('GROUP_FULL', `This group is full: it takes at most ${maxMembers} members.`, { maxMembers });
  }
}

/** The student is in as many groups as anyone may be, in every course together. */
export class TooManyGroupsError extends DomainError {
  constructor(limit: number) {
    super('TOO_MANY_GROUPS', `You can be in at most ${limit} study groups. Leave one to join or start another.`, { limit });
  }
}

export class TooManyOwnedGroupsError extends DomainError {
  constructor(limit: number) {
    super('TOO_MANY_OWNED_GROUPS', `You can own at most ${limit} study groups. Leave one you own to start another.`, { limit });
  }
}

export class TooManyMeetingsError extends DomainError {
  constructor(limit: number) {
    super('TOO_MANY_MEETINGS', `A group can have at most ${limit} weekly meetings. Delete one to add another.`, { limit });
  }
}

/** A next-page cursor of a course's groups that no answer gave. */
export class InvalidGroupsCursorError extends DomainError {
  constructor() {
    super('INVALID_CURSOR', 'A groups cursor is the nextStudyGroupsCursor of an earlier answer, sent back as it came.');
  }
}

/** The owner names a next owner who is not another member of the group. */
export class InvalidNextOwnerError extends DomainError {
  constructor(message = 'The next owner must be another member of this group.') {
    super('INVALID_NEXT_OWNER', message);
  }
}
