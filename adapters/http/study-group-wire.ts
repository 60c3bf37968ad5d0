// The wire shapes of study groups and meetings (docs/api.md): public as 1 or 0,
// size without the owner, members and owner as classmates (no email).
import { groupSize, type Meeting, type StudyGroup } from '../../domain/study-group/study-group';
import { memberToWire } from './wire';

export function meetingToWire(meeting: Meeting) {
  return { id: meeting.id, day: meeting.day, time: meeting.time, location: meeting.location };
}

export function studyGroupToWire(group: StudyGroup) {
  return {
    id: group.id,
    courseID: group.courseId,
    name: group.name,
    description: group.description,
    public: group.isPublic ? 1 : 0,
    owner: memberToWire(group.owner),
    size: groupSize(group),
    members: group.members.map(memberToWire),
    meetings: group.meetings.map(meetingToWire),
  };
}
