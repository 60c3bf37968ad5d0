import { beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_RULES, type ClientThrottle } from '@application/auth/client-throttle';
import type { LogIn } from '@application/auth/log-in';
import type { SignUp } from '@application/auth/sign-up';
import { EMAIL_TAKEN_MESSAGE, USERNAME_TAKEN_MESSAGE } from '@domain/user/sign-up-rules';
import type { InMemoryUserRepository } from '@tests/fakes/in-memory-user-repository';
import { accountWorld } from '@tests/support/account-world';
import { canonicalName } from '@domain/user/canonical-name';
import { InvalidCredentialsError } from '@domain/user/login-rules';
import { RateLimitedError, ValidationError } from '@domain/errors';

const student = {
  firstName: ' Albert ',
  lastName: 'Gator',
  major: 'Computer Science',
  email: 'Albert@UFL.edu',
  username: 'albert',
  password: 'chomp-chomp',
  year: '3',
  bio: '',
  clientAddress: '10.0.0.1',
};

describe('SignUp and LogIn', () => {
  let users: InMemoryUserRepository;
  let signUp: SignUp;
  let logIn: LogIn;
  let throttle: ClientThrottle;

  beforeEach(() => {
    ({ users, signUp, logIn, throttle } = accountWorld());
  });

  it('creates a student with trimmed names and a lower-cased email, and no hash in the answer', async () => {
    const result = await signUp.execute(student);
    expect(result).toEqual({
      ok: true,
      user: {
        id: 1,
        firstName: 'Albert',
        lastName: 'Gator',
        major: 'Computer Science',
        email: 'albert@ufl.edu',
        username: 'albert',
        year: '3',
        bio: '',
        emailVerified: false,
      },
    });
    expect(JSON.stringify(result)).not.toContain('$2b$');
  });

  it('refuses a registered email regardless of case', async () => {
    await signUp.execute(student);
    const again = await signUp.execute({ ...student, username: 'other', email: 'ALBERT@ufl.edu' });
    expect(again).toEqual({ ok: false, field: 'email', message: EMAIL_TAKEN_MESSAGE });
  });

  it('refuses a taken username regardless of case', async () => {
    await signUp.execute(student);
    const again = await signUp.execute({ ...student, username: 'ALBERT', email: 'other@ufl.edu' });
    expect(again).toEqual({ ok: false, field: 'username', message: USERNAME_TAKEN_MESSAGE });
  });

  it('throws the first failing rule as a validation error', async () => {
    await expect(signUp.execute({ ...student, major: '' })).rejects.toEqual(new ValidationError('Please enter major', 'major'));
  });

  it('logs in with the right password, case-insensitive username', async () => {
    await signUp.execute(student);
    const user = await logIn.execute({ username: 'ALBERT', password: 'chomp-chomp', clientAddress: '10.0.0.1' });
    expect(user.username).toBe('albert');
  });

  it('gives one message for a wrong password and an unknown user', async () => {
    await signUp.execute(student);
    const wrong = await logIn.execute({ username: 'albert', password: 'nope', clientAddress: 'a' }).catch((e: unknown) => e);
    const unknown = await logIn.execute({ username: 'nobody', password: 'nope', clientAddress: 'a' }).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(InvalidCredentialsError);
    expect(wrong).toMatchObject({ code: 'INVALID_CREDENTIALS', kind: 'unauthenticated', message: 'Invalid username or password' });
    expect(unknown).toEqual(wrong);
  });

  it(`throttles sign-ups per client address (${CLIENT_RULES.signUps.points} an hour), not counting forms that break a rule`, async () => {
    for (let i = 0; i < 5; i++) await expect(signUp.execute({ ...student, major: '' })).rejects.toBeInstanceOf(ValidationError);
    for (let i = 0; i < CLIENT_RULES.signUps.points; i++) {
      const result = await signUp.execute({ ...student, username: `student${i}`, email: `student${i}@ufl.edu` });
      expect(result.ok).toBe(true);
    }
    const refused = await signUp.execute({ ...student, username: 'one-more', email: 'one-more@ufl.edu' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect(refused).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many sign-ups from your network\. Try again in 60 minutes\.$/),
    });
    expect((refused as RateLimitedError).retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect(await users.findCredentialsByUsername(canonicalName('one-more'))).toBeNull();
    expect((await signUp.execute({ ...student, username: 'elsewhere', email: 'elsewhere@ufl.edu', clientAddress: '10.0.0.2' })).ok).toBe(
      true,
    );
  });

  it(`throttles new anonymous tokens per client address (${CLIENT_RULES.anonymousTokens.points} a minute)`, async () => {
    for (let i = 0; i < CLIENT_RULES.anonymousTokens.points; i++) await throttle.anonymousToken('10.0.0.3');
    const refused = await throttle.anonymousToken('10.0.0.3').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfterSeconds).toBeLessThanOrEqual(60);
    await throttle.anonymousToken('10.0.0.4');
  });
});
