// The wire contract's routes of study groups: starting, joining and leaving
// one, its page and calendar, and its meetings (api.ts assembles the table).
import * as z from 'zod/mini';
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
  }),
  joinStudyGroup: route({
    method: 'POST',
    path: '/api/insert-study-group-member/',
    summary: 'Join a public group of your course',
    body: groups.joinStudyGroupBody,
    answer: groups.joinStudyGroupAnswer,
  }),
  leaveStudyGroup: route({
    method: 'POST',
    path: '/api/delete-study-group-member/',
    summary: 'Leave a group, or (the owner) remove another member',
    body: groups.leaveStudyGroupBody,
    answer: groups.leaveStudyGroupAnswer,
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
    summary: "The group's meetings as weekly events (RFC 5545, America/New_York)",
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
    summary: 'Add a weekly meeting (owner)',
    body: groups.scheduleMeetingBody,
    answer: groups.meeting,
    status: 201,
  }),
  updateMeeting: route({
    method: 'POST',
    path: '/api/update-study-group-meeting/',
    summary: 'Move a meeting (owner)',
    body: groups.updateMeetingBody,
    answer: groups.meeting,
  }),
  cancelMeeting: route({
    method: 'POST',
    path: '/api/delete-study-group-meeting/',
    summary: 'Delete a meeting (owner)',
    body: groups.cancelMeetingBody,
    answer: groups.cancelMeetingAnswer,
  }),
} as const;
