import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { AppConfig } from './config.js';
import { errorSerializer } from './lib/log-redaction.js';
import { applicationsRoutes } from './modules/applications/applications.routes.js';
import { platformCors } from './modules/applications/platform-cors.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { oauthRoutes } from './modules/auth/oauth.routes.js';
import { seedDemoUser } from './modules/auth/seed.js';
import { ssoRoutes } from './modules/auth/sso.routes.js';
import { containersPlugin } from './modules/containers/containers.plugin.js';
import { containersRoutes } from './modules/containers/containers.routes.js';
import { ecosystemRoutes } from './modules/ecosystem/ecosystem.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { profilesRoutes } from './modules/profiles/profiles.routes.js';
import { programmeRoutes } from './modules/programme/programme.routes.js';
import { realtimePlugin } from './modules/realtime/realtime.plugin.js';
import { apiKeysPlugin } from './plugins/app/api-keys.js';
import { authPlugin } from './plugins/app/auth.js';
import { cacheControlPlugin } from './plugins/app/cache-control.js';
import { csrfPlugin } from './plugins/app/csrf.js';
import { dbPlugin } from './plugins/app/db.js';
import { errorHandlerPlugin, frameworkErrors } from './plugins/app/error-handler.js';
import { eventsPlugin } from './plugins/app/events.js';
import { jsonBodyPlugin } from './plugins/app/json-body.js';
import { locationHeaderPlugin } from './plugins/app/location-header.js';
import { queuePlugin } from './plugins/app/queue.js';
import { rateLimiterPlugin } from './plugins/app/rate-limiter.js';
import { redisPlugin } from './plugins/app/redis.js';
import { textGuardPlugin } from './plugins/app/text-guard.js';
import { webAppPlugin } from './plugins/app/web-app.js';
import { cookiePlugin } from './plugins/external/cookie.js';
import { helmetPlugin } from './plugins/external/helmet.js';
import { rateLimitPlugin } from './plugins/external/rate-limit.js';
import { swaggerPlugin } from './plugins/external/swagger.js';
import type { App } from './types.js';

export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RegisteredRoute[];
  }
}

const incomingRequestId = /^[\w.:-]{1,128}$/;

export interface BuildOptions {
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
}

/** Builds the whole server (not listening): external plugins, then app plugins, then modules. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      // A failed query's bound parameters (hashes, e-mails, IPs) never reach the logs.
      serializers: { err: errorSerializer },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    frameworkErrors,
    // request.ip and request.protocol follow X-Forwarded-* only from the proxies TRUST_PROXY names.
    trustProxy: config.trustProxy,
    // Keep a caller's request id (a proxy's, say) when it is sane, so one id follows a request.
    genReqId: (req) => {
      const header = req.headers['x-request-id'];
      return typeof header === 'string' && incomingRequestId.test(header) ? header : `req_${randomUUID()}`;
    },
  }).withTypeProvider<ZodTypeProvider>();

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
  // Every route, as registered (the route security suite walks them all).
  const routeTable: RegisteredRoute[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: route.url });
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
  await app.register(rateLimitPlugin);
  await app.register(swaggerPlugin);

  // App plugins
  await app.register(errorHandlerPlugin);
  await app.register(locationHeaderPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(textGuardPlugin);
  await app.register(cacheControlPlugin);
  await app.register(dbPlugin);
  await app.register(redisPlugin);
  await app.register(queuePlugin);
  await app.register(eventsPlugin);
  await app.register(rateLimiterPlugin);
  await app.register(csrfPlugin);
  await app.register(apiKeysPlugin);
  await app.register(authPlugin);

  // Modules
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(ssoRoutes);
  await app.register(oauthRoutes);
  await app.register(applicationsRoutes);
  await app.register(ecosystemRoutes);
  await app.register(programmeRoutes);
  await app.register(profilesRoutes);
  await app.register(containersPlugin);
  await app.register(realtimePlugin);
  // The platform API: CORS for the applications' allowed origins, then its routes.
  await app.register(
    async (api) => {
      await api.register(platformCors);
      await api.register(containersRoutes);
    },
    { prefix: '/api/v1' },
  );

  // Last: the web app and the not-found answers
  await app.register(webAppPlugin);

  if (config.seedDemo) app.addHook('onReady', async () => seedDemoUser(app));
}
