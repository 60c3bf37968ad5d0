// The most common passwords (a published list): a new password may not be one.
export interface CommonPasswords {
  /** True when the password, with its letters in any case, is on the list. */
  includes(password: string): Promise<boolean>;
}
