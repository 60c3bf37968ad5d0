// Group changes as a list, for tests that check which use cases tell the group's pages.
import type { ChangedGroup, GroupChanges } from '@application/ports/group-changes';

export class RecordingGroupChanges implements GroupChanges {
  readonly told: ChangedGroup[] = [];
  async changed(group: ChangedGroup): Promise<void> {
    this.told.push({ id: group.id, courseId: group.courseId });
  }
}
