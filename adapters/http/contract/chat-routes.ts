// The wire contract's routes of course and study-group chat: reading and
// polling, posting, editing, deleting, and the unread marks (api.ts assembles the table).
import * as z from 'zod/mini';
import * as chat from './chat';
import { errorAnswer } from './errors';
import { requestId } from './primitives';
import { route } from './route';

export const CHAT_ROUTES = {
  courseMessages: route({
    method: 'GET',
    path: '/api/select-course-messages/{courseID}/{userID}/',
    summary: "A course chat's latest messages, or those after / before a message id",
    params: z.object({ courseID: requestId, userID: requestId }),
    query: chat.messagesQuery,
    answer: chat.messagesAnswer,
    answerHeaders: chat.pollAnswerHeaders,
  }),
  postCourseMessage: route({
    method: 'POST',
    path: '/api/insert-course-message/',
    summary: 'Post to a course chat',
    body: chat.courseMessageBody,
    answer: chat.message,
    status: 201,
  }),
  groupMessages: route({
    method: 'GET',
    path: '/api/select-study-group-messages/{studyGroupID}/{userID}/',
    summary: "A group chat's latest messages, or those after / before a message id",
    params: z.object({ studyGroupID: requestId, userID: requestId }),
    query: chat.messagesQuery,
    answer: chat.messagesAnswer,
    answerHeaders: chat.pollAnswerHeaders,
  }),
  postGroupMessage: route({
    method: 'POST',
    path: '/api/insert-study-group-message/',
    summary: 'Post to a study-group chat',
    body: chat.groupMessageBody,
    answer: chat.message,
    status: 201,
  }),
  editCourseMessage: route({
    method: 'POST',
    path: '/api/edit-course-message/',
    summary: 'Edit your own course chat message (within 24 hours; 409 TOO_MANY_EDITS past 20 edits)',
    body: chat.editCourseMessageBody,
    answer: chat.message,
    refusals: { 409: errorAnswer },
  }),
  editGroupMessage: route({
    method: 'POST',
    path: '/api/edit-study-group-message/',
    summary: 'Edit your own study-group chat message (within 24 hours; 409 TOO_MANY_EDITS past 20 edits)',
    body: chat.editGroupMessageBody,
    answer: chat.message,
    refusals: { 409: errorAnswer },
  }),
  deleteCourseMessage: route({
    method: 'POST',
    path: '/api/delete-course-message/',
    summary: 'Delete your own course chat message',
    body: chat.deleteCourseMessageBody,
    answer: chat.message,
  }),
  deleteGroupMessage: route({
    method: 'POST',
    path: '/api/delete-study-group-message/',
    summary: "Delete your own study-group chat message (the group's owner: anyone's)",
    body: chat.deleteGroupMessageBody,
    answer: chat.message,
  }),
  reactCourseMessage: route({
    method: 'POST',
    path: '/api/react-course-message/',
    summary: 'Set or take off your reaction (one of six emoji) to a course chat message',
    body: chat.reactCourseMessageBody,
    answer: chat.message,
  }),
  reactGroupMessage: route({
    method: 'POST',
    path: '/api/react-study-group-message/',
    summary: 'Set or take off your reaction (one of six emoji) to a study-group chat message',
    body: chat.reactGroupMessageBody,
    answer: chat.message,
  }),
  courseMostUseful: route({
    method: 'GET',
    path: '/api/course-most-useful/{courseID}/',
    summary:
      'A course chat\'s "Most useful" shelf: its messages of the last 14 days with the most reactions (at most 3, at least one reaction each; members only)',
    params: z.object({ courseID: requestId }),
    answer: chat.messagesAnswer,
  }),
  markChatRead: route({
    method: 'POST',
    path: '/api/mark-chat-read/',
    summary: 'You have read a course or group chat up to a message (the marker only moves forward)',
    body: chat.markReadBody,
    answer: chat.readMarker,
  }),
  unreadCounts: route({
    method: 'GET',
    path: '/api/unread-counts/',
    summary: 'Unread messages and mentions in each of your courses and groups; with wait and since, a long poll',
    query: chat.unreadQuery,
    answer: chat.unreadAnswer,
  }),
} as const;
