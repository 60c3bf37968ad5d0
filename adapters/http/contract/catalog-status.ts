// Which course catalog the app holds (the landing, search and dashboard say
// it), apart from courses.ts so a public screen imports no other schema.
import * as z from 'zod/mini';

/** Which catalog is loaded and how old it is (the landing, search and dashboard say it). */
export const catalogStatusAnswer = z.object({
  source: z.enum(['sync', 'snapshot', 'none']),
  /** "UF Schedule of Courses, Fall 2025, synced 2026-11-27", or "Shipped snapshot of UF's Schedule of Courses (…), built 2025-10-18". */
  description: z.string(),
  /** YYYY-MM-DD, or null when unknown. */
  date: z.nullable(z.string()),
});
