// Accounts students can trust: verifying the address, getting back
// in with a mailed link, changing the password, editing the profile and
// deleting the account.
import * as z from 'zod/mini';
import { bioField, user, yearField } from './auth';
import { optionalText, textField } from './primitives';

/** A link's token as the page read it from the address; one that is not a token is simply not found. */
const linkToken = textField(200);

export const verifyEmailBody = z.object({ token: linkToken });
/** `alreadyVerified`: the link was opened before (or its time is up) and the address is verified: the page says so. */
export const verifyEmailAnswer = z.object({ emailVerified: z.literal(true), alreadyVerified: z.boolean() });

/** `sent`: a new link is on its way; false when the address is already verified (nothing to send). */
export const resendVerificationAnswer = z.object({ sent: z.boolean(), emailVerified: z.boolean() });

export const requestPasswordResetBody = z.object({
  /** The account's email address or its username. */
  emailOrUsername: optionalText(300),
});
/** The same answer whether or not an account exists. */
export const requestPasswordResetAnswer = z.object({ message: z.string() });

/** The reset page's check of its link as it opens (nothing is used up). */
export const resetLinkQuery = z.object({ token: linkToken });
export const resetLinkAnswer = z.object({ usable: z.literal(true) });

export const resetPasswordBody = z.object({ token: linkToken, password: optionalText(1000) });
export const resetPasswordAnswer = z.object({ passwordReset: z.literal(true) });

export const changePasswordBody = z.object({ currentPassword: optionalText(1000), newPassword: optionalText(1000) });
export const changePasswordAnswer = z.object({ passwordChanged: z.literal(true) });

/** Every field is optional: one left out keeps its value. major and year may be "" (cleared). */
export const updateProfileBody = z.object({
  firstName: z.optional(textField(1000)),
  lastName: z.optional(textField(1000)),
  major: z.optional(textField(1000)),
  year: z.optional(yearField),
  bio: z.optional(bioField),
});
export const updateProfileAnswer = z.object({ user });

export const deleteAccountBody = z.object({ password: optionalText(1000) });
export const deleteAccountAnswer = z.object({ isAuthenticated: z.literal(false), accountDeleted: z.literal(true) });

export type UpdateProfileBody = z.input<typeof updateProfileBody>;
