// The study-group calls of the product spec (section 7) and the group's calendar.
// Every call acts on the session's student; ids in bodies only name things.
import { Router } from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { CancelMeeting } from '../../application/study-groups/cancel-meeting';
import type { CreateStudyGroup } from '../../application/study-groups/create-study-group';
import type { GetStudyGroupCalendar } from '../../application/study-groups/get-study-group-calendar';
import type { GetStudyGroupPage } from '../../application/study-groups/get-study-group-page';
import type { JoinStudyGroup } from '../../application/study-groups/join-study-group';
import type { GroupDepartureResult, LeaveStudyGroup } from '../../application/study-groups/leave-study-group';
import type { RemoveStudyGroupMember } from '../../application/study-groups/remove-study-group-member';
import type { ScheduleMeeting } from '../../application/study-groups/schedule-meeting';
import type { UpdateMeeting } from '../../application/study-groups/update-meeting';
import type { UpdateStudyGroup } from '../../application/study-groups/update-study-group';
import { ValidationError } from '../../domain/errors';
import { studyGroupCalendar } from '../calendar/icalendar-writer';
import { parseBody, textField } from './parse-body';
import { requireUser, sessionUserId } from './session';
import { meetingToWire, studyGroupToWire } from './study-group-wire';
import { idSchema, messageToWire } from './wire';

export interface StudyGroupUseCases {
  createStudyGroup: CreateStudyGroup;
  joinStudyGroup: JoinStudyGroup;
  leaveStudyGroup: LeaveStudyGroup;
  removeStudyGroupMember: RemoveStudyGroupMember;
  getStudyGroupPage: GetStudyGroupPage;
  getStudyGroupCalendar: GetStudyGroupCalendar;
  updateStudyGroup: UpdateStudyGroup;
  scheduleMeeting: ScheduleMeeting;
  updateMeeting: UpdateMeeting;
  cancelMeeting: CancelMeeting;
}

// Generous caps that only stop absurd payloads; domain/study-group gives the precise rules.
const text = (max: number, multiline = false) => textField(max, { multiline }).default('');

// The spec sends public as 1 or 0; true and false mean the same.
const publicFlag = z.union([z.literal(1), z.literal(0), z.literal('1'), z.literal('0'), z.boolean()], {
  message: 'must be 1 or 0',
});

const createBody = z.object({
  courseID: idSchema,
  name: text(5_000),
  description: text(20_000, true),
  userID: idSchema.optional(),
  ownerID: idSchema.optional(),
});
const joinBody = z.object({ userID: idSchema.optional(), studyGroupID: idSchema });
const leaveBody = joinBody;
const updateGroupBody = z.object({
  ownerID: idSchema.optional(),
  studyGroupID: idSchema,
  name: text(5_000),
  description: text(20_000, true),
  public: publicFlag.optional(),
});
const meetingFields = {
  ownerID: idSchema.optional(),
  studyGroupID: idSchema,
  day: text(100),
  time: text(100),
  location: text(5_000),
};
const insertMeetingBody = z.object(meetingFields);
const updateMeetingBody = z.object({ ...meetingFields, meetingID: idSchema });
const deleteMeetingBody = z.object({ ownerID: idSchema.optional(), studyGroupID: idSchema, meetingID: idSchema });

function departureToWire(result: GroupDepartureResult) {
  return {
    studyGroupID: result.groupId,
    userID: result.userId,
    isMember: false,
    groupDeleted: result.groupDeleted,
    ownerID: result.ownerId,
  };
}

const me = (ctx: Context) => sessionUserId(ctx)!;

/** The part of every owner-only call that says who acts on which group. */
function ownerCommand(ctx: Context, body: { ownerID?: number; studyGroupID: number }) {
  return { actingUserId: me(ctx), requestedOwnerId: body.ownerID, groupId: body.studyGroupID };
}

function meetingCommand(ctx: Context, body: z.infer<typeof insertMeetingBody>) {
  return { ...ownerCommand(ctx, body), day: body.day, time: body.time, location: body.location };
}

export function studyGroupRoutes(useCases: StudyGroupUseCases): Router {
  const router = new Router({ prefix: '/api' });
  router.use(requireUser());

  router.post('/insert-study-group/', async (ctx) => {
    const body = parseBody(createBody, ctx);
    const actingUserId = me(ctx);
    // The spec sends no creator id; a userID or ownerID, if sent, must both be the session's student.
    const named = [body.userID, body.ownerID].filter((id) => id !== undefined);
    const group = await useCases.createStudyGroup.execute({
      actingUserId,
      requestedUserId: named.find((id) => id !== actingUserId) ?? named[0],
      courseId: body.courseID,
      name: body.name,
      description: body.description,
    });
    ctx.status = 201;
    ctx.body = studyGroupToWire(group);
  });

  router.post('/insert-study-group-member/', async (ctx) => {
    const body = parseBody(joinBody, ctx);
    const result = await useCases.joinStudyGroup.execute({ actingUserId: me(ctx), requestedUserId: body.userID, groupId: body.studyGroupID });
    ctx.body = { studyGroupID: result.groupId, isMember: result.isMember };
  });

  router.post('/delete-study-group-member/', async (ctx) => {
    const body = parseBody(leaveBody, ctx);
    const actingUserId = me(ctx);
    // No userID, or the student's own: they leave. Another id: the owner removes that member.
    const result =
      body.userID === undefined || body.userID === actingUserId
        ? await useCases.leaveStudyGroup.execute({ actingUserId, groupId: body.studyGroupID })
        : await useCases.removeStudyGroupMember.execute({ actingUserId, groupId: body.studyGroupID, memberId: body.userID });
    ctx.body = departureToWire(result);
  });

  router.get('/study-group/:id/', async (ctx) => {
    const { userId, group, messages } = await useCases.getStudyGroupPage.execute({ actingUserId: me(ctx), groupId: parseGroupId(ctx) });
    const studyGroup = studyGroupToWire(group);
    ctx.body = {
      id: userId,
      studyGroup,
      studyGroupMembers: studyGroup.members,
      studyGroupMeetings: studyGroup.meetings,
      studyGroupMessages: messages.map(messageToWire),
    };
  });

  router.get('/study-group/:id/calendar.ics', async (ctx) => {
    const group = await useCases.getStudyGroupCalendar.execute({ actingUserId: me(ctx), groupId: parseGroupId(ctx) });
    ctx.type = 'text/calendar; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="study-group-${group.id}.ics"`);
    // The file holds the members' schedule: not for shared caches.
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = studyGroupCalendar(group, new Date());
  });

  router.post('/update-study-group/', async (ctx) => {
    const body = parseBody(updateGroupBody, ctx);
    const group = await useCases.updateStudyGroup.execute({
      ...ownerCommand(ctx, body),
      name: body.name,
      description: body.description,
      isPublic: body.public === undefined ? undefined : body.public === true || Number(body.public) === 1,
    });
    ctx.body = studyGroupToWire(group);
  });

  router.post('/insert-study-group-meeting/', async (ctx) => {
    const body = parseBody(insertMeetingBody, ctx);
    const meeting = await useCases.scheduleMeeting.execute(meetingCommand(ctx, body));
    ctx.status = 201;
    ctx.body = meetingToWire(meeting);
  });

  router.post('/update-study-group-meeting/', async (ctx) => {
    const body = parseBody(updateMeetingBody, ctx);
    const meeting = await useCases.updateMeeting.execute({ ...meetingCommand(ctx, body), meetingId: body.meetingID });
    ctx.body = meetingToWire(meeting);
  });

  router.post('/delete-study-group-meeting/', async (ctx) => {
    const body = parseBody(deleteMeetingBody, ctx);
    const result = await useCases.cancelMeeting.execute({ ...ownerCommand(ctx, body), meetingId: body.meetingID });
    ctx.body = { meetingID: result.meetingId, deleted: result.deleted };
  });

  return router;
}

function parseGroupId(ctx: Context): number {
  const parsed = idSchema.safeParse(ctx.params.id);
  if (!parsed.success) throw new ValidationError('The study group id must be a positive whole number.', 'id');
  return parsed.data;
}
