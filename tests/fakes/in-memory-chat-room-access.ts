// Room access for unit tests: courses through the course ports, study groups
// from a small table of its own (the study-group feature can feed it).
import type { ChatRoomAccess, RoomAccess } from '@application/ports/chat-room-access';
import type { CourseCatalog } from '@application/ports/course-catalog';
import type { CourseMembership } from '@application/ports/course-membership';
import type { ChatRoom } from '@domain/chat/chat-room';
import { CourseId, type UserId } from '@domain/ids';

export class InMemoryChatRoomAccess implements ChatRoomAccess {
  private readonly groups = new Map<number, { ownerId: number; members: Set<number> }>();

  constructor(
    private readonly catalog: CourseCatalog,
    private readonly membership: CourseMembership,
  ) {}

  addGroup(groupId: number, ownerId: number): void {
    this.groups.set(groupId, { ownerId, members: new Set([ownerId]) });
  }

  removeGroup(groupId: number): void {
    this.groups.delete(groupId);
  }

  joinGroup(groupId: number, userId: number): void {
    this.groups.get(groupId)?.members.add(userId);
  }

  leaveGroup(groupId: number, userId: number): void {
    this.groups.get(groupId)?.members.delete(userId);
  }

  async check(userId: UserId, room: ChatRoom): Promise<RoomAccess> {
    if (room.kind === 'group') {
      const group = this.groups.get(room.id);
      if (!group) return 'no-room';
      return group.members.has(userId) ? 'member' : 'not-member';
    }
    // A course's room has the course's id (a section's id names no room).
    const courseId = CourseId(room.id);
    if ((await this.catalog.findCourse(courseId))?.course.id !== courseId) return 'no-room';
    return (await this.membership.isMember(userId, courseId)) ? 'member' : 'not-member';
  }
}
