import { describe, expect, it } from 'vitest';
import { checkNewPassword, checkProfile, checkSignUp, normaliseProfile, type SignUpInput } from '@domain/user/sign-up-rules';
import { checkLogin } from '@domain/user/login-rules';

const valid: SignUpInput = {
  firstName: 'Albert',
  lastName: 'Gator',
  major: 'Computer Science',
  email: 'albert@ufl.edu',
  username: 'albert.gator',
  password: 'secret-swamp',
  year: '2',
  bio: '',
};

describe('sign-up rules (spec 5, in order)', () => {
  it('accepts a valid sign-up with an empty bio', () => {
    expect(checkSignUp(valid)).toBeNull();
  });

  // Each step empties or breaks one more field, so the expected message is the
  // first failing rule: this checks the order as well as the text.
  const steps: [Partial<SignUpInput>, string, string][] = [
    [{ year: '' }, 'year', 'Please enter year'],
    [{ password: '' }, 'password', 'Please enter password'],
    [{ username: '' }, 'username', 'Please enter username.'],
    [{ email: 'albert@gmail.com' }, 'email', 'Please enter a valid UFL email'],
    [{ email: '' }, 'email', 'Please enter email'],
    [{ major: '' }, 'major', 'Please enter major'],
    [{ lastName: 'Gat0r' }, 'lastName', 'Do not include numbers in your name!'],
    [{ lastName: '' }, 'lastName', 'Please enter last name'],
    [{ firstName: 'Alb3rt' }, 'firstName', 'Do not include numbers in your name!'],
    [{ firstName: '' }, 'firstName', 'Please enter first name'],
  ];
  let input = { ...valid };
  for (const [change, field, message] of steps) {
    input = { ...input, ...change };
    const snapshot = input;
    it(`${field}: "${message}" wins over every later rule`, () => {
      expect(checkSignUp(snapshot)).toEqual({ field, message });
    });
  }

  it.each([['albert @ufl.edu'], ['albert@ufl.edu.com'], ['albert@mail.ufl.edu'], ['@ufl.edu'], ['albert@ufl.edux']])(
    'rejects %s as not a UFL email',
    (email) => {
      expect(checkSignUp({ ...valid, email })).toEqual({ field: 'email', message: 'Please enter a valid UFL email' });
    },
  );

  it('accepts the UFL domain in any case', () => {
    expect(checkSignUp({ ...valid, email: 'Albert@UFL.EDU' })).toBeNull();
  });

  it.each([
    ['ab', 'too short'],
    ['a'.repeat(31), 'too long'],
    ['albert gator', 'a space'],
    ['albert!', 'a symbol'],
  ])('rejects username %s (%s)', (username) => {
    expect(checkSignUp({ ...valid, username })?.field).toBe('username');
  });

  it.each([
    ['firstName', 'a'.repeat(51)],
    ['lastName', 'a'.repeat(51)],
    ['major', 'm'.repeat(101)],
    ['bio', 'b'.repeat(501)],
    ['year', '5'],
    ['password', 'p'.repeat(73)],
  ] as const)('limits %s', (field, value) => {
    expect(checkSignUp({ ...valid, [field]: value })?.field).toBe(field);
  });
});

describe('invisible characters in sign-up addresses and usernames', () => {
  const invisible = [
    ['zero-width space', '\u200b'],
    ['zero-width joiner', '\u200d'],
    ['left-to-right mark', '\u200e'],
    ['right-to-left override', '\u202e'],
    ['word joiner', '\u2060'],
    ['invisible times', '\u2062'],
    ['soft hyphen', '\u00ad'],
    ['tag character', '\u{e0041}'],
    ['variation selector', '\ufe0f'],
    ['Hangul filler', '\u3164'],
  ];

  it.each(invisible)('refuses an email with a %s', (_name, char) => {
    for (const email of [`sp${char}@ufl.edu`, `${char}sp@ufl.edu`, `s${char}p@ufl.edu`]) {
      expect(checkSignUp({ ...valid, email })).toEqual({ field: 'email', message: 'Email must not contain invisible characters' });
    }
  });

  it.each(invisible)('refuses a username with a %s', (_name, char) => {
    expect(checkSignUp({ ...valid, username: `albert${char}gator` })).toEqual({
      field: 'username',
      message: 'Username must not contain invisible characters',
    });
  });

  it('checks them right after the email and username rules of the spec', () => {
    // The email's format is still checked first; the username's invisible
    // character outranks a missing password (the next spec rule).
    expect(checkSignUp({ ...valid, email: 'sp\u200b@gmail.com' })?.message).toBe('Please enter a valid UFL email');
    expect(checkSignUp({ ...valid, email: 'sp\u200b@ufl.edu', username: '' })?.message).toBe('Email must not contain invisible characters');
    expect(checkSignUp({ ...valid, username: 'al\u200bbert', password: '' })?.message).toBe(
      'Username must not contain invisible characters',
    );
  });

  it('still accepts visible non-ASCII letters in an address', () => {
    expect(checkSignUp({ ...valid, email: 'josé.núñez@ufl.edu' })).toBeNull();
  });
});

describe("profile rules: sign-up's, with major and year clearable", () => {
  const profile = { firstName: 'Alice', lastName: 'Gator', major: 'Zoology', year: '2', bio: '' };

  it('accepts a cleared major and year, and refuses what sign-up refuses', () => {
    expect(checkProfile({ ...profile, major: '  ', year: '' })).toBeNull();
    expect(checkProfile({ ...profile, firstName: ' ' })).toEqual({ field: 'firstName', message: 'Please enter first name' });
    expect(checkProfile({ ...profile, lastName: 'G8tor' })).toEqual({ field: 'lastName', message: 'Do not include numbers in your name!' });
    expect(checkProfile({ ...profile, major: 'm'.repeat(101) })).toEqual({
      field: 'major',
      message: 'Major must be at most 100 characters',
    });
    expect(checkProfile({ ...profile, year: '0' })).toEqual({ field: 'year', message: 'Please enter year' });
    expect(checkProfile({ ...profile, bio: 'b'.repeat(501) })?.field).toBe('bio');
    // In sign-up's order: the first name before the year.
    expect(checkProfile({ ...profile, firstName: '', year: '9' })?.field).toBe('firstName');
  });

  it('normalises as sign-up does', () => {
    expect(normaliseProfile({ ...profile, firstName: ' Alice ', major: ' ', bio: ' hi ' })).toEqual({ ...profile, major: '', bio: 'hi' });
  });

  it("asks a new password to follow sign-up's password rules", () => {
    expect(checkNewPassword('')).toBe('Please enter password');
    expect(checkNewPassword('é'.repeat(37))).toBe('Password must be at most 72 bytes');
    expect(checkNewPassword('chomp-chomp-42')).toBeNull();
  });

  it('asks a new password for at least 8 characters (code points: an emoji is one)', () => {
    for (const short of ['x', 'gator12', '🐊🐊🐊🐊🐊🐊🐊']) {
      expect(checkNewPassword(short), short).toBe('Choose a password of at least 8 characters.');
      expect(checkSignUp({ ...valid, password: short })).toEqual({
        field: 'password',
        message: 'Choose a password of at least 8 characters.',
      });
    }
    for (const enough of ['gator123', '🐊🐊🐊🐊🐊🐊🐊🐊', '        ']) expect(checkNewPassword(enough), enough).toBeNull();
  });
});

describe('login rules (spec 5)', () => {
  it('asks for the username first, then the password', () => {
    expect(checkLogin({ username: '', password: '' })).toEqual({ field: 'username', message: 'Please enter a username' });
    expect(checkLogin({ username: 'albert', password: '' })).toEqual({ field: 'password', message: 'Please enter a password' });
    expect(checkLogin({ username: 'albert', password: 'x' })).toBeNull();
  });
});
