// What a new password (sign-up, reset, change) must pass beyond the form's
// rules of domain/ (which the client checks too): it is not one of the most
// common passwords. Logging in never asks: a password set before stays usable.
import { ValidationError } from '@domain/errors';
import { PASSWORD_TOO_COMMON_MESSAGE } from '@domain/user/sign-up-rules';
import type { CommonPasswords } from '@application/ports/common-passwords';

/** Throws ValidationError naming `field` when the password is on the list. */
export async function refuseCommonPassword(list: CommonPasswords, password: string, field: string): Promise<void> {
  if (await list.includes(password)) throw new ValidationError(PASSWORD_TOO_COMMON_MESSAGE, field);
}
