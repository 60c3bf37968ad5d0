// The wire form of a position in a course's groups (the next page's cursor):
// opaque to clients, base64url of "own:<join>" or "others:<group id>", with
// one spelling per position, so only a cursor an answer gave is accepted.
import type { CourseGroupsPosition } from '@application/ports/study-group-repository';
import { MAX_ID } from '@contract/primitives';

/** Longer than any cursor this writes ("others:2147483647" is 24 characters encoded). */
const MAX_CURSOR_LENGTH = 40;
const PAYLOAD = /^(own|others):(0|[1-9]\d{0,15})$/;

export function formatCourseGroupsCursor(position: CourseGroupsPosition): string {
  const at = position.part === 'own' ? position.lastJoin : position.lastId;
  return Buffer.from(`${position.part}:${at}`, 'latin1').toString('base64url');
}

/** Null for anything that is not a cursor this server wrote. */
export function parseCourseGroupsCursor(text: string): CourseGroupsPosition | null {
  if (text.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  const match = PAYLOAD.exec(Buffer.from(text, 'base64url').toString('latin1'));
  if (!match) return null;
  const at = Number(match[2]);
  // A join's place is a bigint (compared in JavaScript); a group id is a Postgres integer.
  if (!Number.isSafeInteger(at) || (match[1] === 'others' && at > MAX_ID)) return null;
  const position: CourseGroupsPosition = match[1] === 'own' ? { part: 'own', lastJoin: at } : { part: 'others', lastId: at };
  return formatCourseGroupsCursor(position) === text ? position : null;
}
