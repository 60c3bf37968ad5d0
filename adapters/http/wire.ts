// The domain's objects as the wire contract shapes them (adapters/http/contract):
// each mapper's return type is the contract's, so a shape is defined only there.
import type { z } from 'zod';
import type { CourseCard, SearchCoursesResult } from '@application/courses/search-courses';
import type { PendingStudent } from '@application/ports/group-invitations';
import type { GroupInvitationsView } from '@application/study-groups/get-group-invitations';
import type { InviteLinkView } from '@application/study-groups/get-invite-link';
import type { LeaveStudyGroupResult } from '@application/study-groups/leave-study-group';
import type { WaitResult } from '@application/chat/wait-for-chat-messages';
import type { ChatMessage } from '@domain/chat/chat-message';
import type { CatalogCourse, Course, CourseMemberProfile, JoinedCourse, MemberProfile } from '@domain/course/course';
import type { StudyGroupView, UpcomingMeeting } from '@domain/study-group/group-view';
import type { NextOccurrence } from '@domain/study-group/meeting-answers';
import type { InviteLinkRecord } from '@domain/study-group/invite-links';
import type { JoinRequestState } from '@domain/study-group/join-requests';
import type { Meeting } from '@domain/study-group/study-group';
import { POLL_HEADERS, type ChatMessage as WireMessage } from '@contract/chat';
import { addRepliesAndReactions } from './reply-reaction-wire';
import type {
  CourseMember,
  CourseSection,
  Course as WireCourse,
  filterAnswer,
  SearchResultCourse,
  Section as WireSection,
} from '@contract/courses';
import type { Meeting as WireMeeting, NextOccurrence as WireNextOccurrence } from '@contract/meetings';
import type { Member } from '@contract/members';
import type {
  GroupInvitationsAnswer,
  InviteLink as WireInviteLink,
  JoinRequestState as WireJoinRequestState,
  InviteLinkAnswer,
  LeaveStudyGroupAnswer,
  PendingStudent as WirePendingStudent,
  StudyGroup as WireStudyGroup,
} from '@contract/study-groups';

export function sectionToWire(course: Course): CourseSection {
  return {
    id: course.id,
    term: course.term,
    class_number: course.classNumber,
    section: course.section,
    credits: course.credits,
    credits_min: course.creditsMin,
    credits_max: course.creditsMax,
    instructors: course.instructors,
    mode: course.mode,
    sect_web: course.sectWeb,
    meet_times: course.meetTimes,
    start_date: course.startDate,
    end_date: course.endDate,
    final_exam: course.finalExam,
    gen_ed: course.genEd,
    quest: course.quest,
    writing: course.writing,
    withdrawn: course.withdrawn,
  };
}

/** A section with its course's code, name and description. */
export function sectionWithCourseToWire(course: Course): WireSection {
  return {
    ...sectionToWire(course),
    name: course.name,
    description: course.description,
    course_number: course.courseNumber,
    department: course.department,
    uf_course_id: course.ufCourseId,
  };
}

/** What a course says of itself, on the dashboard, its page and a search card; class_number is the first listed section's. */
function courseFieldsToWire(course: CatalogCourse, listed: Course[]) {
  return {
    id: course.id,
    name: course.name,
    description: course.description,
    course_number: course.courseNumber,
    term: course.term,
    credits: course.credits,
    department: course.department,
    uf_course_id: course.ufCourseId,
    class_number: listed[0]?.classNumber ?? null,
    sections_on_offer: course.sectionsOnOffer,
    sections_published: course.sectionsPublished,
  };
}

/** A course a student is in, with their sections of it. */
export function courseToWire({ course, sections }: JoinedCourse): WireCourse {
  return { ...courseFieldsToWire(course, sections), sections: sections.map(sectionToWire) };
}

/** A search card: the course (its own id and fields; none of its sections when it has none published), the sections it lists, how many match and the student's. */
function courseCardToWire(card: CourseCard): SearchResultCourse {
  return {
    ...courseFieldsToWire(card, card.sections),
    sections: card.sections.map(sectionToWire),
    section_count: card.sectionCount,
    member_section_ids: card.memberSectionIds,
  };
}

/** One page of catalog search results, as both search answers carry it. */
export function resultPageToWire(
  result: SearchCoursesResult,
): Pick<z.input<typeof filterAnswer>, 'courses' | 'total' | 'page' | 'pageCount'> {
  return { courses: result.courses.map(courseCardToWire), total: result.total, page: result.page, pageCount: result.pageCount };
}

/** A classmate of a course, with their sections of it. */
export function courseMemberToWire(member: CourseMemberProfile): CourseMember {
  return {
    ...memberToWire(member),
    sections: member.sections.map((s) => ({
      id: s.id,
      class_number: s.classNumber,
      section: s.section,
      meet_times: s.meetTimes,
      sect_web: s.sectWeb,
      mode: s.mode,
    })),
  };
}

export function memberToWire(member: MemberProfile): Member {
  return {
    id: member.id,
    username: member.username,
    first_name: member.firstName,
    last_name: member.lastName,
    major: member.major,
    year: member.year,
    bio: member.bio,
    verified: member.verified,
  };
}

/**
 * A course or study-group message, with its id as the cursor and, when read,
 * its author's names (first_name, last_name); an edited or deleted one says
 * so, and an edit or delete read by a poll carries `event`, its own id.
 */
export function messageToWire(message: ChatMessage): WireMessage {
  const wire: WireMessage = {
    id: message.id,
    user_id: message.userId,
    username: message.username,
    message: message.message,
    time: message.time.toISOString(),
  };
  if (message.editedAt) {
    wire.edited = true;
    wire.editedAt = message.editedAt.toISOString();
  }
  if (message.deleted) wire.deleted = true;
  if (message.formerMember) wire.formerMember = true;
  if (message.firstName !== undefined) wire.first_name = message.firstName;
  if (message.lastName !== undefined) wire.last_name = message.lastName;
  if (message.event) wire.event = message.event;
  addRepliesAndReactions(message, wire);
  return wire;
}

/** A meeting; `next` (its next occurrence with who is coming) when the use case read it, null otherwise. */
export function meetingToWire(meeting: Meeting, next: NextOccurrence | null = null, members: MemberProfile[] = []): WireMeeting {
  return {
    id: meeting.id,
    day: meeting.day,
    time: meeting.time,
    location: meeting.location,
    kind: meeting.kind,
    title: meeting.title,
    lengthMinutes: meeting.lengthMinutes,
    startDate: meeting.startDate,
    endDate: meeting.endDate,
    cancelledDates: [...meeting.cancelledDates],
    next: next && nextOccurrenceToWire(next, members),
  };
}

function nextOccurrenceToWire(next: NextOccurrence, members: MemberProfile[]): WireNextOccurrence {
  const byId = new Map(members.map((member) => [member.id, member]));
  return {
    date: next.date,
    going: next.going.flatMap((userId) => {
      const member = byId.get(userId);
      return member ? [memberToWire(member)] : [];
    }),
    notGoingCount: next.notGoing.length,
    myAnswer: next.myAnswer && { going: next.myAnswer.going, forSeries: next.myAnswer.forSeries },
  };
}

/** A group's meetings, each with its next occurrence when the view carries them. */
function groupMeetingsToWire(group: StudyGroupView): WireMeeting[] {
  return group.meetings.map((meeting) => meetingToWire(meeting, group.upcoming?.get(meeting.id) ?? null, group.members));
}

/** The dashboard's "Next meetings": each with its group's id and name. */
export function upcomingMeetingToWire({ group, meeting, next }: UpcomingMeeting) {
  return { studyGroupID: group.id, studyGroupName: group.name, meeting: meetingToWire(meeting, next, group.members) };
}

/** A group as its use case shaped it for the student (groupAsSeenBy): withheld members and meetings stay out. */
export function studyGroupToWire(group: StudyGroupView): WireStudyGroup {
  return {
    id: group.id,
    courseID: group.courseId,
    name: group.name,
    description: group.description,
    public: group.isPublic ? 1 : 0,
    owner: memberToWire(group.owner),
    size: group.size,
    members: group.members.map(memberToWire),
    meetings: groupMeetingsToWire(group),
    maxMembers: group.maxMembers,
    joinRequest: joinRequestToWire(group.joinRequest),
    pendingRequests: group.pendingRequests,
  };
}

/** The viewer's invite or request (null: none, or a member). */
export function joinRequestToWire(state: JoinRequestState | null): WireJoinRequestState | null {
  return state && { kind: state.kind, status: state.status };
}

/** An invite link as its owner sees it listed (never its token: only its hash is kept). */
export function inviteLinkToWire(link: InviteLinkRecord): WireInviteLink {
  return {
    id: link.id,
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    maxUses: link.maxUses,
    uses: link.uses,
  };
}

function pendingStudentToWire(pending: PendingStudent): WirePendingStudent {
  return { student: memberToWire(pending.student), since: pending.since.toISOString() };
}

/** The owner's list: working links (never a token), requests to answer, invites not answered. */
export function groupInvitationsToWire(view: GroupInvitationsView): GroupInvitationsAnswer {
  return {
    studyGroupID: view.groupId,
    links: view.links.map(inviteLinkToWire),
    requests: view.requests.map(pendingStudentToWire),
    invited: view.invited.map(pendingStudentToWire),
  };
}

/** What an invite link opens: what a classmate outside a private group may know of it (name, description, size, owner's name), and its course. */
export function inviteLinkViewToWire({ group, course, viewer }: InviteLinkView): InviteLinkAnswer {
  return {
    studyGroup: {
      id: group.id,
      name: group.name,
      description: group.description,
      memberCount: group.members.length,
      maxMembers: group.maxMembers,
      owner: { first_name: group.owner.firstName, last_name: group.owner.lastName },
    },
    course: { id: course.id, code: course.courseNumber, name: course.name, term: course.term },
    viewer,
  };
}

/** A leave or removal: who went, and the group's owner after it (null when the group went too). */
export function leaveToWire(result: LeaveStudyGroupResult): LeaveStudyGroupAnswer {
  return {
    studyGroupID: result.groupId,
    userID: result.userId,
    isMember: false,
    groupDeleted: result.groupDeleted,
    ownerID: result.ownerId,
  };
}

/** The headers of a long poll's answer: what else than its messages the wait saw (contract/chat.ts, POLL_HEADERS). */
export function waitHeaders(result: WaitResult): [string, string][] {
  const headers: [string, string][] = [];
  if (result.activity) headers.push([POLL_HEADERS.activity, '1']);
  if (result.groupChanged) headers.push([POLL_HEADERS.groupChanged, '1']);
  return headers;
}
