// Tells an outage of Postgres or Redis (unreachable, restarting, timing out)
// apart from a bug, so the HTTP layer can answer 503 with Retry-After instead
// of 500, and start-up can name what it could not reach.

/** Socket-level failures: the other end is gone, refuses, or never answered. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNABORTED',
]);

/**
 * Postgres SQLSTATEs that mean "not now" rather than "wrong": connection
 * exceptions (class 08), the server shutting down or starting (57P01-57P03),
 * too many connections (53300), and a statement cancelled by a timeout (57014).
 */
const POSTGRES_UNAVAILABLE = /^(08...|57P0[1-3]|53300|57014)$/;

/** What ioredis, rate-limiter-flexible, pg and knex say when their server cannot be used. */
const UNAVAILABLE_MESSAGES = [
  /Stream isn't writeable/i,
  /Connection is closed/i,
  /Command timed out/i,
  /Reached the max retries per request limit/i,
  /Redis connection is not ready/i,
  /Connection terminated/i,
  /Timeout acquiring a connection/i,
  /timeout exceeded when trying to connect/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /terminating connection due to administrator command/i,
];

export function isDependencyOutage(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const e = current as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || POSTGRES_UNAVAILABLE.test(e.code))) return true;
    if (e.name === 'KnexTimeoutError' || e.name === 'MaxRetriesPerRequestError') return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(e.message as string))) return true;
    // AggregateError (a connect to several addresses) and wrapped causes.
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDependencyOutage(inner))) return true;
    current = e.cause;
  }
  return false;
}

/** A URL fit for a log line: the password replaced by ***. */
export function maskUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

/** A dependency start-up could not use: printed as one line, then the process exits non-zero. */
export class StartupError extends Error {}

/** The short reason of a connection failure ("connect ECONNREFUSED 127.0.0.1:6390"). */
export function reasonOf(error: unknown): string {
  const e = error as { message?: unknown; errors?: { message?: unknown }[] };
  if (Array.isArray(e?.errors) && e.errors.length && typeof e.errors[0].message === 'string') return e.errors[0].message;
  return typeof e?.message === 'string' && e.message ? e.message : String(error);
}
