// Registers each API route from its entry in the wire contract's route table
// (contract/api.ts): the method and path come from the table, the body, path
// parameters and query are parsed with its schemas, calls that need a
// signed-in student are guarded (and the spec's redundant userID / ownerID
// checked against the session), and the handler's answer is typed by the
// table's answer schema, so a route cannot drift from the contract. An answer
// built as an object literal also says `satisfies RouteAnswer<typeof API.x>`:
// a function's inferred return type is never checked for fields the contract
// lacks, and satisfies is.
import { Router } from '@koa/router';
import type { Context } from 'koa';
import type * as z from 'zod/mini';
import { ForbiddenError } from '@domain/errors';
import type { UserId } from '@domain/ids';
import { routerPath, type ApiRoute } from '@contract/api';
import { parseInput, type Refusal } from './parse-input';
import { requireUser, sessionUserId } from './session';

type Parsed<R, Part extends 'body' | 'params' | 'query'> = R extends { [P in Part]: infer S extends z.ZodMiniType }
  ? z.output<S>
  : undefined;

/** What a handler is given: the parsed inputs and, on a call that needs one, the signed-in student. */
export type RouteRequest<R extends ApiRoute> = {
  ctx: Context;
  body: Parsed<R, 'body'>;
  params: Parsed<R, 'params'>;
  query: Parsed<R, 'query'>;
} & (R extends { public: true } ? unknown : { userId: UserId });

/** What a handler answers: the contract's answer as the server builds it. */
export type RouteAnswer<R extends ApiRoute> = z.input<R['answer']>;

export interface RouteOptions {
  /** The refusal for a query of the wrong shape (default: 400 VALIDATION_FAILED). */
  invalidQuery?: Refusal;
  /** The body's userID names a member to act on (the owner removing them), not who acts. */
  userIdNamesMember?: true;
}

export class ApiRouter {
  readonly router = new Router();

  on<R extends ApiRoute>(route: R, handler: (request: RouteRequest<R>) => Promise<RouteAnswer<R>>, options: RouteOptions = {}): this {
    const guards = route.public ? [] : [requireUser()];
    const register = route.method === 'GET' ? this.router.get.bind(this.router) : this.router.post.bind(this.router);
    const named = async (ctx: Context, next: () => Promise<unknown>) => {
      ctx.state.route = route.path;
      return next();
    };
    register(routerPath(route), named, ...guards, async (ctx: Context) => {
      const request = {
        ctx,
        body: route.body ? parseInput(route.body, (ctx.request as { body?: unknown }).body ?? {}) : undefined,
        params: route.params ? parseInput(route.params, ctx.params) : undefined,
        query: route.query ? parseInput(route.query, ctx.query, options.invalidQuery) : undefined,
        userId: sessionUserId(ctx),
      } as RouteRequest<R>;
      if (!route.public) assertActingForSelf(request as { userId: UserId }, options);
      const answer = await handler(request);
      ctx.status = route.status ?? 200;
      if (route.produces) ctx.type = `${route.produces}; charset=utf-8`;
      ctx.body = answer;
    });
    return this;
  }
}

interface ActingIds {
  userID?: number;
  ownerID?: number;
}

/**
 * The spec's redundant "who acts" ids: userID and ownerID in bodies, userID in
 * the chat read paths. The session says who acts, so one naming another
 * student is 403 FORBIDDEN and nothing happens; no use case sees them.
 */
function assertActingForSelf(request: { userId: UserId; body?: unknown; params?: unknown }, options: RouteOptions): void {
  const body = (request.body ?? {}) as ActingIds;
  const params = (request.params ?? {}) as ActingIds;
  const named = [params.userID, body.ownerID, options.userIdNamesMember ? undefined : body.userID];
  if (named.some((id) => id !== undefined && id !== request.userId)) throw new ForbiddenError();
}
