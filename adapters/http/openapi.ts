// The OpenAPI 3.1 document, generated from the wire contract's route table
// (adapters/http/contract/api.ts) by zod-openapi, and served at
// GET /api/openapi.json. Nothing here restates a shape: a change to the
// contract changes the document.
import type { Middleware } from 'koa';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { API, type ApiRoute } from '@contract/api';
import { errorAnswer } from '@contract/errors';
import { HttpError } from './http-error';

const OPENAPI_PATH = '/api/openapi.json';

const REFUSALS: Record<number, string> = {
  400: 'Invalid input (VALIDATION_FAILED, INVALID_TEXT, INVALID_CURSOR, MALFORMED_JSON)',
  401: 'Not signed in (NOT_AUTHENTICATED)',
  403: "Not allowed (CSRF_FAILED, FORBIDDEN, or the call's own refusals)",
  404: 'Unknown id (COURSE_NOT_FOUND, STUDY_GROUP_NOT_FOUND, ...)',
  409: 'Not possible in the current state of what it names (SECTION_WITHDRAWN, EMAIL_CLAIM_LOST, TOO_MANY_EDITS, GROUP_FULL, TOO_MANY_SECTIONS, TOO_MANY_GROUPS, ...)',
  429: 'Too many requests (RATE_LIMITED); see Retry-After',
  503: 'Postgres or Redis out of reach (SERVICE_UNAVAILABLE); see Retry-After',
};

function operation(name: string, route: ApiRoute): ZodOpenApiOperationObject {
  const json = (schema: unknown) => ({ content: { 'application/json': { schema } } }) as { content: never };
  const statuses = [400, ...(route.public ? [] : [401]), 403, 404, ...(route.refusals?.[409] ? [409] : []), 429, 503];
  const refusals = Object.fromEntries(
    statuses.map((status) => [
      String(status),
      { description: REFUSALS[status], ...json(route.refusals?.[status as keyof typeof route.refusals] ?? errorAnswer) },
    ]),
  );
  return {
    operationId: name,
    summary: route.summary,
    ...(route.params || route.query
      ? { requestParams: { ...(route.params ? { path: route.params } : {}), ...(route.query ? { query: route.query } : {}) } }
      : {}),
    ...(route.body ? { requestBody: { required: true, ...json(route.body) } } : {}),
    responses: {
      [String(route.status ?? 200)]: {
        description: route.summary,
        ...(route.produces ? { content: { [route.produces]: { schema: route.answer } } } : json(route.answer)),
        ...(route.answerHeaders ? { headers: answerHeaders(route.answerHeaders) } : {}),
      },
      ...refusals,
    },
  };
}

function answerHeaders(headers: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(headers).map(([name, description]) => [name, { description, schema: { type: 'string' as const, enum: ['1'] } }]),
  );
}

function openApiDocument() {
  const paths: ZodOpenApiPathsObject = {};
  for (const [name, route] of Object.entries(API) as [string, ApiRoute][]) {
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operation(name, route) };
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Study Swamp API',
      version: '1',
      description:
        'Every POST needs the X-CSRFToken header from GET /api/get-token/; every call but the account calls needs a signed-in student. ' +
        'A userID or ownerID naming another student is 403 FORBIDDEN. Prose: docs/api.md.',
    },
    paths,
  });
}

/**
 * GET /api/openapi.json, for anyone: answered before the session middleware
 * (no cookie, no session read), from a document generated once, on first use.
 */
export function openApiEndpoint(): Middleware {
  let document: string | undefined;
  return async (ctx, next) => {
    if (ctx.path !== OPENAPI_PATH) return next();
    ctx.state.route = OPENAPI_PATH;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.set('Allow', 'GET, HEAD');
      throw new HttpError(405, 'METHOD_NOT_ALLOWED', `${ctx.method} is not allowed on ${ctx.path}`);
    }
    document ??= JSON.stringify(openApiDocument());
    ctx.type = 'json';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = document;
  };
}
