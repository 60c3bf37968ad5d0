// The student as other students and the client see them: never the password hash.
export const YEARS = ['1', '2', '3', '4'] as const;
export type Year = (typeof YEARS)[number];

export const YEAR_NAMES: Record<Year, string> = {
  '1': 'Freshman',
  '2': 'Sophomore',
  '3': 'Junior',
  '4': 'Senior',
};

export interface User {
  id: number;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  major: string;
  year: Year;
  bio: string;
}

export interface NewUser extends Omit<User, 'id'> {
  passwordHash: string;
}

export interface UserCredentials {
  user: User;
  passwordHash: string;
}
