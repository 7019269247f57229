import fp from 'fastify-plugin';
import { openDatabase } from '../../db/client.js';
import type { App } from '../../types.js';

/** Opens the configured database, applies pending migrations, and closes it when the server closes. */
export const dbPlugin = fp(
  async (app: App) => {
    const handle = await openDatabase(app.config.database);
    try {
      await handle.migrate();
    } catch (error) {
      await handle.close();
      throw error;
    }
    app.decorate('database', handle);
    app.decorate('db', handle.db);
    // Runs after in-flight requests finished: Fastify closes the server first, then the hooks.
    app.addHook('onClose', async () => {
      await handle.close();
      app.log.info({ driver: handle.driver }, 'database closed');
    });
    app.log.info({ driver: handle.driver }, 'database ready');
  },
  { name: 'db' },
);
