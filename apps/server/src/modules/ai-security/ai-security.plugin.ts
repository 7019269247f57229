import fp from 'fastify-plugin';
import type { App } from '../../types.js';
import { describePolicy } from './ai-security.policy.js';
import { createAiSecurityRepository } from './ai-security.repository.js';
import { aiSecurityRoutes } from './ai-security.routes.js';
import { createAiSecurityService, type AiSecurityService } from './ai-security.service.js';
import { createDetector } from './detector/detector.js';
import { loadRecordKey } from './record-key.js';
import { createHttpLayer, createInProcessLayer } from './security-layer.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The AI security layer: the workflow gate, output scans and the records of blocks. */
    aiSecurity: AiSecurityService;
  }
}

const PRUNE_EVERY_MS = 3600_000;

/** The AI security module (/api/ai-security): the detector in process, or a remote layer. */
export const aiSecurityPlugin = fp(
  async (app: App) => {
    const config = app.config.aiSecurity;
    const detector = createDetector({ blockAt: config.blockAt, thresholds: config.thresholds });
    const layer = config.url
      ? createHttpLayer({ url: config.url, token: config.token, timeoutMs: config.timeoutMs })
      : createInProcessLayer(detector);
    const service = createAiSecurityService({
      repo: createAiSecurityRepository(app.db),
      layer,
      detector,
      log: app.log,
      recordKey: await loadRecordKey(app.config.dataDir, app.config.database),
      onVerdict: (level, blocked) => app.metrics.aiVerdicts.inc({ level, blocked: String(blocked) }),
    });
    app.decorate('aiSecurity', service);
    app.queue.every('ai-security.prune-records', PRUNE_EVERY_MS, async () => {
      const pruned = await service.prune();
      if (pruned > 0) app.log.info({ pruned }, 'old AI security records dropped');
    });
    app.log.info({ layer: layer.kind }, 'AI security layer ready');
    await app.register(aiSecurityRoutes, {
      service,
      limiter: app.limiter,
      checksPerMinute: config.checksPerMinute,
      policy: describePolicy({
        layer: layer.kind,
        blockAt: config.blockAt,
        thresholds: config.thresholds,
        checksPerMinute: config.checksPerMinute,
      }),
      prefix: '/api/ai-security',
    });
  },
  { name: 'ai-security', dependencies: ['db', 'queue', 'rate-limiter', 'auth', 'metrics'] },
);
