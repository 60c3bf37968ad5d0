// A classmate or group member as other students see them (no email); snake_case as the spec sends it.
import * as z from 'zod/mini';
import { YEARS } from '../../../domain/user/user';
import { described, id } from './primitives';

export const member = described(
  z.object({
    id,
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    major: z.string(),
    year: z.enum(YEARS),
    bio: z.string(),
  }),
  { id: 'Member' },
);

export type Member = z.infer<typeof member>;
