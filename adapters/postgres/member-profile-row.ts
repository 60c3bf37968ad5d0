// A student's public profile as read from the users table (no email, no hash).
import type { MemberProfile } from '../../domain/course/course';
import type { Year } from '../../domain/user/user';

/** The users columns of a profile, for a query that joins users as `alias`. */
export const memberProfileColumns = (alias: string) =>
  ['id', 'username', 'first_name', 'last_name', 'major', 'year', 'bio'].map((column) => `${alias}.${column}`);

export interface MemberProfileRow {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  major: string;
  year: number;
  bio: string;
}

export function toMemberProfile(row: MemberProfileRow): MemberProfile {
  return {
    id: row.id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    major: row.major,
    year: String(row.year) as Year,
    bio: row.bio,
  };
}
