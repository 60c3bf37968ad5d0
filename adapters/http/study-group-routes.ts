// The study-group calls of the product spec (section 7), the group's calendar,
// and the ways into a private group (invite links, requests, invites).
// Every call acts on the session's student; ids in bodies only name things.
import { CourseId, MeetingId, StudyGroupId, UserId } from '@domain/ids';
import { DEFAULT_PREFERRED_HOURS } from '@domain/study-group/find-a-time';
import { clockOfMinutes, type BusyGrid } from '@domain/study-group/busy-grid';
import { writeCalendar } from '@adapters/calendar/icalendar-writer';
import type { UseCases } from '@adapters/use-cases';
import type { MeetingCommand } from '@application/study-groups/schedule-meeting';
import type { ApiRouter, RouteAnswer, RouteRequest } from './api-router';
import { API } from '@contract/api';
import { sessionUserId } from './session';
import {
  groupInvitationsToWire,
  inviteLinkToWire,
  inviteLinkViewToWire,
  joinRequestToWire,
  leaveToWire,
  meetingToWire,
  memberToWire,
  messageToWire,
  studyGroupToWire,
} from './wire';

function busyTimesToWire(grid: BusyGrid): RouteAnswer<typeof API.busyTimes> {
  const preferred = grid.preferred ?? DEFAULT_PREFERRED_HOURS;
  return {
    busy: grid.busy.map(({ day, start, end }) => ({ day, start: clockOfMinutes(start), end: clockOfMinutes(end) })),
    preferredStart: clockOfMinutes(preferred.start),
    preferredEnd: clockOfMinutes(preferred.end),
  };
}

function meetingCommand(userId: UserId, body: RouteRequest<typeof API.scheduleMeeting>['body']): MeetingCommand {
  const { studyGroupID, day, time, location, kind, title, lengthMinutes, startDate, endDate } = body;
  return { actingUserId: userId, groupId: StudyGroupId(studyGroupID), day, time, location, kind, title, lengthMinutes, startDate, endDate };
}

function occurrenceCommand(userId: UserId, body: RouteRequest<typeof API.cancelMeetingOccurrence>['body'], cancelled: boolean) {
  return {
    actingUserId: userId,
    groupId: StudyGroupId(body.studyGroupID),
    meetingId: MeetingId(body.meetingID),
    date: body.date,
    cancelled,
  };
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
      const nextOwnerId = body.nextOwnerID === undefined ? undefined : UserId(body.nextOwnerID);
      return leaveToWire(
        await useCases.leaveStudyGroup.execute({ actingUserId: userId, groupId: StudyGroupId(body.studyGroupID), memberId, nextOwnerId }),
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
    const calendar = await useCases.getStudyGroupCalendar.execute({ actingUserId: userId, groupId: StudyGroupId(params.studyGroupID) });
    ctx.set('Content-Disposition', `attachment; filename="study-group-${calendar.groupId}.ics"`);
    // The file holds the members' schedule: not for shared caches.
    ctx.set('Cache-Control', 'private, no-store');
    return writeCalendar({ name: calendar.name, events: calendar.entries }, new Date());
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

  api.on(API.cancelMeetingOccurrence, async ({ userId, body }) =>
    meetingToWire(await useCases.cancelMeetingOccurrence.execute(occurrenceCommand(userId, body, true))),
  );

  api.on(API.restoreMeetingOccurrence, async ({ userId, body }) =>
    meetingToWire(await useCases.cancelMeetingOccurrence.execute(occurrenceCommand(userId, body, false))),
  );

  api.on(API.answerMeeting, async ({ userId, body }) => {
    const answer = await useCases.answerMeeting.execute({
      actingUserId: userId,
      groupId: StudyGroupId(body.studyGroupID),
      meetingId: MeetingId(body.meetingID),
      date: body.date,
      going: body.going,
    });
    return {
      studyGroupID: answer.groupId,
      meetingID: answer.meetingId,
      date: answer.date,
      going: answer.going,
    } satisfies RouteAnswer<typeof API.answerMeeting>;
  });

  // Who is free or busy in each slot, never why: the answer holds member ids and times only.
  api.on(API.findATime, async ({ ctx, userId, params, query }) => {
    const found = await useCases.findMeetingTimes.execute({
      actingUserId: userId,
      groupId: StudyGroupId(params.studyGroupID),
      length: query.length,
    });
    ctx.set('Cache-Control', 'private, no-store');
    return {
      studyGroupID: found.groupId,
      length: found.length,
      proposals: found.proposals.map((p) => ({
        day: p.day,
        start: clockOfMinutes(p.start),
        end: clockOfMinutes(p.end),
        free: p.free,
        busy: p.busy,
        outsideTheirHours: p.outsideTheirHours,
      })),
      unknownSchedules: found.unknownSchedules,
    } satisfies RouteAnswer<typeof API.findATime>;
  });

  api.on(API.busyTimes, async ({ userId }) => busyTimesToWire(await useCases.getBusyTimes.execute({ actingUserId: userId })));

  api.on(API.updateBusyTimes, async ({ userId, body }) =>
    busyTimesToWire(
      await useCases.saveBusyTimes.execute({
        actingUserId: userId,
        busy: body.busy,
        preferredStart: body.preferredStart,
        preferredEnd: body.preferredEnd,
      }),
    ),
  );

  api.on(API.cancelMeeting, async ({ userId, body }) => {
    const result = await useCases.cancelMeeting.execute({
      actingUserId: userId,
      groupId: StudyGroupId(body.studyGroupID),
      meetingId: MeetingId(body.meetingID),
    });
    return { meetingID: result.meetingId, deleted: result.deleted } satisfies RouteAnswer<typeof API.cancelMeeting>;
  });

  invitationRoutes(api, useCases);
}

/** Invite links, requests to join and invites by username. */
function invitationRoutes(api: ApiRouter, useCases: UseCases): void {
  api.on(API.groupInvitations, async ({ userId, params }) => {
    const view = await useCases.getGroupInvitations.execute({ actingUserId: userId, groupId: StudyGroupId(params.studyGroupID) });
    return groupInvitationsToWire(view);
  });

  api.on(API.createInviteLink, async ({ userId, body }) => {
    const created = await useCases.createInviteLink.execute({
      actingUserId: userId,
      groupId: StudyGroupId(body.studyGroupID),
      expiresInHours: body.expiresInHours,
      maxUses: body.maxUses,
    });
    return { link: inviteLinkToWire(created.link), token: created.token } satisfies RouteAnswer<typeof API.createInviteLink>;
  });

  api.on(API.revokeInviteLink, async ({ userId, body }) => {
    const result = await useCases.revokeInviteLink.execute({
      actingUserId: userId,
      groupId: StudyGroupId(body.studyGroupID),
      linkId: body.linkID,
    });
    return { linkID: result.linkId, revoked: result.revoked } satisfies RouteAnswer<typeof API.revokeInviteLink>;
  });

  // Public: a visitor opening a link sees what it opens before signing in.
  api.on(API.inviteLink, async ({ ctx, query }) =>
    inviteLinkViewToWire(await useCases.getInviteLink.execute({ token: query.token, viewerId: sessionUserId(ctx) })),
  );

  api.on(API.acceptInviteLink, async ({ userId, body }) => {
    const result = await useCases.acceptInviteLink.execute({ actingUserId: userId, token: body.token });
    return {
      studyGroupID: result.groupId,
      courseID: result.courseId,
      isMember: result.isMember,
      joinedCourse: result.joinedCourse,
    } satisfies RouteAnswer<typeof API.acceptInviteLink>;
  });

  api.on(API.requestToJoin, async ({ userId, body }) => {
    const result = await useCases.requestToJoin.execute({ actingUserId: userId, groupId: StudyGroupId(body.studyGroupID) });
    return {
      studyGroupID: result.groupId,
      isMember: result.isMember,
      joinRequest: joinRequestToWire(result.joinRequest),
    } satisfies RouteAnswer<typeof API.requestToJoin>;
  });

  api.on(API.withdrawJoinRequest, async ({ userId, body }) => {
    const result = await useCases.withdrawJoinRequest.execute({ actingUserId: userId, groupId: StudyGroupId(body.studyGroupID) });
    return { studyGroupID: result.groupId, joinRequest: result.joinRequest } satisfies RouteAnswer<typeof API.withdrawJoinRequest>;
  });

  api.on(API.answerJoinRequest, async ({ userId, body }) => {
    const result = await useCases.answerJoinRequest.execute({
      actingUserId: userId,
      groupId: StudyGroupId(body.studyGroupID),
      studentId: UserId(body.studentID),
      accept: body.accept,
    });
    return { studyGroupID: result.groupId, studentID: result.studentId, isMember: result.isMember } satisfies RouteAnswer<
      typeof API.answerJoinRequest
    >;
  });

  api.on(API.inviteStudent, async ({ userId, body }) => {
    const result = await useCases.inviteStudent.execute({
      actingUserId: userId,
      groupId: StudyGroupId(body.studyGroupID),
      username: body.username,
    });
    return { studyGroupID: result.groupId, student: memberToWire(result.student), isMember: result.isMember } satisfies RouteAnswer<
      typeof API.inviteStudent
    >;
  });

  api.on(API.cancelInvite, async ({ userId, body }) => {
    const result = await useCases.cancelInvite.execute({
      actingUserId: userId,
      groupId: StudyGroupId(body.studyGroupID),
      studentId: UserId(body.studentID),
    });
    return { studyGroupID: result.groupId, studentID: result.studentId, cancelled: result.cancelled } satisfies RouteAnswer<
      typeof API.cancelInvite
    >;
  });

  api.on(API.answerInvite, async ({ userId, body }) => {
    const result = await useCases.answerInvite.execute({
      actingUserId: userId,
      groupId: StudyGroupId(body.studyGroupID),
      accept: body.accept,
    });
    return { studyGroupID: result.groupId, isMember: result.isMember } satisfies RouteAnswer<typeof API.answerInvite>;
  });
}
