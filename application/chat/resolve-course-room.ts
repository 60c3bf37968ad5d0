// A course's chat is its course's, whichever section a caller names: every
// chat call taking a courseID (a section's id, as the product's first version
// sent, or the course's own) reads and writes the course's room. Which course
// a section belongs to is remembered (a bounded map, for a minute): the poll
// asks it every time, and it changes only when a sync renames a course.
import type { ChatRoom } from '@domain/chat/chat-room';
import { CourseId } from '@domain/ids';
import type { CourseCatalog } from '@application/ports/course-catalog';
import type { Clock } from '@application/ports/clock';

const REMEMBERED = 10_000;
const REMEMBER_MS = 60_000;

export class ResolveCourseRoom {
  private readonly courseOf = new Map<number, { courseId: number; until: number }>();

  constructor(
    private readonly catalog: CourseCatalog,
    private readonly clock: Clock,
  ) {}

  /** The room of the course `id` names; a room of that id when it names none (the chat call then answers 404). */
  async execute(id: number): Promise<ChatRoom> {
    const now = this.clock();
    const known = this.courseOf.get(id);
    if (known && known.until > now) return { kind: 'course', id: known.courseId };
    const named = await this.catalog.findCourse(CourseId(id));
    if (!named) return { kind: 'course', id };
    if (this.courseOf.size >= REMEMBERED) this.courseOf.delete(this.courseOf.keys().next().value!);
    this.courseOf.set(id, { courseId: named.course.id, until: now + REMEMBER_MS });
    return { kind: 'course', id: named.course.id };
  }
}
