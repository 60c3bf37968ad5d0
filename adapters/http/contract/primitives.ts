// Building blocks of the wire contract: ids as requests send them and answers
// carry them, and the text field every request's text passes through.
// Pure zod over domain/: the client bundles this folder, so nothing here may
// import the server (tests/unit/architecture.test.ts).
import { z } from 'zod';
import { applyTextPolicy, type TextPolicyOptions } from '../../../domain/text/text-policy';

/** The largest id a Postgres integer column holds. */
export const MAX_ID = 2_147_483_647;

/** An id in a request: a JSON number or a string of digits (spec bodies and paths send both). */
export const requestId = z
  .union(
    [
      z.number().int().positive().max(MAX_ID),
      z
        .string()
        .regex(/^\d{1,10}$/)
        .transform(Number)
        .refine((n) => n > 0 && n <= MAX_ID),
    ],
    { message: 'must be a positive whole number' },
  )
  .meta({ description: 'A positive whole number, as a JSON number or a string of digits.' });

/** An id in an answer. */
export const id = z.number().int().positive();

/** Marks the zod issue of a text-policy refusal, so the edge answers INVALID_TEXT naming the field. */
export const INVALID_TEXT_ISSUE = 'INVALID_TEXT';

/**
 * A string field of at most `max` UTF-16 units (a generous cap that stops absurd
 * payloads; domain/ gives the precise limits), checked by the one text policy
 * (domain/text/text-policy.ts) and NFC-normalised before any use case sees it.
 */
export function textField(max: number, options: TextPolicyOptions = {}) {
  return z
    .string({ message: 'must be a string' })
    .max(max, `must be at most ${max} characters`)
    .transform((value, ctx) => {
      const verdict = applyTextPolicy(value, options);
      if (verdict.ok) return verdict.text;
      ctx.addIssue({ code: 'custom', message: verdict.reason, params: { code: INVALID_TEXT_ISSUE } });
      return z.NEVER;
    });
}

/**
 * The spec's redundant "who is acting" ids (`userID`, `ownerID`): optional, and
 * when present they must be the session's student (checked once, at the edge).
 */
export const actingIds = {
  userID: requestId.optional(),
  ownerID: requestId.optional(),
};
