// The study-group calls of the product spec (section 7) and the group's calendar.
// Every call acts on the session's student; ids in bodies only name things.
import { CourseId, MeetingId, StudyGroupId, UserId } from '@domain/ids';
import { studyGroupCalendar } from '@adapters/calendar/icalendar-writer';
import type { UseCases } from '@adapters/use-cases';
import type { ApiRouter, RouteAnswer } from './api-router';
import { API } from '@contract/api';
import { leaveToWire, meetingToWire, messageToWire, studyGroupToWire } from './wire';

function meetingCommand(userId: UserId, body: { studyGroupID: number; day: string; time: string; location: string }) {
  return { actingUserId: userId, groupId: StudyGroupId(body.studyGroupID), day: body.day, time: body.time, location: body.location };
}

export function studyGroupRoutes(api: ApiRouter, useCases: UseCases): void {
  api.on(API.createStudyGroup, async ({ userId, body }) => {
    const { courseID, name, description } = body;
    return studyGroupToWire(
      await useCases.createStudyGroup.execute({ actingUserId: userId, courseId: CourseId(courseID), name, description }),
    );
  });

  api.on(API.joinStudyGroup, async ({ userId, body }) => {
    const result = await useCases.joinStudyGroup.execute({ actingUserId: userId, groupId: StudyGroupId(body.studyGroupID) });
    return { studyGroupID: result.groupId, isMember: result.isMember } satisfies RouteAnswer<typeof API.joinStudyGroup>;
  });

  api.on(
    API.leaveStudyGroup,
    async ({ userId, body }) => {
      const memberId = body.userID === undefined ? undefined : UserId(body.userID);
      return leaveToWire(
        await useCases.leaveStudyGroup.execute({ actingUserId: userId, groupId: StudyGroupId(body.studyGroupID), memberId }),
      );
    },
    { userIdNamesMember: true },
  );

  api.on(API.studyGroupPage, async ({ userId, params }) => {
    const { group, messages } = await useCases.getStudyGroupPage.execute({
      actingUserId: userId,
      groupId: StudyGroupId(params.studyGroupID),
    });
    const studyGroup = studyGroupToWire(group);
    return {
      id: userId,
      studyGroup,
      studyGroupMembers: studyGroup.members,
      studyGroupMeetings: studyGroup.meetings,
      studyGroupMessages: messages.map(messageToWire),
    } satisfies RouteAnswer<typeof API.studyGroupPage>;
  });

  api.on(API.studyGroupCalendar, async ({ ctx, userId, params }) => {
    const group = await useCases.getStudyGroupCalendar.execute({ actingUserId: userId, groupId: StudyGroupId(params.studyGroupID) });
    ctx.set('Content-Disposition', `attachment; filename="study-group-${group.id}.ics"`);
    // The file holds the members' schedule: not for shared caches.
    ctx.set('Cache-Control', 'private, no-store');
    return studyGroupCalendar(group, new Date());
  });

  api.on(API.updateStudyGroup, async ({ userId, body }) => {
    const { studyGroupID, name, description, maxMembers } = body;
    return studyGroupToWire(
      await useCases.updateStudyGroup.execute({
        actingUserId: userId,
        groupId: StudyGroupId(studyGroupID),
        name,
        description,
        isPublic: body.public,
        maxMembers,
      }),
    );
  });

  api.on(API.scheduleMeeting, async ({ userId, body }) =>
    meetingToWire(await useCases.scheduleMeeting.execute(meetingCommand(userId, body))),
  );

  api.on(API.updateMeeting, async ({ userId, body }) =>
    meetingToWire(await useCases.updateMeeting.execute({ ...meetingCommand(userId, body), meetingId: MeetingId(body.meetingID) })),
  );

  api.on(API.cancelMeeting, async ({ userId, body }) => {
    const result = await useCases.cancelMeeting.execute({
      actingUserId: userId,
      groupId: StudyGroupId(body.studyGroupID),
      meetingId: MeetingId(body.meetingID),
    });
    return { meetingID: result.meetingId, deleted: result.deleted } satisfies RouteAnswer<typeof API.cancelMeeting>;
  });
}
