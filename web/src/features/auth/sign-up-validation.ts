// The Create Account rules of the product spec, in its order; the first failure wins.
export const SIGN_UP_FIELDS = ['firstName', 'lastName', 'major', 'email', 'username', 'password', 'year', 'bio'] as const;

export type SignUpField = (typeof SIGN_UP_FIELDS)[number];

export type SignUpForm = Record<SignUpField, string>;

export interface SignUpFieldError {
  field: SignUpField;
  message: string;
}

// Exactly one @, nothing but the university domain after it, no whitespace.
const UFL_EMAIL = /^[^\s@]+@ufl\.edu$/i;
const HAS_DIGIT = /[0-9]/;

type Rule = [field: SignUpField, fails: (form: SignUpForm) => boolean, message: string];

const blank = (value: string) => value.trim() === '';

const RULES: Rule[] = [
  ['firstName', (f) => blank(f.firstName), 'Please enter first name'],
  ['firstName', (f) => HAS_DIGIT.test(f.firstName), 'Do not include numbers in your name!'],
  ['lastName', (f) => blank(f.lastName), 'Please enter last name'],
  ['lastName', (f) => HAS_DIGIT.test(f.lastName), 'Do not include numbers in your name!'],
  ['major', (f) => blank(f.major), 'Please enter major'],
  ['email', (f) => blank(f.email), 'Please enter email'],
  ['email', (f) => !UFL_EMAIL.test(f.email.trim()), 'Please enter a valid UFL email'],
  ['username', (f) => blank(f.username), 'Please enter username.'],
  // Passwords are sent as typed, so only a truly empty one is missing.
  ['password', (f) => f.password === '', 'Please enter password'],
  ['year', (f) => f.year === '', 'Please enter year'],
];

export function isSignUpField(value: unknown): value is SignUpField {
  return typeof value === 'string' && (SIGN_UP_FIELDS as readonly string[]).includes(value);
}

export function validateSignUp(form: SignUpForm): SignUpFieldError | null {
  for (const [field, fails, message] of RULES) {
    if (fails(form)) return { field, message };
  }
  return null;
}
