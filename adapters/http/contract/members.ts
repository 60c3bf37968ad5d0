// A classmate or group member as other students see them (no email); snake_case as the spec sends it.
import * as z from 'zod/mini';
import { profileYear } from './auth';
import { described, id } from './primitives';

export const member = described(
  z.object({
    id,
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    major: z.string(),
    /** "" when the student has not said: "Not specified". */
    year: profileYear,
    bio: z.string(),
    /** False until the student verified their address: the profile card says "Unverified". */
    verified: z.boolean(),
  }),
  { id: 'Member' },
);

export type Member = z.infer<typeof member>;
