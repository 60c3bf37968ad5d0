// A student's public profile as read from the users table (no email, no hash).
import type { MemberProfile } from '@domain/course/course';
import { UserId } from '@domain/ids';
import type { ProfileYear } from '@domain/user/user';

/** The users columns of a profile, for a query that joins users as `alias`. */
export const memberProfileColumns = (alias: string) =>
  ['id', 'username', 'first_name', 'last_name', 'major', 'year', 'bio', 'email_verified_at'].map((column) => `${alias}.${column}`);

export interface MemberProfileRow {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  major: string;
  /** null once the student cleared it. */
  year: number | null;
  bio: string;
  email_verified_at: Date | string | null;
}

/** The stored year as the domain has it: "1" to "4", or "" (not specified). */
export const yearOfRow = (year: number | null): ProfileYear => (year === null ? '' : (String(year) as ProfileYear));

export function toMemberProfile(row: MemberProfileRow): MemberProfile {
  return {
    id: UserId(row.id),
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    major: row.major,
    year: yearOfRow(row.year),
    bio: row.bio,
    verified: row.email_verified_at !== null,
  };
}
