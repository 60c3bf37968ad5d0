// What a route of the wire contract's table (api.ts) is: method, path, inputs
// and answer schema, and the paths and types the table gives its callers.
import type * as z from 'zod/mini';

export interface ApiRoute {
  method: 'GET' | 'POST';
  /** OpenAPI style: `{name}` marks a path parameter. */
  path: string;
  summary: string;
  params?: z.ZodMiniObject;
  query?: z.ZodMiniObject;
  body?: z.ZodMiniType;
  /** The success answer (a JSON body unless `produces` says otherwise). */
  answer: z.ZodMiniType;
  /** 201 for calls that create something; 200 otherwise. */
  status?: 200 | 201;
  produces?: 'text/calendar';
  /** Headers the success answer may carry beyond the usual ones, by name: what each says. */
  answerHeaders?: Record<string, string>;
  /** Refusal bodies beyond the house error shape, by status; 409 is listed only for calls that name it. */
  refusals?: Partial<Record<400 | 401 | 403 | 404 | 409 | 429, z.ZodMiniType>>;
  /** Visitors may call it; every other call needs a signed-in student (401). */
  public?: true;
  /** Called without a session or CSRF token (a mail's one-click unsubscribe): a signed token in the path is the authority. */
  signedLink?: true;
}

/** A route of the table, its literal types kept. */
export const route = <const R extends ApiRoute>(r: R): R => r;

/** The JSON a route answers with on success. */
export type AnswerOf<R extends ApiRoute> = z.output<R['answer']>;
/** What a caller sends as the body (before the server's transforms). */
export type BodyOf<R extends ApiRoute> = R['body'] extends z.ZodMiniType ? z.input<R['body']> : never;

type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
/** The path parameters a route's path names, e.g. { courseID: number }. */
export type PathParams<R extends ApiRoute> = { [Name in ParamNames<R['path']>]: number | string };

/** The path with its parameters filled in: "/api/course/12/". */
export function pathOf<R extends ApiRoute>(route: R, params: PathParams<R>): string {
  return route.path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(String((params as Record<string, unknown>)[name])));
}

/** The same path as a Koa router pattern: "/api/course/:courseID/". */
export function routerPath(route: ApiRoute): string {
  return route.path.replace(/\{(\w+)\}/g, ':$1');
}
