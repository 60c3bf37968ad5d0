// Building blocks of the wire contract: ids as requests send them and answers
// carry them, and the text field every request's text passes through.
// The contract is written with zod/mini (the functional, tree-shakable form
// of zod 4): the client bundles this folder, and classic zod would cost it
// about 20 kB gzipped. Nothing here may import the server
// (tests/unit/architecture.test.ts).
import * as z from 'zod/mini';
import { applyTextPolicy, type TextPolicyOptions } from '@domain/text/text-policy';

/** The largest id a Postgres integer column holds. */
export const MAX_ID = 2_147_483_647;

/** Names a schema in the OpenAPI document (a component) or describes it. */
export function described<T extends z.ZodMiniType>(schema: T, meta: z.core.GlobalMeta): T {
  z.globalRegistry.add(schema, meta);
  return schema;
}

/** An id in a request: a JSON number or a string of digits (spec bodies and paths send both). */
export const requestId = described(
  z.union(
    [
      z.int().check(z.positive(), z.lte(MAX_ID)),
      z
        .pipe(
          z.string().check(z.regex(/^\d{1,10}$/)),
          z.transform((digits: string) => Number(digits)),
        )
        .check(z.refine((n: number) => n > 0 && n <= MAX_ID)),
    ],
    { error: 'must be a positive whole number' },
  ),
  { description: 'A positive whole number, as a JSON number or a string of digits.' },
);

/** An id in an answer. */
export const id = z.int().check(z.positive());

/** Marks the zod issue of a text-policy refusal, so the edge answers INVALID_TEXT naming the field. */
export const INVALID_TEXT_ISSUE = 'INVALID_TEXT';

/**
 * A string field of at most `max` UTF-16 units (a generous cap that stops absurd
 * payloads; domain/ gives the precise limits), checked by the one text policy
 * (domain/text/text-policy.ts) and NFC-normalised before any use case sees it.
 */
export function textField(max: number, options: TextPolicyOptions = {}) {
  return z.pipe(
    z.string({ error: 'must be a string' }).check(z.maxLength(max, `must be at most ${max} characters`)),
    z.transform((value: string, ctx) => {
      const verdict = applyTextPolicy(value, options);
      if (verdict.ok) return verdict.text;
      ctx.issues.push({ code: 'custom', message: verdict.reason, input: value, params: { code: INVALID_TEXT_ISSUE } });
      return z.NEVER;
    }),
  );
}

/** A text field that may be left out (it is then ''). */
export function optionalText(max: number, options: TextPolicyOptions = {}) {
  return z._default(textField(max, options), '');
}

/**
 * The spec's redundant "who is acting" ids (`userID`, `ownerID`): optional, and
 * when present they must be the session's student (checked once, at the edge).
 */
export const actingIds = {
  userID: z.optional(requestId),
  ownerID: z.optional(requestId),
};
