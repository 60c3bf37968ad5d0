// The chat read's and the unread counts' queries as the contract parses them:
// the limits come from domain, and the rules across fields (a wait needs a
// cursor to wait after, watch needs a wait, an unread wait needs since) are
// the schema's, refused naming the field as the routes answer them.
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { MAX_WAIT_SECONDS, MAX_WATCHED_ROOMS } from '@domain/chat/chat-room';
import { messagesQuery, unreadQuery } from '@contract/chat';

function refusal(schema: z.ZodMiniType, query: Record<string, unknown>) {
  const parsed = z.safeParse(schema, query);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return { field: issue.path[0], message: issue.message };
}

const rooms = (count: number) => Array.from({ length: count }, (_, i) => `course:${i + 1}`).join(',');

describe('chat poll query', () => {
  it('takes a plain read, a poll and a long poll', () => {
    expect(z.parse(messagesQuery, {})).toEqual({});
    expect(z.parse(messagesQuery, { before: '9-0' })).toEqual({ before: '9-0' });
    expect(z.parse(messagesQuery, { after: '1-0', wait: '0' })).toEqual({ after: '1-0', wait: 0 });
    expect(z.parse(messagesQuery, { after: '1-0', wait: '0', before: '9-0' })).toEqual({ after: '1-0', wait: 0, before: '9-0' });
    expect(z.parse(messagesQuery, { after: '1-0', wait: String(MAX_WAIT_SECONDS), watch: 'course:3,group:9' })).toEqual({
      after: '1-0',
      wait: MAX_WAIT_SECONDS,
      watch: [
        { kind: 'course', id: 3 },
        { kind: 'group', id: 9 },
      ],
    });
  });

  it('refuses a watch without a wait, and a wait without after or with before', () => {
    expect(refusal(messagesQuery, { after: '1-0', watch: 'course:1' })).toEqual({ field: 'watch', message: 'needs wait' });
    expect(refusal(messagesQuery, { after: '1-0', wait: '0', watch: 'course:1' })).toEqual({ field: 'watch', message: 'needs wait' });
    expect(refusal(messagesQuery, { wait: '5' })).toEqual({ field: 'wait', message: 'needs after (and no before)' });
    expect(refusal(messagesQuery, { after: '1-0', before: '9-0', wait: '5' })).toEqual({
      field: 'wait',
      message: 'needs after (and no before)',
    });
  });

  it('refuses a field of the wrong shape before any rule across fields', () => {
    expect(refusal(messagesQuery, { wait: String(MAX_WAIT_SECONDS + 1), watch: 'course:1' })).toEqual({
      field: 'wait',
      message: `must be a whole number of seconds, 0-${MAX_WAIT_SECONDS}`,
    });
    expect(refusal(messagesQuery, { after: ['1-0', '2-0'], wait: '5' })?.field).toBe('after');
  });

  it('watches up to MAX_WATCHED_ROOMS rooms', () => {
    expect(z.parse(messagesQuery, { after: '1-0', wait: '1', watch: rooms(MAX_WATCHED_ROOMS) }).watch).toHaveLength(MAX_WATCHED_ROOMS);
    expect(refusal(messagesQuery, { after: '1-0', wait: '1', watch: rooms(MAX_WATCHED_ROOMS + 1) })?.field).toBe('watch');
  });

  it('refuses an unread wait without since', () => {
    expect(z.parse(unreadQuery, { wait: '0' })).toEqual({ wait: 0 });
    expect(z.parse(unreadQuery, { wait: '5', since: 'v1' })).toEqual({ wait: 5, since: 'v1' });
    expect(refusal(unreadQuery, { wait: '5' })).toEqual({ field: 'wait', message: 'needs since (the version you hold)' });
  });
});
