// The user object every auth answer carries, checked at the edge of the client.
import { z } from 'zod';
import { isYear, type Year } from './class-standing';

// Lenient on the optional profile fields: an account with an odd year or a
// null bio must still be able to use the app, it just reads "Not specified".
export const optionalText = z
  .string()
  .nullish()
  .transform((value) => value ?? '');

export const yearField = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value): Year | null => {
    const text = value == null ? '' : String(value);
    return isYear(text) ? text : null;
  });

export const userSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string(),
  major: optionalText,
  year: yearField,
  bio: optionalText,
});

export type User = z.infer<typeof userSchema>;
