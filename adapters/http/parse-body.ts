// Validates a request body with zod; a wrong shape is a 400 naming the field.
import type { Context } from 'koa';
import type { z } from 'zod';
import { ValidationError } from '../../domain/errors';

export function parseBody<S extends z.ZodType>(schema: S, ctx: Context): z.infer<S> {
  const body = (ctx.request as { body?: unknown }).body;
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue.path.length > 0 ? String(issue.path[0]) : undefined;
  throw new ValidationError(field ? `${field}: ${issue.message}` : `Request body: ${issue.message}`, field);
}
