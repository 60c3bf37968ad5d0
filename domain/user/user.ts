import type { UserId } from '@domain/ids';
// The student as other students and the client see them: never the password hash.
export const YEARS = ['1', '2', '3', '4'] as const;
export type Year = (typeof YEARS)[number];

export const YEAR_NAMES: Record<Year, string> = {
  '1': 'Freshman',
  '2': 'Sophomore',
  '3': 'Junior',
  '4': 'Senior',
};

/** A profile's year: one of YEARS, or '' once the student cleared it on their profile (others see "Not specified"). */
export type ProfileYear = Year | '';

export function isYear(value: string): value is Year {
  return (YEARS as readonly string[]).includes(value);
}

/** "Junior"; undefined when the student has not said. */
export function yearName(year: string): string | undefined {
  return isYear(year) ? YEAR_NAMES[year] : undefined;
}

export interface User {
  id: UserId;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  /** '' once cleared on the profile page. */
  major: string;
  year: ProfileYear;
  bio: string;
  /** The student opened the link mailed to their address. */
  emailVerified: boolean;
}

export interface NewUser extends Omit<User, 'id' | 'emailVerified'> {
  passwordHash: string;
}

/** What a student may change on their profile page: email and username stay fixed. */
export type Profile = Pick<User, 'firstName' | 'lastName' | 'major' | 'year' | 'bio'>;

export interface UserCredentials {
  user: User;
  passwordHash: string;
}
