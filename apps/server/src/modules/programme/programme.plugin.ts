import fp from 'fastify-plugin';
import type { App } from '../../types.js';
import { createProgrammeRepository } from './programme.repository.js';
import { programmeRoutes } from './programme.routes.js';
import { createProgrammeService } from './programme.service.js';

/** The programme module: enquiries from the training-programme page (the export CLI reads them too). */
export const programmePlugin = fp(
  async (app: App) => {
    const service = createProgrammeService({ repo: createProgrammeRepository(app.db), limiter: app.limiter });
    await app.register(programmeRoutes, { service });
  },
  { name: 'programme', dependencies: ['db', 'rate-limiter', 'auth'] },
);
