import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { errorSerializer } from './log-redaction.js';

/**
 * OpenTelemetry traces, exported over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set. Off, the
 * SDK is never loaded and every helper here calls straight through (one null check).
 *
 * The SDK is the process's (a global context manager and provider): the first server built with an
 * endpoint starts it, the last one closed shuts it down (its spans flushed).
 */
let tracer: Tracer | null = null;
let sdk: { shutdown(): Promise<void> } | null = null;
let users = 0;

export function tracingOn(): boolean {
  return tracer !== null;
}

/** Starts the SDK (once per process) with spans exported to `endpoint`/v1/traces. */
export async function startTracing(options: { endpoint: string; serviceName: string }): Promise<void> {
  users += 1;
  if (sdk) return;
  const [{ NodeSDK }, { OTLPTraceExporter }, { AlwaysOnSampler, BatchSpanProcessor }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/sdk-trace-base'),
  ]);
  const exporter = new OTLPTraceExporter({ url: new URL('v1/traces', withSlash(options.endpoint)).href });
  const started = new NodeSDK({
    serviceName: options.serviceName,
    // Every request is traced: a caller's traceparent is continued (its trace id), but its
    // "not sampled" flag cannot hide a request (and its statements) from the operator.
    sampler: new AlwaysOnSampler(),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1_000 })],
    // Spans are made by the server itself (requests, queries, jobs, driver calls): no monkey-patching.
    instrumentations: [],
  });
  started.start();
  sdk = started;
  tracer = trace.getTracer('nuvem');
}

/** Flushes and stops the SDK once no server uses it. */
export async function stopTracing(): Promise<void> {
  users = Math.max(0, users - 1);
  if (users > 0 || !sdk) return;
  const stopping = sdk;
  sdk = null;
  tracer = null;
  await stopping.shutdown();
}

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/** Runs `work` in a span (a child of the active one); its failure is recorded on the span. */
export async function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: () => Promise<T>,
  kind: SpanKind = SpanKind.INTERNAL,
): Promise<T> {
  const active = tracer;
  if (!active) return work();
  return active.startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      recordError(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * A failure on its span as the logs would show it: a failed statement's bound values (e-mails,
 * hashes) and a driver's text are redacted (log-redaction.ts) before they leave the process.
 */
function recordError(span: Span, error: unknown): void {
  const safe = error instanceof Error ? errorSerializer(error) : { type: 'Error', message: String(error), stack: '' };
  span.recordException({ name: safe.type, message: safe.message, stack: safe.stack });
  span.setStatus({ code: SpanStatusCode.ERROR });
}

const requestSpan = Symbol('nuvem.requestSpan');
type TracedRequest = IncomingMessage & { [requestSpan]?: Span };

/**
 * The HTTP server's request listener, wrapped: with tracing on, each request runs in its own
 * server span (the caller's `traceparent` continued, else a new trace) ended when its answer is.
 */
export function tracedListener(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    const active = tracer;
    if (!active) {
      handler(request, response);
      return;
    }
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const span = active.startSpan(
      request.method ?? 'HTTP',
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method ?? '' } },
      parent,
    );
    (request as TracedRequest)[requestSpan] = span;
    response.once('close', () => {
      span.setAttribute('http.response.status_code', response.statusCode);
      if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(trace.setSpan(parent, span), () => handler(request, response));
  };
}

/** The request's trace id (its request id, so logs and traces meet), or null with tracing off. */
export function traceIdOf(request: IncomingMessage): string | null {
  return (request as TracedRequest)[requestSpan]?.spanContext().traceId ?? null;
}

/** Names the request's span after its route once it is known (`GET /api/v1/containers/:id`). */
export function nameRequestSpan(request: IncomingMessage, route: string | undefined): void {
  const span = (request as TracedRequest)[requestSpan];
  if (!span) return;
  if (route) span.setAttribute('http.route', route);
  span.updateName(`${request.method ?? 'HTTP'} ${route ?? '(unmatched)'}`);
}
