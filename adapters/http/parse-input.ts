// Parses a request's body, path parameters or query with its schema from the
// wire contract: a wrong shape is a 400 naming the field, and text the text
// policy refuses (marked by the contract's textField) is 400 INVALID_TEXT.
import * as z from 'zod/mini';
import { type DomainError, InvalidTextError, ValidationError } from '@domain/errors';
import { INVALID_TEXT_ISSUE } from '@contract/primitives';

/** The refusal for a value of the wrong shape: VALIDATION_FAILED unless a route says otherwise. */
export type Refusal = (field: string | undefined, message: string) => DomainError;

const validationFailed: Refusal = (field, message) =>
  new ValidationError(field ? `${field}: ${message}` : `Request body: ${message}`, field);

export function parseInput<S extends z.ZodMiniType>(schema: S, input: unknown, refuse: Refusal = validationFailed): z.output<S> {
  const parsed = z.safeParse(schema, input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue.path.length > 0 ? String(issue.path[0]) : undefined;
  if (issue.code === 'custom' && (issue.params as { code?: string } | undefined)?.code === INVALID_TEXT_ISSUE) {
    const name = field ?? 'text';
    throw new InvalidTextError(name, `The ${fieldLabel(name)} ${issue.message}.`);
  }
  throw refuse(field, issue.message);
}

/** "firstName" → "first name", for messages a student reads. */
function fieldLabel(field: string): string {
  return field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}
