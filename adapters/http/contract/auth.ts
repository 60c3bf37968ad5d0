// Accounts and sessions (spec section 7): the five account calls and the token.
import * as z from 'zod/mini';
import { YEARS } from '@domain/user/user';
import { errorAnswerWith } from './errors';
import { described, id, optionalText, textField } from './primitives';

/** A profile's year: "1" to "4", or "" when the student cleared it (shown as "Not specified"). */
export const profileYear = z.enum(['', ...YEARS]);

/** The signed-in student, as every auth answer carries them (never the password hash). */
export const user = described(
  z.object({
    id,
    firstName: z.string(),
    lastName: z.string(),
    username: z.string(),
    email: z.string(),
    /** '' once cleared on the profile page. */
    major: z.string(),
    year: profileYear,
    bio: z.string(),
    /** False until the student opens the link mailed to their address. */
    emailVerified: z.boolean(),
  }),
  { id: 'User' },
);

export const tokenAnswer = z.object({ token: z.string() });

export const signedIn = z.object({ isAuthenticated: z.literal(true), user });
export const signedOut = z.object({ isAuthenticated: z.literal(false) });
export const sessionAnswer = z.discriminatedUnion('isAuthenticated', [signedIn, signedOut]);

// Generous caps: the rules in domain/user give the precise messages; these only
// stop absurd payloads before any work is done.
export const logInBody = z.object({
  username: optionalText(200),
  password: optionalText(1000),
});

/** A refused login keeps the spec's auth fields beside the house error (401 wrong password, 429 too many). */
export const logInRefusal = described(errorAnswerWith({ isAuthenticated: z.literal(false), msg: z.string() }), { id: 'LogInRefusal' });

/** A year as forms send it: "2" or 2. */
export const yearField = z.pipe(
  z.union([z.string(), z.number()], { error: 'must be "1", "2", "3" or "4"' }),
  z.transform((value: string | number) => String(value)),
);

/** A bio: multi-line text; null is no bio. */
export const bioField = z.pipe(
  z.nullish(textField(5000, { multiline: true })),
  z.transform((value: string | null | undefined) => value ?? ''),
);

export const signUpBody = z.object({
  firstName: optionalText(1000),
  lastName: optionalText(1000),
  major: optionalText(1000),
  email: optionalText(1000),
  username: optionalText(1000),
  password: optionalText(1000),
  year: z._default(yearField, ''),
  bio: bioField,
});

/** The spec's answer when the email (or username) is taken: 200, not signed in. */
const signUpTaken = z.object({
  isAuthenticated: z.literal(false),
  msg: z.string(),
  field: z.enum(['email', 'username']),
});

export const signUpAnswer = z.union([signedIn, signUpTaken]);

export type User = z.infer<typeof user>;
export type LogInBody = z.input<typeof logInBody>;
export type SignUpBody = z.input<typeof signUpBody>;
