import {
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import { z } from 'zod';
import { DriverError } from './container-driver.js';

/** Local daemon over its unix socket, or a remote one over HTTPS with a trusted client certificate. */
export type LxdConnectionOptions =
  | { socketPath: string; requestTimeoutMs?: number }
  | { url: string; cert: string | Buffer; key: string | Buffer; ca?: string | Buffer; requestTimeoutMs?: number };

export interface LxdRawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const errorEnvelopeSchema = z.object({ type: z.literal('error'), error_code: z.number(), error: z.string() });
const syncEnvelopeSchema = z.object({
  type: z.literal('sync'),
  status_code: z.number(),
  metadata: z.unknown().optional(),
});
const asyncEnvelopeSchema = z.object({
  type: z.literal('async'),
  operation: z.string(),
  metadata: z.unknown().optional(),
});
const envelopeSchema = z.discriminatedUnion('type', [errorEnvelopeSchema, syncEnvelopeSchema, asyncEnvelopeSchema]);

export const operationSchema = z.object({
  id: z.string(),
  status: z.string(),
  status_code: z.number(),
  err: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).nullable().optional(),
});

export type LxdSuccessEnvelope = z.infer<typeof syncEnvelopeSchema> | z.infer<typeof asyncEnvelopeSchema>;
export type LxdOperation = z.infer<typeof operationSchema>;

/** LXD operation status codes (doc "Status codes"). */
const OPERATION_SUCCESS = 200;
const OPERATION_STILL_GOING = new Set([100, 103, 105, 106]); // created, running, pending, cancelling

/** Appends query parameters to an API path that may already carry some (operation URLs can). */
export function withQuery(path: string, query: Record<string, string | undefined>): string {
  const [base = '', existing = ''] = path.split('?', 2);
  const params = new URLSearchParams(existing);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, value);
  }
  const text = params.toString();
  return text ? `${base}?${text}` : base;
}

/**
 * The `/wait` address of an operation. A clustered LXD names its operations with a query
 * (`/1.0/operations/<id>?project=default`): `/wait` goes on the path, before it (appended to the
 * whole address it would read the operation at once, still running, instead of waiting).
 */
export function operationWaitPath(operationPath: string, timeoutSeconds: number): string {
  const [base = '', query = ''] = operationPath.split('?', 2);
  return withQuery(`${base}/wait${query ? `?${query}` : ''}`, { timeout: String(timeoutSeconds) });
}

/** Turns an HTTP reply into a sync/async envelope; error replies (and non-JSON failures) become DriverError. */
export function parseEnvelope(status: number, body: Buffer | string): LxdSuccessEnvelope {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // Unknown routes answer with Go's plain "404 page not found", not an LXD envelope.
    throw new DriverError(`LXD answered HTTP ${status} with a non-JSON body: ${text.slice(0, 200)}`, status === 404);
  }
  const parsed = envelopeSchema.safeParse(json);
  if (!parsed.success) {
    throw new DriverError(`LXD answered HTTP ${status} with an unexpected body: ${text.slice(0, 200)}`, status === 404);
  }
  const envelope = parsed.data;
  if (envelope.type === 'error') {
    throw new DriverError(envelope.error || `LXD error ${envelope.error_code}`, envelope.error_code === 404);
  }
  if (status >= 400) throw new DriverError(`LXD answered HTTP ${status}`, status === 404);
  return envelope;
}

/**
 * The metadata of a finished operation. `/wait` answers HTTP 200 even when the operation failed, so
 * the outcome is only in `status_code` and `err`.
 */
export function operationResult(operation: LxdOperation): Record<string, unknown> {
  if (operation.status_code === OPERATION_SUCCESS) return operation.metadata ?? {};
  if (OPERATION_STILL_GOING.has(operation.status_code)) {
    throw new DriverError(`LXD operation ${operation.id} did not finish in time (status ${operation.status})`);
  }
  throw new DriverError(operation.err || `LXD operation ${operation.id} ended with status ${operation.status}`);
}

/** A small typed client for the LXD REST API `/1.0`. Paths are absolute (`/1.0/...`). */
export class LxdClient {
  private readonly requestTimeoutMs: number;

  constructor(private readonly connection: LxdConnectionOptions) {
    this.requestTimeoutMs = connection.requestTimeoutMs ?? 120_000;
  }

  /** One HTTP exchange; the body is returned as bytes because console and file endpoints are not JSON. */
  raw(
    method: string,
    path: string,
    init: { body?: Buffer; headers?: OutgoingHttpHeaders; signal?: AbortSignal } = {},
  ): Promise<LxdRawResponse> {
    const headers: OutgoingHttpHeaders = { ...init.headers };
    if (init.body) headers['Content-Length'] = init.body.length;
    return new Promise((resolve, reject) => {
      const onResponse = (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
        });
      };
      const connection = this.connection;
      const request =
        'socketPath' in connection
          ? httpRequest({ socketPath: connection.socketPath, host: 'lxd', path, method, headers }, onResponse)
          : httpsRequest(
              new URL(path, connection.url),
              {
                method,
                headers,
                cert: connection.cert,
                key: connection.key,
                ca: connection.ca,
                rejectUnauthorized: true,
                // LXD serves a self-signed certificate whose names rarely match the address we dial; when
                // the caller pins it as `ca`, the chain check is the trust anchor and the host name adds nothing.
                ...(connection.ca ? { checkServerIdentity: () => undefined } : {}),
              },
              onResponse,
            );
      request.setTimeout(this.requestTimeoutMs, () => {
        request.destroy(new DriverError(`LXD request ${method} ${path} timed out`));
      });
      // Given up by the caller: the exchange ends now, its socket freed.
      const { signal } = init;
      if (signal) {
        const giveUp = () => request.destroy(new DriverError(`LXD request ${method} ${path} was given up`));
        if (signal.aborted) giveUp();
        else {
          signal.addEventListener('abort', giveUp, { once: true });
          request.on('close', () => {
            signal.removeEventListener('abort', giveUp);
          });
        }
      }
      request.on('error', (error) => {
        reject(error instanceof DriverError ? error : new DriverError(`LXD request failed: ${error.message}`));
      });
      request.end(init.body);
    });
  }

  /**
   * A JSON request. Sync replies give their metadata; async ones are waited for and give the
   * operation's metadata, so callers see one shape either way.
   */
  async call(
    method: string,
    path: string,
    body?: unknown,
    waitTimeoutSeconds = 60,
    signal?: AbortSignal,
  ): Promise<unknown> {
    const response = await this.raw(method, path, {
      body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      ...(signal ? { signal } : {}),
    });
    const envelope = parseEnvelope(response.status, response.body);
    if (envelope.type === 'sync') return envelope.metadata;
    return operationResult(await this.waitOperation(envelope.operation, waitTimeoutSeconds));
  }

  /** Waits on an operation; the reply may still be running if the timeout ran out (see operationResult). */
  async waitOperation(operationPath: string, timeoutSeconds: number): Promise<LxdOperation> {
    const response = await this.raw('GET', operationWaitPath(operationPath, timeoutSeconds));
    const envelope = parseEnvelope(response.status, response.body);
    const operation = operationSchema.safeParse(envelope.metadata);
    if (!operation.success) throw new DriverError(`LXD sent an unexpected operation: ${operation.error.message}`);
    return operation.data;
  }

  /** GET of a non-JSON resource (console, exec logs, files); headers included because some carry meaning. */
  async download(path: string): Promise<LxdRawResponse> {
    const response = await this.raw('GET', path);
    if (response.status >= 400) parseEnvelope(response.status, response.body); // throws the LXD error
    return response;
  }

  /** POST of raw bytes. LXD consumes a body sent with a form content type and writes an empty file, so octet-stream. */
  async postBytes(path: string, body: Buffer, headers: OutgoingHttpHeaders): Promise<unknown> {
    const response = await this.raw('POST', path, {
      body,
      headers: { ...headers, 'Content-Type': 'application/octet-stream' },
    });
    const envelope = parseEnvelope(response.status, response.body);
    if (envelope.type === 'async') throw new DriverError(`LXD unexpectedly answered ${path} asynchronously`);
    return envelope.metadata;
  }
}
