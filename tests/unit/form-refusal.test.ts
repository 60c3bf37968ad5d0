// How an account form shows a refused call (web/src/lib/form-refusal.ts): a
// refusal read as the contract's house error goes under the form's field it
// names, in the server's words; anything else (a reset link that expired or
// is not a token, a server failure, no answer) is the form's own error.
import * as z from 'zod/mini';
import { describe, expect, it, vi } from 'vitest';
import { NetworkError } from '@web/lib/api-client';
import { readAnswer } from '@web/lib/api-error';
import { refusedField, showRefusal } from '@web/lib/form-refusal';

/** The error the client's call() throws for this answer. */
function failure(status: number, body: unknown): unknown {
  try {
    readAnswer(
      '/api/reset-password/',
      { ok: status < 300, status, body, headers: new Headers() },
      z.object({ passwordReset: z.literal(true) }),
    );
  } catch (error) {
    return error;
  }
  throw new Error('the answer was not refused');
}

describe('a refusal on a form', () => {
  it('goes under the field it names, in the server’s words', () => {
    const wrong = failure(403, { error: 'WRONG_PASSWORD', message: 'That is not your current password.', field: 'currentPassword' });
    expect(refusedField(wrong, ['currentPassword', 'newPassword'])).toEqual({
      field: 'currentPassword',
      message: 'That is not your current password.',
    });
    const rule = failure(400, {
      error: 'VALIDATION_FAILED',
      message: 'Passwords must be at least 8 characters.',
      field: 'password',
      requestId: 'r1',
    });
    expect(refusedField(rule, ['password'])).toEqual({ field: 'password', message: 'Passwords must be at least 8 characters.' });
  });

  it('is the form’s own when it is about the reset link, not the password', () => {
    const notAToken = failure(400, { error: 'VALIDATION_FAILED', message: 'token: must be at most 200 characters', field: 'token' });
    expect(refusedField(notAToken, ['password'])).toBeNull();
    const expired = failure(400, { error: 'LINK_INVALID', message: 'This reset link has expired or was already used. Ask for a new one.' });
    expect(refusedField(expired, ['password'])).toBeNull();

    const setError = vi.fn();
    showRefusal(setError, expired, ['password'], 'This reset link has expired or was already used. Ask for a new one.');
    expect(setError.mock.calls).toEqual([['root', { message: 'This reset link has expired or was already used. Ask for a new one.' }]]);
  });

  it('is the form’s own for a server failure, an answer not of the house shape, or no answer', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(
      refusedField(failure(500, { error: 'INTERNAL_ERROR', message: 'Something went wrong on our side.', field: 'password' }), [
        'password',
      ]),
    ).toBeNull();
    expect(refusedField(failure(400, { field: 'password', msg: 'no house error' }), ['password'])).toBeNull();
    expect(refusedField(failure(400, null), ['password'])).toBeNull();
    expect(refusedField(new NetworkError('/api/reset-password/', new TypeError('Failed to fetch')), ['password'])).toBeNull();

    const setError = vi.fn();
    showRefusal(
      setError,
      failure(400, { error: 'VALIDATION_FAILED', message: 'Please enter a password', field: 'password' }),
      ['password'],
      'unused',
    );
    expect(setError.mock.calls).toEqual([['password', { message: 'Please enter a password' }, { shouldFocus: true }]]);
    vi.restoreAllMocks();
  });
});
