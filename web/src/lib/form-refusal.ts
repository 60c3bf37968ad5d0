// The one way an account form shows a refused call: under the field the
// refusal names, when the form has that field (a wrong password, a rule of
// sign-up the server applied), and otherwise as the form's own error (`root`):
// a reset link that expired is not a password problem.
import { ApiError } from './api-error';

/** A refusal the server explained (a 4xx), as opposed to no answer or a failure on its side. */
const isRefusal = (error: unknown): error is ApiError => error instanceof ApiError && error.status >= 400 && error.status < 500;

/** The form's field a refusal belongs under, with the server's words; null when it belongs to the form as a whole. */
export function refusedField<Field extends string>(error: unknown, fields: readonly Field[]): { field: Field; message: string } | null {
  if (!isRefusal(error)) return null;
  const field = fields.find((name) => name === error.field);
  return field !== undefined && error.serverMessage ? { field, message: error.serverMessage } : null;
}

/**
 * Shows a failed call on a form (react-hook-form's or use-checked-form's): under its field (which gets
 * the focus), or as the form's error in `formMessage`'s words. A failure that
 * is not a refusal (no answer, or the server failed) is also logged.
 */
export function showRefusal<Field extends string>(
  setError: (name: Field | 'root', error: { message: string }, options?: { shouldFocus: boolean }) => void,
  error: unknown,
  fields: readonly Field[],
  formMessage: string,
): void {
  if (!isRefusal(error)) console.error('The form could not be sent', error);
  const refused = refusedField(error, fields);
  if (refused) setError(refused.field, { message: refused.message }, { shouldFocus: true });
  else setError('root', { message: formMessage });
}
