// Validates a request body with zod; a wrong shape is a 400 naming the field.
// Every text field goes through textField, which applies the one text policy
// (domain/text/text-policy.ts) before any use case sees the value.
import type { Context } from 'koa';
import { z } from 'zod';
import { InvalidTextError, ValidationError } from '../../domain/errors';
import { applyTextPolicy, type TextPolicyOptions } from '../../domain/text/text-policy';

const INVALID_TEXT = 'INVALID_TEXT';

/**
 * A string field of at most `max` UTF-16 units (a generous cap that stops absurd
 * payloads; domain/ gives the precise limits), checked and NFC-normalised.
 */
export function textField(max: number, options: TextPolicyOptions = {}) {
  return z
    .string({ message: 'must be a string' })
    .max(max, `must be at most ${max} characters`)
    .transform((value, ctx) => {
      const verdict = applyTextPolicy(value, options);
      if (verdict.ok) return verdict.text;
      ctx.addIssue({ code: 'custom', message: verdict.reason, params: { code: INVALID_TEXT } });
      return z.NEVER;
    });
}

export function parseBody<S extends z.ZodType>(schema: S, ctx: Context): z.infer<S> {
  const body = (ctx.request as { body?: unknown }).body;
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue.path.length > 0 ? String(issue.path[0]) : undefined;
  if (issue.code === 'custom' && (issue.params as { code?: string } | undefined)?.code === INVALID_TEXT) {
    const name = field ?? 'text';
    throw new InvalidTextError(name, `The ${fieldLabel(name)} ${issue.message}.`);
  }
  throw new ValidationError(field ? `${field}: ${issue.message}` : `Request body: ${issue.message}`, field);
}

/** "firstName" → "first name", for messages a student reads. */
function fieldLabel(field: string): string {
  return field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}
