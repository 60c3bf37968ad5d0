// The next-page cursor of a course's groups: every position round-trips, and
// nothing but the one spelling the server writes is read as a position.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CourseGroupsPosition } from '@application/ports/study-group-repository';
import { formatCourseGroupsCursor, parseCourseGroupsCursor } from '@adapters/http/course-groups-cursor';
import { MAX_ID } from '@contract/primitives';

const position: fc.Arbitrary<CourseGroupsPosition> = fc.oneof(
  fc.record({ part: fc.constant('own' as const), lastJoin: fc.maxSafeNat() }),
  fc.record({ part: fc.constant('others' as const), lastId: fc.integer({ min: 0, max: MAX_ID }) }),
);

const b64 = (text: string) => Buffer.from(text).toString('base64url');

describe('course groups cursor', () => {
  it('reads back every position it writes, as URL-safe text of at most 40 characters', () => {
    fc.assert(
      fc.property(position, (at) => {
        const cursor = formatCourseGroupsCursor(at);
        expect(cursor).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
        expect(parseCourseGroupsCursor(cursor)).toEqual(at);
      }),
    );
    expect(formatCourseGroupsCursor({ part: 'others', lastId: 12 })).toBe(b64('others:12'));
  });

  it('refuses what it did not write: other text, other spellings, numbers out of range', () => {
    const refused = [
      '',
      'others:12',
      b64('others:-1'),
      b64('others:01'),
      b64('others:1.5'),
      b64(`others:${MAX_ID + 1}`),
      b64('own:9007199254740992'),
      b64('own:'),
      b64('mine:1'),
      b64(' others:1'),
      b64('others:1\n'),
      `${Buffer.from('others:1').toString('base64')}=`,
      Buffer.from('others:12').toString('base64').replace(/.$/, '+'),
      `${b64('others:12')}${b64('others:12')}`,
      'A'.repeat(41),
      'b3duOjE=',
    ];
    for (const text of refused) expect(parseCourseGroupsCursor(text), text).toBeNull();
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        const at = parseCourseGroupsCursor(text);
        if (at) expect(formatCourseGroupsCursor(at)).toBe(text);
      }),
    );
  });
});
