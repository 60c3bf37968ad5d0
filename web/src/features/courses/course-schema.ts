// The course and classmate objects the course endpoints carry (snake_case on the wire).
import { z } from 'zod';
import { optionalText as text, yearField } from '../auth/user-schema';

// The identifying fields must be right; the descriptive ones are shown as-is or
// left out, so one odd catalog row cannot break a whole page.
const looseText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value == null ? '' : String(value)));

export const courseSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: text,
  course_number: z.string(),
  term: z.string(),
  class_number: z.union([z.number(), z.string()]).transform(String),
  section: looseText,
  credits: looseText,
  department: text,
  instructors: z
    .array(z.string())
    .nullish()
    .transform((value) => value ?? []),
  mode: text,
});

export type Course = z.infer<typeof courseSchema>;

export const memberSchema = z.object({
  id: z.number(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  major: text,
  year: yearField,
  bio: text,
});

export type Member = z.infer<typeof memberSchema>;
