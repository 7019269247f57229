import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { MAIL_SEND_JOB } from '../modules/mail/mail.repository.js';
import { createTestDatabase, testConfig, testDriver, testOrigin, type TestDatabase } from '../test/helper.testing.js';
import type { App } from '../types.js';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}

/** A local OTLP/HTTP receiver (JSON): the spans posted to /v1/traces and the service that sent them. */
async function otlpReceiver() {
  const spans: OtlpSpan[] = [];
  const services = new Set<string>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces' && request.method === 'POST') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: {
            resource: { attributes: { key: string; value: { stringValue?: string } }[] };
            scopeSpans: { spans: OtlpSpan[] }[];
          }[];
        };
        for (const resource of body.resourceSpans) {
          const name = resource.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue;
          if (name) services.add(name);
          for (const scope of resource.scopeSpans) spans.push(...scope.spans);
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, spans, services, close: () => new Promise((r) => server.close(r)) };
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

describe(`OpenTelemetry traces over OTLP on ${testDriver}`, () => {
  let receiver: Awaited<ReturnType<typeof otlpReceiver>>;
  let database: TestDatabase;
  let app: App;
  let base: string;
  const ids: Record<string, string> = {};
  const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
  const callerSpan = '00f067aa0ba902b7';
  const unsampledTrace = '0af7651916cd43dd8448eb211c80319c';

  beforeAll(async () => {
    receiver = await otlpReceiver();
    database = await createTestDatabase();
    app = await buildApp(
      testConfig(database.config, {
        observability: { metricsToken: null, metricsAllow: [], otlpEndpoint: receiver.url, serviceName: 'nuvem-test' },
      }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const healthz = await fetch(`${base}/healthz`);
    ids.healthz = healthz.headers.get('x-request-id') ?? '';
    const continued = await fetch(`${base}/readyz`, { headers: { traceparent: `00-${callerTrace}-${callerSpan}-01` } });
    ids.continued = continued.headers.get('x-request-id') ?? '';
    // A caller's "not sampled" flag does not hide its request from the operator.
    await fetch(`${base}/healthz`, { headers: { traceparent: `00-${unsampledTrace}-${callerSpan}-00` } });
    const register = await fetch(`${base}/auth/register`, {
      method: 'POST',
      headers: { origin: testOrigin, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'traced@example.com', password: 'correct horse battery', displayName: 'Traced' }),
    });
    expect(register.status).toBe(201);
    ids.register = register.headers.get('x-request-id') ?? '';
    await app.queue.drain([MAIL_SEND_JOB]);
    // A statement that fails in a transaction: its bound value must not reach the collector.
    await expect(
      app.db.transaction(async (tx) =>
        tx.execute(sql`insert into no_such_table (email) values (${'leaked@example.com'})`),
      ),
    ).rejects.toThrow();
    // Closing the server flushes the spans still batched.
    await app.close();
  });

  afterAll(async () => {
    await database.drop();
    await receiver.close();
  });

  it('exports a server span per request, named by route, whose trace id is the request id', () => {
    expect(receiver.services).toContain('nuvem-test');
    expect(ids.healthz).toMatch(/^[0-9a-f]{32}$/);
    const span = receiver.spans.find((s) => s.traceId === ids.healthz && s.name === 'GET /healthz');
    expect(span).toBeDefined();
    expect(span?.kind).toBe(2); // SERVER
    expect(span && attribute(span, 'http.route')).toBe('/healthz');
    expect(span && attribute(span, 'http.response.status_code')).toBe(200);
  });

  it("continues a caller's trace (W3C traceparent), its database queries children of the request", () => {
    expect(ids.continued).toBe(callerTrace);
    const server = receiver.spans.find((s) => s.traceId === callerTrace && s.name === 'GET /readyz');
    expect(server?.parentSpanId).toBe(callerSpan);
    const queries = receiver.spans.filter((s) => s.traceId === callerTrace && s.name.startsWith('db '));
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.every((q) => q.parentSpanId === server?.spanId)).toBe(true);
    expect(queries.map((q) => attribute(q, 'db.query.text'))).toContain('select 1');
    expect(receiver.spans.some((s) => s.traceId === unsampledTrace && s.name === 'GET /healthz')).toBe(true);
  });

  it('traces the queries of a sign-up (never their values) and the job it queued', () => {
    const inRequest = receiver.spans.filter((s) => s.traceId === ids.register);
    expect(inRequest.some((s) => s.name === 'POST /auth/register')).toBe(true);
    expect(inRequest.filter((s) => s.name.startsWith('db ')).length).toBeGreaterThan(1);
    const exported = JSON.stringify(receiver.spans);
    expect(exported).not.toContain('traced@example.com');
    // A failed statement is on its span, redacted as in the logs.
    expect(exported).toContain('no_such_table');
    expect(exported).not.toContain('leaked@example.com');
    const job = receiver.spans.find((s) => s.name === `job ${MAIL_SEND_JOB}`);
    expect(job?.kind).toBe(5); // CONSUMER
  });
});
