// The wire contract's routes of study groups: starting, joining and leaving
// one, its page and calendar, and its meetings (api.ts assembles the table).
import * as z from 'zod/mini';
import { errorAnswer } from './errors';
import * as findATime from './find-a-time';
import * as meetings from './meetings';
import { requestId } from './primitives';
import { route } from './route';
import * as groups from './study-groups';

const groupParams = z.object({ studyGroupID: requestId });

export const STUDY_GROUP_ROUTES = {
  createStudyGroup: route({
    method: 'POST',
    path: '/api/insert-study-group/',
    summary: 'Start a study group in a course you are in (you own it)',
    body: groups.createStudyGroupBody,
    answer: groups.studyGroup,
    status: 201,
    refusals: { 409: errorAnswer },
  }),
  joinStudyGroup: route({
    method: 'POST',
    path: '/api/insert-study-group-member/',
    summary: 'Join a public group of your course',
    body: groups.joinStudyGroupBody,
    answer: groups.joinStudyGroupAnswer,
    refusals: { 409: errorAnswer },
  }),
  leaveStudyGroup: route({
    method: 'POST',
    path: '/api/delete-study-group-member/',
    summary: 'Leave a group, or (the owner) remove another member',
    body: groups.leaveStudyGroupBody,
    answer: groups.leaveStudyGroupAnswer,
    refusals: { 409: errorAnswer },
  }),
  studyGroupPage: route({
    method: 'GET',
    path: '/api/study-group/{studyGroupID}/',
    summary: 'A group with its members, meetings and latest chat (members only)',
    params: groupParams,
    answer: groups.studyGroupPageAnswer,
  }),
  studyGroupCalendar: route({
    method: 'GET',
    path: '/api/study-group/{studyGroupID}/calendar.ics',
    summary:
      "The group's meetings as a calendar file (RFC 5545, America/New_York): weekly series with their end and cancelled dates, single meetings (members only)",
    params: groupParams,
    answer: z.string(),
    produces: 'text/calendar',
  }),
  updateStudyGroup: route({
    method: 'POST',
    path: '/api/update-study-group/',
    summary: 'Rename the group, rewrite its description, make it public or private (owner)',
    body: groups.updateStudyGroupBody,
    answer: groups.studyGroup,
  }),
  scheduleMeeting: route({
    method: 'POST',
    path: '/api/insert-study-group-meeting/',
    summary: 'Add a meeting: a weekly series between two dates, or a single date (owner)',
    body: meetings.scheduleMeetingBody,
    answer: meetings.meeting,
    status: 201,
    refusals: { 409: errorAnswer },
  }),
  updateMeeting: route({
    method: 'POST',
    path: '/api/update-study-group-meeting/',
    summary: 'Change a meeting: its kind, title, day or date, time, length, place or dates (owner)',
    body: meetings.updateMeetingBody,
    answer: meetings.meeting,
  }),
  cancelMeetingOccurrence: route({
    method: 'POST',
    path: '/api/cancel-study-group-meeting-occurrence/',
    summary: 'Cancel one date of a weekly meeting, today or later (owner)',
    body: meetings.meetingOccurrenceBody,
    answer: meetings.meeting,
  }),
  restoreMeetingOccurrence: route({
    method: 'POST',
    path: '/api/restore-study-group-meeting-occurrence/',
    summary: 'Restore a cancelled date of a weekly meeting (owner)',
    body: meetings.meetingOccurrenceBody,
    answer: meetings.meeting,
  }),
  answerMeeting: route({
    method: 'POST',
    path: '/api/answer-study-group-meeting/',
    summary: 'Say Going or Not going to one upcoming date of a meeting or to the whole series, or clear it (members)',
    body: meetings.answerMeetingBody,
    answer: meetings.answerMeetingAnswer,
  }),
  cancelMeeting: route({
    method: 'POST',
    path: '/api/delete-study-group-meeting/',
    summary: 'Delete a meeting (owner)',
    body: meetings.cancelMeetingBody,
    answer: meetings.cancelMeetingAnswer,
  }),
  findATime: route({
    method: 'GET',
    path: '/api/study-group/{studyGroupID}/find-a-time/',
    summary:
      "The best weekly slots for the group from its members' class times, other groups' meetings and busy grids: who is free or busy in each, never why (members only)",
    params: groupParams,
    query: findATime.findATimeQuery,
    answer: findATime.findATimeAnswer,
  }),
  busyTimes: route({
    method: 'GET',
    path: '/api/busy-times/',
    summary: 'Your weekly busy grid and preferred hours (Find a time)',
    answer: findATime.busyTimesAnswer,
  }),
  updateBusyTimes: route({
    method: 'POST',
    path: '/api/update-busy-times/',
    summary: 'Replace your weekly busy grid and preferred hours (Find a time)',
    body: findATime.updateBusyTimesBody,
    answer: findATime.busyTimesAnswer,
  }),
  groupInvitations: route({
    method: 'GET',
    path: '/api/study-group/{studyGroupID}/invitations/',
    summary: "The group's working invite links, the requests to join and the invites not yet answered (owner)",
    params: groupParams,
    answer: groups.groupInvitationsAnswer,
  }),
  createInviteLink: route({
    method: 'POST',
    path: '/api/insert-study-group-invite-link/',
    summary: 'Make an invite link that expires after a chosen time and, if chosen, a number of uses (owner); its token is shown once',
    body: groups.createInviteLinkBody,
    answer: groups.createInviteLinkAnswer,
    status: 201,
    refusals: { 409: errorAnswer },
  }),
  revokeInviteLink: route({
    method: 'POST',
    path: '/api/delete-study-group-invite-link/',
    summary: 'Turn an invite link off (owner)',
    body: groups.revokeInviteLinkBody,
    answer: groups.revokeInviteLinkAnswer,
  }),
  inviteLink: route({
    method: 'GET',
    path: '/api/group-invite/',
    summary:
      'What an invite link opens (the group and its course), for visitors too; 400 LINK_INVALID when it expired, was used up or was turned off',
    query: groups.inviteLinkQuery,
    answer: groups.inviteLinkAnswer,
    public: true,
  }),
  acceptInviteLink: route({
    method: 'POST',
    path: '/api/accept-group-invite/',
    summary: 'Join the group through an invite link, and its course if needed (uses the link once)',
    body: groups.acceptInviteLinkBody,
    answer: groups.acceptInviteLinkAnswer,
    refusals: { 409: errorAnswer },
  }),
  requestToJoin: route({
    method: 'POST',
    path: '/api/insert-study-group-join-request/',
    summary: "Ask to join a private group of your course (accepts the owner's invite when one is waiting)",
    body: groups.requestToJoinBody,
    answer: groups.requestToJoinAnswer,
    status: 201,
    refusals: { 409: errorAnswer },
  }),
  withdrawJoinRequest: route({
    method: 'POST',
    path: '/api/delete-study-group-join-request/',
    summary: 'Take back your request to join',
    body: groups.withdrawJoinRequestBody,
    answer: groups.withdrawJoinRequestAnswer,
  }),
  answerJoinRequest: route({
    method: 'POST',
    path: '/api/answer-study-group-join-request/',
    summary: "Accept or decline a student's request to join (owner)",
    body: groups.answerJoinRequestBody,
    answer: groups.answerJoinRequestAnswer,
    refusals: { 409: errorAnswer },
  }),
  inviteStudent: route({
    method: 'POST',
    path: '/api/insert-study-group-invite/',
    summary: 'Invite a classmate by username (owner)',
    body: groups.inviteStudentBody,
    answer: groups.inviteStudentAnswer,
    status: 201,
    refusals: { 409: errorAnswer },
  }),
  cancelInvite: route({
    method: 'POST',
    path: '/api/delete-study-group-invite/',
    summary: 'Take back an invite not yet answered (owner)',
    body: groups.cancelInviteBody,
    answer: groups.cancelInviteAnswer,
  }),
  answerInvite: route({
    method: 'POST',
    path: '/api/answer-study-group-invite/',
    summary: "Accept or decline the owner's invite",
    body: groups.answerInviteBody,
    answer: groups.answerInviteAnswer,
    refusals: { 409: errorAnswer },
  }),
} as const;
