// Sign-up rules in the order of the product spec (section 5), then the server's
// stricter limits. The first failure wins, so messages match what the form shows.
// The server's invisible-character rules sit right after the email and username
// rules of the spec, so they name the field the student must fix.
// The profile page (checkProfile) and every new password (checkNewPassword)
// run the same rules for their fields, so there is no second copy to keep in step.
// A new password must also not be among the most common ones: the server checks
// that against its list (too large to send to the client), after these rules.
import { utf8ByteLength } from '@domain/text/text-policy';
import { isYear, type Profile, type Year } from './user';

export interface SignUpInput {
  firstName: string;
  lastName: string;
  major: string;
  email: string;
  username: string;
  password: string;
  year: string;
  bio: string;
}

/** The sign-up form's fields, in the order the form shows them. */
export const SIGN_UP_FIELDS = [
  'firstName',
  'lastName',
  'bio',
  'major',
  'year',
  'email',
  'username',
  'password',
] as const satisfies readonly (keyof SignUpInput)[];

export interface RuleFailure {
  field: keyof SignUpInput;
  message: string;
}

/** What sign-up answers when the canonical email or username belongs to another account (spec section 8 for the email). */
export const EMAIL_TAKEN_MESSAGE = 'Email Address is already registered!';
export const USERNAME_TAKEN_MESSAGE = 'That username is already taken';

const UFL_EMAIL = /^[^\s@]+@ufl\.edu$/i;
/** The longest username sign-up takes. */
export const USERNAME_MAX_LENGTH = 30;
const USERNAME_PATTERN = new RegExp(`^[A-Za-z0-9._-]{3,${USERNAME_MAX_LENGTH}}$`);
const LIMITS = { name: 50, major: 100, bio: 500, email: 254, password: 72 } as const;
/** The fewest characters a new password may have (sign-up, reset, change); a password set before the rule still signs in. */
const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_TOO_SHORT_MESSAGE = `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters.`;
/** A new password among the most common ones: the server checks it (the list is not in the client). */
export const PASSWORD_TOO_COMMON_MESSAGE = 'That password is too common; choose another.';

const hasDigit = (value: string) => /\d/.test(value);

/**
 * Characters that print nothing: format characters (Unicode category Cf: zero-width
 * space and joiners, bidi marks and overrides, soft hyphen, word joiner, BOM ...)
 * and the other default-ignorable code points (variation selectors, Hangul
 * fillers ...). An address or a username holding one would look like another
 * account's, so sign-up refuses them.
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
const hasInvisibleCharacters = (value: string) => INVISIBLE.test(value);

/** `may-clear`: a rule that asks for a value sign-up needs and a profile may leave empty (major, year). */
type Rule = [field: keyof SignUpInput, failed: (input: SignUpInput) => boolean, message: string, kind?: 'may-clear'];

const RULES: Rule[] = [
  ['firstName', (i) => i.firstName.trim() === '', 'Please enter first name'],
  ['firstName', (i) => hasDigit(i.firstName), 'Do not include numbers in your name!'],
  ['lastName', (i) => i.lastName.trim() === '', 'Please enter last name'],
  ['lastName', (i) => hasDigit(i.lastName), 'Do not include numbers in your name!'],
  ['major', (i) => i.major.trim() === '', 'Please enter major', 'may-clear'],
  ['email', (i) => i.email.trim() === '', 'Please enter email'],
  ['email', (i) => !UFL_EMAIL.test(i.email.trim()), 'Please enter a valid UFL email'],
  ['email', (i) => hasInvisibleCharacters(i.email), 'Email must not contain invisible characters'],
  ['username', (i) => i.username.trim() === '', 'Please enter username.'],
  ['username', (i) => hasInvisibleCharacters(i.username), 'Username must not contain invisible characters'],
  ['password', (i) => i.password === '', 'Please enter password'],
  ['year', (i) => i.year === '', 'Please enter year', 'may-clear'],
  // Server-side limits beyond the spec's form rules.
  ['firstName', (i) => i.firstName.trim().length > LIMITS.name, `First name must be at most ${LIMITS.name} characters`],
  ['lastName', (i) => i.lastName.trim().length > LIMITS.name, `Last name must be at most ${LIMITS.name} characters`],
  ['major', (i) => i.major.trim().length > LIMITS.major, `Major must be at most ${LIMITS.major} characters`],
  ['email', (i) => i.email.trim().length > LIMITS.email, 'Please enter a valid UFL email'],
  ['username', (i) => !USERNAME_PATTERN.test(i.username.trim()), 'Username must be 3-30 letters, digits, ".", "_" or "-"'],
  ['password', (i) => [...i.password].length < PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE],
  // bcrypt only reads the first 72 bytes; longer passwords would be silently truncated.
  ['password', (i) => utf8ByteLength(i.password) > LIMITS.password, `Password must be at most ${LIMITS.password} bytes`],
  ['year', (i) => i.year !== '' && !isYear(i.year), 'Please enter year'],
  ['bio', (i) => i.bio.trim().length > LIMITS.bio, `Bio must be at most ${LIMITS.bio} characters`],
];

export function checkSignUp(input: SignUpInput): RuleFailure | null {
  for (const [field, failed, message] of RULES) {
    if (failed(input)) return { field, message };
  }
  return null;
}

/** The fields of the profile page, in the order it shows them. */
export const PROFILE_FIELDS = ['firstName', 'lastName', 'bio', 'major', 'year'] as const satisfies readonly (keyof Profile)[];

export interface ProfileInput {
  firstName: string;
  lastName: string;
  major: string;
  /** '' clears it. */
  year: string;
  bio: string;
}

/**
 * The profile page's rules: sign-up's rules for these fields, in sign-up's
 * order, except that major and year may be cleared (others then see "Not
 * specified", as the spec's user menu says).
 */
export function checkProfile(input: ProfileInput): { field: keyof ProfileInput; message: string } | null {
  // Only rules of profile fields run, and they read only those fields.
  const asSignUp = input as SignUpInput;
  for (const [field, failed, message, kind] of RULES) {
    if (!(PROFILE_FIELDS as readonly string[]).includes(field) || kind === 'may-clear') continue;
    if (failed(asSignUp)) return { field: field as keyof ProfileInput, message };
  }
  return null;
}

/** The stored form of a valid profile: trimmed. */
export function normaliseProfile(input: ProfileInput): Profile {
  return {
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    major: input.major.trim(),
    year: input.year as Year | '',
    bio: input.bio.trim(),
  };
}

/** A new password (reset, change) follows sign-up's password rules: not empty, at least 8 characters, at most 72 bytes. */
export function checkNewPassword(password: string): string | null {
  const asSignUp = { password } as SignUpInput;
  for (const [field, failed, message] of RULES) {
    if (field === 'password' && failed(asSignUp)) return message;
  }
  return null;
}

/** The stored form of a valid sign-up: trimmed, email lower-cased. */
export function normaliseSignUp(input: SignUpInput) {
  return {
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    major: input.major.trim(),
    email: input.email.trim().toLowerCase(),
    username: input.username.trim(),
    year: input.year as Year,
    bio: input.bio.trim(),
  };
}
