// The ids of the domain's records, each a number of its own kind, so that a
// student's id passed where a course's is expected (or two ids swapped) does
// not compile. An id gets its kind where it enters: the session, a request's
// path or body (the HTTP routes), a repository's rows. On the wire, in the
// database and at run time they are plain numbers.
declare const idKind: unique symbol;

/** A number that is the id of one kind of record. */
type Id<Kind extends string> = number & { readonly [idKind]: Kind };

/** A student's account. */
export type UserId = Id<'UserId'>;
/**
 * A course (term, code and name) or one of its sections: the two share one id
 * space, so an id names exactly one of them, and every call that takes a
 * course's id takes a section's as well (standing for its course).
 */
export type CourseId = Id<'CourseId'>;
export type StudyGroupId = Id<'StudyGroupId'>;
/** One weekly meeting of a study group. */
export type MeetingId = Id<'MeetingId'>;

/** The number `id` as a student's id: only where an id enters (the session, a request, a row). */
export const UserId = (id: number): UserId => id as UserId;
export const CourseId = (id: number): CourseId => id as CourseId;
export const StudyGroupId = (id: number): StudyGroupId => id as StudyGroupId;
export const MeetingId = (id: number): MeetingId => id as MeetingId;
