/** '1 second', '45 seconds', '2 minutes', '15 minutes': how long to wait, as a person says it. */
export function waitText(seconds: number): string {
  if (seconds < 120) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** The one error type of the server: the error handler maps it to `{ success: false, error, code }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    /** Extra response headers, e.g. Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
    /** Extra fields of the error body the spec names for this error (e.g. violations). */
    readonly fields: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  static tooManyRequests(retryAfterMs: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    return new AppError(429, `Too many attempts. Try again in ${waitText(seconds)}.`, 'RATE_LIMITED', {
      'retry-after': String(seconds),
    });
  }

  static notFound(message = 'Not found', code = 'NOT_FOUND') {
    return new AppError(404, message, code);
  }

  static badRequest(message: string, code = 'BAD_REQUEST') {
    return new AppError(400, message, code);
  }
}

/** True when the database refused a row for breaking a unique constraint (PostgreSQL code 23505). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * The server cannot start for a reason an operator can fix (a dependency that does not answer, a
 * data folder in use): `server.ts` prints the message, which says what to do, without a stack trace.
 */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}

/** The StartupError behind an error (itself or along its causes), or null. */
export function findStartupError(error: unknown): StartupError | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if (e instanceof StartupError) return e;
  }
  return null;
}
