import { stdSerializers } from 'pino';

const redacted = '[redacted]';

type ErrorLike = Error & { query?: unknown; params?: unknown; detail?: unknown; severity?: unknown; code?: unknown };

function isErrorLike(value: unknown): value is ErrorLike {
  return (
    value instanceof Error || (typeof value === 'object' && value !== null && 'message' in value && 'stack' in value)
  );
}

/** The error and its causes, outermost first (bounded: a cause chain may loop). */
function chain(error: ErrorLike): ErrorLike[] {
  const list: ErrorLike[] = [];
  for (let e: unknown = error; isErrorLike(e) && list.length < 10 && !list.includes(e); e = e.cause) list.push(e);
  return list;
}

/** A database driver's error (pg, PGlite): a five-character SQLSTATE code and a severity. */
function isDriverError(error: ErrorLike): boolean {
  return typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && 'severity' in error;
}

/**
 * Text in a driver message that quotes the refused value (`invalid input syntax for type
 * integer: "…"`, `invalid input value for enum …: "…"`) or names it (`Key (email)=(…)`).
 */
const quotedValue = /(: )"[\s\S]*"$/;
const keyValue = /(\([^)]*\)=)\([\s\S]*?\)(?=( already exists| is not present| is still referenced|\.|$))/g;

function redactDriverText(text: string): string {
  return text.replace(quotedValue, `$1"${redacted}"`).replace(keyValue, `$1(${redacted})`);
}

/**
 * pino's `err` serializer, without the values a failed query was bound to: Drizzle's
 * `Failed query: … params: …` keeps its SQL and loses its parameters, a driver's `detail` (which
 * repeats the offending row's values) is dropped, and a driver message that quotes a value hides
 * it. Parameters carry password hashes, e-mail addresses and IPs, which logs must not hold.
 */
/** What Fastify's logger options expect of an `err` serializer. */
export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export function errorSerializer(value: Error): SerializedError {
  const replacements: [string, string][] = [];
  for (const e of chain(value)) {
    if (typeof e.query === 'string' && 'params' in e) {
      replacements.push([`params: ${String(e.params)}`, `params: ${redacted}`]);
    }
    if (isDriverError(e) && typeof e.message === 'string') {
      const safe = redactDriverText(e.message);
      if (safe !== e.message) replacements.push([e.message, safe]);
    }
  }
  const scrub = (text: string) => {
    let out = text;
    for (const [from, to] of replacements) out = out.split(from).join(to);
    // Anything that still reads like drizzle's parameter line (an error wrapped some other way).
    return out.replace(/(\nparams: )[^\n]*/g, `$1${redacted}`);
  };
  const serialized = stdSerializers.err(value) as SerializedError;
  if (typeof serialized.message === 'string') serialized.message = scrub(serialized.message);
  if (typeof serialized.stack === 'string') serialized.stack = scrub(serialized.stack);
  if ('params' in serialized) serialized.params = redacted;
  if ('detail' in serialized) serialized.detail = redacted;
  return serialized;
}

/** Query parameters whose values are secrets (sign-in links' tokens, OAuth codes, keys). */
const secretParameters = new Set([
  'token',
  'code',
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'password',
  'secret',
  'key',
  'api_key',
  'apikey',
  'signature',
  'sig',
]);

/**
 * An address as the logs may hold it: the values of secret query parameters (a password reset's or
 * an invitation's `token`, an OAuth `code`) replaced, the rest as it came. A reset link opened in
 * a browser is a GET whose line would otherwise let anyone who reads the logs use it.
 */
export function loggedUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const parts = url.slice(query + 1).split('&');
  let changed = false;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] ?? '';
    const equals = part.indexOf('=');
    const rawName = equals === -1 ? part : part.slice(0, equals);
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      // Not percent-encoded properly: compared as written.
    }
    if (equals !== -1 && secretParameters.has(name.trim().toLowerCase())) {
      parts[i] = `${rawName}=${redacted}`;
      changed = true;
    }
  }
  return changed ? `${url.slice(0, query)}?${parts.join('&')}` : url;
}
