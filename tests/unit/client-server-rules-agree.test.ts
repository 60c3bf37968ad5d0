// The client checks the spec's form rules before sending; the server checks
// them again. This keeps the two copies from drifting apart.
import { describe, expect, it } from 'vitest';
import { checkLogin } from '../../domain/user/login-rules';
import { checkSignUp, type SignUpInput } from '../../domain/user/sign-up-rules';
import { validateLogIn } from '../../web/src/features/auth/log-in-validation';
import { validateSignUp } from '../../web/src/features/auth/sign-up-validation';

const valid: SignUpInput = {
  firstName: 'Albert',
  lastName: 'Gator',
  major: 'Zoology',
  email: 'albert@ufl.edu',
  username: 'albert',
  password: 'pw',
  year: '1',
  bio: '',
};

const variations: Partial<SignUpInput>[] = [
  {},
  { firstName: '' },
  { firstName: '   ' },
  { firstName: 'R2D2' },
  { lastName: '' },
  { lastName: 'Gat0r' },
  { major: '' },
  { email: '' },
  { email: 'albert@gmail.com' },
  { email: 'al bert@ufl.edu' },
  { email: 'ALBERT@UFL.EDU' },
  { username: '' },
  { password: '' },
  { year: '' },
  { firstName: '', lastName: '', major: '', email: '', username: '', password: '', year: '' },
  { major: '', password: '' },
  { email: 'x@ufl.edu', year: '' },
];

describe('client and server apply the spec rules alike', () => {
  it.each(variations.map((v) => [JSON.stringify(v), v] as const))('sign-up %s', (_label, change) => {
    const input = { ...valid, ...change };
    expect(validateSignUp(input)).toEqual(checkSignUp(input));
  });

  it.each([
    ['', ''],
    ['a', ''],
    ['', 'b'],
    ['a', 'b'],
    ['  ', 'b'],
  ])('login %j / %j', (username, password) => {
    expect(validateLogIn({ username, password })).toEqual(checkLogin({ username, password }));
  });
});
