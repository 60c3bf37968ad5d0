// The wire contract's routes of signing in and out (api.ts assembles the table).
import * as auth from './auth';
import { route } from './route';

export const AUTH_ROUTES = {
  getToken: route({
    method: 'GET',
    path: '/api/get-token/',
    summary: 'The CSRF token to send as X-CSRFToken',
    answer: auth.tokenAnswer,
    public: true,
  }),
  isAuthenticated: route({
    method: 'GET',
    path: '/api/is-authenticated/',
    summary: 'Who is signed in',
    answer: auth.sessionAnswer,
    public: true,
  }),
  logIn: route({
    method: 'POST',
    path: '/api/login/',
    summary: 'Log in',
    body: auth.logInBody,
    answer: auth.signedIn,
    refusals: { 401: auth.logInRefusal, 429: auth.logInRefusal },
    public: true,
  }),
  signUp: route({
    method: 'POST',
    path: '/api/signup/',
    summary: 'Create an account and sign in (200 with isAuthenticated false when the email or username is taken)',
    body: auth.signUpBody,
    answer: auth.signUpAnswer,
    public: true,
  }),
  logOut: route({ method: 'POST', path: '/api/logout/', summary: 'Log out', answer: auth.signedOut, public: true }),
} as const;
