// Accounts and sessions (spec section 7): the five account calls and the token.
import { z } from 'zod';
import { YEARS } from '../../../domain/user/user';
import { errorAnswer } from './errors';
import { id, textField } from './primitives';

/** The signed-in student, as every auth answer carries them (never the password hash). */
export const user = z
  .object({
    id,
    firstName: z.string(),
    lastName: z.string(),
    username: z.string(),
    email: z.string(),
    major: z.string(),
    year: z.enum(YEARS),
    bio: z.string(),
  })
  .meta({ id: 'User' });

export const tokenAnswer = z.object({ token: z.string() });

export const signedIn = z.object({ isAuthenticated: z.literal(true), user });
export const signedOut = z.object({ isAuthenticated: z.literal(false) });
export const sessionAnswer = z.discriminatedUnion('isAuthenticated', [signedIn, signedOut]);

// Generous caps: the rules in domain/user give the precise messages; these only
// stop absurd payloads before any work is done.
export const logInBody = z.object({
  username: textField(200).default(''),
  password: textField(1000).default(''),
});

/** A refused login keeps the spec's auth fields beside the house error (401 wrong password, 429 too many). */
export const logInRefusal = errorAnswer.extend({ isAuthenticated: z.literal(false), msg: z.string() }).meta({ id: 'LogInRefusal' });

export const signUpBody = z.object({
  firstName: textField(1000).default(''),
  lastName: textField(1000).default(''),
  major: textField(1000).default(''),
  email: textField(1000).default(''),
  username: textField(1000).default(''),
  password: textField(1000).default(''),
  year: z
    .union([z.string(), z.number()], { message: 'must be "1", "2", "3" or "4"' })
    .transform(String)
    .default(''),
  bio: textField(5000, { multiline: true })
    .nullish()
    .transform((v) => v ?? ''),
});

/** The spec's answer when the email (or username) is taken: 200, not signed in. */
export const signUpTaken = z.object({
  isAuthenticated: z.literal(false),
  msg: z.string(),
  field: z.enum(['email', 'username']),
});

export const signUpAnswer = z.union([signedIn, signUpTaken]);

export type User = z.infer<typeof user>;
export type LogInBody = z.input<typeof logInBody>;
export type SignUpBody = z.input<typeof signUpBody>;
