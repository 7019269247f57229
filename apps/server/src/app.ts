import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Fastify, { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { AppConfig } from './config.js';
import { keepDataDirPrivate } from './lib/data-dir.js';
import { errorSerializer, loggedUrl } from './lib/log-redaction.js';
import { requestLoggerFactory } from './lib/request-logger.js';
import { nameRequestSpan, startTracing, stopTracing, traceIdOf, tracedListener } from './lib/tracing.js';
import { accountPlugin } from './modules/account/account.plugin.js';
import { applicationsPlugin } from './modules/applications/applications.plugin.js';
import { orgsPlugin } from './modules/orgs/orgs.plugin.js';
import { authPlugin } from './modules/auth/auth.plugin.js';
import { billingPlugin } from './modules/billing/billing.plugin.js';
import { seedDemoUser } from './modules/auth/seed.js';
import { containersPlugin } from './modules/containers/containers.plugin.js';
import { ecosystemPlugin } from './modules/ecosystem/ecosystem.plugin.js';
import { aiSecurityPlugin } from './modules/ai-security/ai-security.plugin.js';
import { eventsCataloguePlugin } from './modules/events/events.plugin.js';
import { healthPlugin } from './modules/health/health.plugin.js';
import { mailPlugin } from './modules/mail/mail.plugin.js';
import { profilesPlugin } from './modules/profiles/profiles.plugin.js';
import { programmePlugin } from './modules/programme/programme.plugin.js';
import { realtimePlugin } from './modules/realtime/realtime.plugin.js';
import { workflowsPlugin } from './modules/workflows/workflows.plugin.js';
import { cacheControlPlugin } from './plugins/app/cache-control.js';
import { csrfPlugin } from './plugins/app/csrf.js';
import { dbPlugin } from './plugins/app/db.js';
import { errorHandlerPlugin, frameworkErrors } from './plugins/app/error-handler.js';
import { eventBusPlugin } from './plugins/app/event-bus.js';
import { jsonBodyPlugin } from './plugins/app/json-body.js';
import { locationHeaderPlugin } from './plugins/app/location-header.js';
import { metricsPlugin } from './plugins/app/metrics.js';
import { queuePlugin } from './plugins/app/queue.js';
import { rateLimiterPlugin } from './plugins/app/rate-limiter.js';
import { redisPlugin } from './plugins/app/redis.js';
import { textGuardPlugin } from './plugins/app/text-guard.js';
import { webAppPlugin } from './plugins/app/web-app.js';
import { cookiePlugin } from './plugins/external/cookie.js';
import { helmetPlugin } from './plugins/external/helmet.js';
import { swaggerPlugin } from './plugins/external/swagger.js';
import type { App } from './types.js';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** What the route declared it needs from its caller (`config.auth`). */
  auth: string | undefined;
  /** What it may do in the caller's workspace (`config.permission`). */
  permission: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RegisteredRoute[];
    /** Sets what sees every answered request once it is answered (one observer: the metrics). */
    observeRequests(observer: (request: FastifyRequest, reply: FastifyReply) => void): void;
  }
}

/**
 * One log line per request, when it is answered (Fastify writes two by default): what was asked,
 * the answer and how long it took; the request id is on every line. A route's own logLevel
 * applies (the probes log only from 'warn').
 */
class OneLinePerRequest extends LogController {
  /** Called for every answered request, before its line (the metrics plugin's RED figures). */
  observer: ((request: FastifyRequest, reply: FastifyReply) => void) | null = null;

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // Here rather than in an onResponse hook: Fastify calls this for every request anyway, and a
    // hook would put every answer through its hook runner (8 µs a request on /healthz).
    this.observer?.(request, reply);
    const line = {
      method: request.method,
      url: loggedUrl(request.url),
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

const incomingRequestId = /^[\w.:-]{1,128}$/;

export interface BuildOptions {
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
}

/** Builds the whole server (not listening): external plugins, then app plugins, then modules. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<App> {
  const { otlpEndpoint, serviceName } = config.observability;
  const requestLog = new OneLinePerRequest();
  const tracing = otlpEndpoint !== null;
  if (tracing) await startTracing({ endpoint: otlpEndpoint, serviceName });
  const app = Fastify({
    // With tracing on, each request runs in its server span (lib/tracing.ts); Fastify's own
    // server settings are kept (its 72 s keep-alive).
    ...(tracing
      ? {
          serverFactory: (handler: (request: IncomingMessage, response: ServerResponse) => void) => {
            const server = createServer(tracedListener(handler));
            server.keepAliveTimeout = 72_000;
            return server;
          },
        }
      : {}),
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      // A failed query's bound parameters (hashes, e-mails, IPs) never reach the logs.
      serializers: { err: errorSerializer },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    frameworkErrors,
    logController: requestLog,
    // Each request's logger (bound to its id) is made only when the request writes a line.
    childLoggerFactory: requestLoggerFactory,
    // request.ip and request.protocol follow X-Forwarded-* only from the proxies TRUST_PROXY names.
    trustProxy: config.trustProxy,
    // Keep a caller's request id (a proxy's, say) when it is sane, so one id follows a request.
    // With tracing on, the request id is the trace id (the caller's, from traceparent, or a new one).
    genReqId: (req) => {
      const traceId = tracing ? traceIdOf(req) : null;
      if (traceId) return traceId;
      const header = req.headers['x-request-id'];
      return typeof header === 'string' && incomingRequestId.test(header) ? header : `req_${randomUUID()}`;
    },
  }).withTypeProvider<ZodTypeProvider>();

  if (tracing) {
    app.addHook('onResponse', (request, _reply, done) => {
      nameRequestSpan(request.raw, request.routeOptions.url);
      done();
    });
    app.addHook('onClose', async () => stopTracing());
  }
  app.decorate('observeRequests', (observer: (request: FastifyRequest, reply: FastifyReply) => void) => {
    requestLog.observer = observer;
  });
  try {
    await assemble(app, config);
  } catch (error) {
    // A plugin could not start (Redis away, DATA_DIR held): close what did open (the database
    // and its lock) before giving up.
    await app.close().catch(() => {});
    throw error;
  }
  return app;
}

/** Registers everything on a new server: external plugins, then app plugins, then modules. */
async function assemble(app: App, config: AppConfig): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  // Before anything is written there: the database, mails and keys are its owner's alone.
  await keepDataDirPrivate(config.dataDir, app.log);
  // Every route, as registered (the route security suite walks them all).
  const routeTable: RegisteredRoute[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      // Read when asked: a scope's own onRoute hook may still give the route a default need.
      routeTable.push({
        method,
        url: route.url,
        get auth() {
          return route.config?.auth;
        },
        get permission() {
          return route.config?.permission;
        },
      });
    }
  });
  // Hooks that run on every request are callback-style: no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Once closing, answers to requests in flight end their keep-alive connection, so close()
  // does not wait for idle sockets to time out.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  // External plugins
  await app.register(helmetPlugin);
  await app.register(cookiePlugin);
  await app.register(swaggerPlugin);

  // App plugins
  await app.register(metricsPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(locationHeaderPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(textGuardPlugin);
  await app.register(cacheControlPlugin);
  await app.register(dbPlugin);
  await app.register(redisPlugin);
  await app.register(queuePlugin);
  await app.register(eventBusPlugin);
  await app.register(rateLimiterPlugin);
  await app.register(csrfPlugin);
  await app.register(mailPlugin);

  // Modules: each <module>.plugin.ts builds its services once and registers its routes. Auth
  // first: it adds the one authentication hook, and every route after it declares its need.
  await app.register(authPlugin);
  await app.register(orgsPlugin);
  await app.register(applicationsPlugin);
  await app.register(healthPlugin);
  await app.register(ecosystemPlugin);
  await app.register(programmePlugin);
  await app.register(profilesPlugin);
  await app.register(billingPlugin);
  await app.register(eventsCataloguePlugin);
  await app.register(aiSecurityPlugin);
  await app.register(workflowsPlugin);
  await app.register(containersPlugin);
  await app.register(realtimePlugin);
  await app.register(accountPlugin);

  // Last: the web app and the not-found answers
  await app.register(webAppPlugin);

  if (config.seedDemo) app.addHook('onReady', async () => seedDemoUser(app));
}
