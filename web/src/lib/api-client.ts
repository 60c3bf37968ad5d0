// The one place that talks HTTP to the Study Swamp API: cookies, the CSRF
// token dance, JSON parsing, and `call`, which sends a call of the wire
// contract's route table and validates its answer with the contract's schema.
import * as z from 'zod/mini';
import { AUTH_ROUTES } from '@contract/auth-routes';
import { pathOf, type AnswerOf, type ApiRoute, type BodyOf, type PathParams } from '@contract/route';
import { readAnswer, readRefusal } from './api-error';

export interface ApiResponse {
  ok: boolean;
  status: number;
  /** Parsed JSON, or null when the body was empty or not JSON. */
  body: unknown;
  headers: Headers;
}

/** The request never got an answer (server down, offline, proxy reset). */
export class NetworkError extends Error {
  constructor(path: string, cause: unknown) {
    super(`Could not reach ${path}`, { cause });
    this.name = 'NetworkError';
  }
}

interface GetOptions {
  /** Send X-CSRFToken and a JSON content type on a GET too (the profile-details call does). */
  withCsrfHeader?: boolean;
  /** Stops the request (a long poll no longer wanted); it then fails with NetworkError. */
  signal?: AbortSignal;
}

// The auth routes only (not the whole table, @contract/api): the public screens load this module.
const TOKEN_PATH = AUTH_ROUTES.getToken.path;

// The server binds the token to the session and rotates it at login, sign-up
// and logout, so it is cached only until one of those calls completes.
let cachedToken: string | null = null;
let pendingToken: Promise<string | null> | null = null;
// Bumped on every drop, so a token fetch that started before a rotation
// cannot put the stale token back into the cache when it finishes.
let tokenGeneration = 0;

async function send(method: 'GET' | 'POST', path: string, headers: HeadersInit, body?: string, signal?: AbortSignal): Promise<ApiResponse> {
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body, credentials: 'same-origin', signal });
  } catch (error) {
    throw new NetworkError(path, error);
  }
  let parsed: unknown = null;
  try {
    const text = await response.text();
    parsed = text === '' ? null : JSON.parse(text);
  } catch (error) {
    // Stopped by its caller while the body was on its way: no answer came.
    if (signal?.aborted) throw new NetworkError(path, error);
    // A proxy error page or truncated body: `parsed` stays null, which callers treat like any unexpected shape.
  }
  return { ok: response.ok, status: response.status, body: parsed, headers: response.headers };
}

function getCsrfToken(): Promise<string | null> {
  if (cachedToken !== null) return Promise.resolve(cachedToken);
  if (pendingToken) return pendingToken;
  const generation = tokenGeneration;
  const request = send('GET', TOKEN_PATH, { Accept: 'application/json' })
    .then((response) => {
      const parsed = z.safeParse(AUTH_ROUTES.getToken.answer, response.body);
      if (!response.ok || !parsed.success || parsed.data.token === '') {
        console.warn('Could not obtain a CSRF token', response.status);
        return null;
      }
      if (generation === tokenGeneration) cachedToken = parsed.data.token;
      return parsed.data.token;
    })
    .catch((error: unknown) => {
      console.warn('Could not obtain a CSRF token', error);
      return null;
    })
    .finally(() => {
      if (pendingToken === request) pendingToken = null;
    });
  pendingToken = request;
  return request;
}

/**
 * GETs the opening page will surely make, started as the page opens (main.tsx,
 * before React and the route's code have loaded), by path; the first `get` of
 * that path takes the answer on its way instead of asking again. Kept only
 * for EARLY_GET_MS, and dropped when the session changes (a log in or out),
 * so an answer for whoever was signed in before is never taken.
 */
const earlyGets = new Map<string, { answer: Promise<ApiResponse>; until: number }>();
const EARLY_GET_MS = 30_000;

function startEarlyGet(path: string): void {
  if (earlyGets.has(path)) return;
  const answer = send('GET', path, { Accept: 'application/json' });
  // Taken later, or never: no unhandled rejection meanwhile.
  answer.catch(() => {});
  earlyGets.set(path, { answer, until: Date.now() + EARLY_GET_MS });
}

function takeEarlyGet(path: string): Promise<ApiResponse> | undefined {
  const early = earlyGets.get(path);
  earlyGets.delete(path);
  return early && Date.now() <= early.until ? early.answer : undefined;
}

/** The session changed (its token rotates at log in, sign-up and log out): what was fetched early is someone else's. */
function dropCsrfToken(): void {
  cachedToken = null;
  pendingToken = null;
  tokenGeneration += 1;
  earlyGets.clear();
}

function csrfHeaders(token: string | null): Record<string, string> {
  // The spec sends an empty header when no token could be had; the server
  // then answers CSRF_FAILED, which the retry below handles.
  return { Accept: 'application/json', 'Content-Type': 'application/json', 'X-CSRFToken': token ?? '' };
}

function isCsrfFailure(response: ApiResponse): boolean {
  return response.status === 403 && readRefusal(response.body)?.error === 'CSRF_FAILED';
}

async function get(path: string, options: GetOptions = {}): Promise<ApiResponse> {
  const early = options.withCsrfHeader || options.signal ? undefined : takeEarlyGet(path);
  if (early) return early;
  const headers = options.withCsrfHeader ? csrfHeaders(await getCsrfToken()) : { Accept: 'application/json' };
  return send('GET', path, headers, undefined, options.signal);
}

async function post(path: string, payload: unknown = {}): Promise<ApiResponse> {
  const body = JSON.stringify(payload);
  const first = await send('POST', path, csrfHeaders(await getCsrfToken()), body);
  if (!isCsrfFailure(first)) return first;
  // The session (and with it the token) changed under us, e.g. it expired or
  // another tab logged in: fetch the current token and try exactly once more.
  dropCsrfToken();
  return send('POST', path, csrfHeaders(await getCsrfToken()), body);
}

/** What a caller puts in a route's query string (before the server's transforms); never for a route without one. */
export type QueryOf<R extends ApiRoute> = R extends { query: infer Query extends z.ZodMiniType } ? z.input<Query> : never;

type Inputs<R extends ApiRoute> = (keyof PathParams<R> extends never ? { params?: never } : { params: PathParams<R> }) &
  (R['body'] extends z.ZodMiniType ? { body: BodyOf<R> } : { body?: never }) &
  ([QueryOf<R>] extends [never] ? { query?: never } : { query?: QueryOf<R> }) & {
    /** GET only: send X-CSRFToken as the spec's profile-details call does. */
    withCsrfHeader?: boolean;
    /** GET only: stops the request (a long poll no longer wanted); it then fails with NetworkError. */
    signal?: AbortSignal;
  };

/** A validated answer and the headers it came with. */
interface CallResult<R extends ApiRoute> {
  answer: AnswerOf<R>;
  headers: Headers;
}

/** `call`, also answering the response's headers. */
async function callWithHeaders<R extends ApiRoute>(route: R, inputs: Inputs<R>): Promise<CallResult<R>> {
  const search = new URLSearchParams();
  // Undefined values are left out.
  for (const [key, value] of Object.entries((inputs.query ?? {}) as Record<string, unknown>))
    if (value !== undefined) search.set(key, String(value));
  const query = search.toString();
  const path = pathOf(route, (inputs.params ?? {}) as PathParams<R>) + (query ? `?${query}` : '');
  const response =
    route.method === 'GET'
      ? await get(path, { withCsrfHeader: inputs.withCsrfHeader, signal: inputs.signal })
      : await post(path, inputs.body ?? {});
  return { answer: readAnswer(path, response, route.answer) as AnswerOf<R>, headers: response.headers };
}

/**
 * Sends one call of the route table and answers its validated answer; throws
 * ApiError for a refusal or an answer of the wrong shape, NetworkError when
 * no answer came.
 */
async function call<R extends ApiRoute>(route: R, inputs: Inputs<R>): Promise<AnswerOf<R>> {
  return (await callWithHeaders(route, inputs)).answer;
}

export const apiClient = { get, post, call, callWithHeaders, getCsrfToken, dropCsrfToken, startEarlyGet };
