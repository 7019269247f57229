import fp from 'fastify-plugin';
import { Redis, type RedisOptions } from 'ioredis';
import { StartupError } from '../../lib/errors.js';
import type { App } from '../../types.js';

/** The address without its password, for messages. */
function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return 'redis://…';
  }
}

/** A Redis command that takes longer than this has failed: requests must not wait on Redis. */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;

/**
 * Fails fast while Redis is away: no offline queue (a command fails at once instead of waiting
 * for a reconnect), a short command timeout (for a Redis that stops answering on an open
 * connection), and it keeps reconnecting with a capped backoff, so it recovers by itself.
 * Connections made from it (pub/sub subscribers) keep the queue: they subscribe while connecting.
 */
class FailFastRedis extends Redis {
  override duplicate(override?: Partial<RedisOptions>): Redis {
    return super.duplicate({ enableOfflineQueue: true, ...override });
  }
}

/** A Redis connection when REDIS_URL is set (`app.redis`, else null), closed with the server. */
export const redisPlugin = fp(
  async (app: App) => {
    const url = app.config.redisUrl;
    if (!url) {
      app.decorate('redis', null);
      return;
    }
    const redis = new FailFastRedis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: 2_000,
      maxRetriesPerRequest: 1,
      // Never gives up: 100 ms, 200 ms, 400 ms ... at most 2 s between attempts.
      retryStrategy: (attempt) => Math.min(100 * 2 ** Math.min(attempt - 1, 5), 2_000),
    });
    // One line when it goes away and one when it is back, not one per reconnection attempt.
    let up = false;
    redis.on('error', (error) => {
      if (up) app.log.warn({ err: error }, 'redis unavailable; reconnecting');
      up = false;
    });
    redis.on('ready', () => {
      if (!up) app.log.info('redis ready');
      up = true;
    });
    try {
      await redis.connect();
    } catch (error) {
      redis.disconnect();
      const reason = error instanceof Error ? error.message : String(error);
      throw new StartupError(
        `Redis at REDIS_URL (${redactedUrl(url)}) did not answer: ${reason}. Start Redis, or unset REDIS_URL to keep rate limits and the session cache in this process.`,
        { cause: error },
      );
    }
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      // QUIT waits for an answer; without one (Redis away) just drop the connection.
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis' },
);
