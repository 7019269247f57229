import fp from 'fastify-plugin';
import type { App } from '../../types.js';
import { createPostsRepository } from './posts.repository.js';
import { postsRoutes } from './posts.routes.js';
import { createPostsService } from './posts.service.js';
import { createProfilesRepository } from './profiles.repository.js';
import { profilesRoutes } from './profiles.routes.js';
import { createProfilesService } from './profiles.service.js';

/**
 * The profiles module: profiles (spec 1's profile page) and their activity feed (posts, likes,
 * comments, impressions). Users are read through the auth module's `user_cards` view and changed
 * only through its service.
 */
export const profilesPlugin = fp(
  async (app: App) => {
    const repo = createProfilesRepository(app.db);
    const profiles = createProfilesService({ repo, auth: app.auth });
    const posts = createPostsService({ repo: createPostsRepository(app.db), users: repo, limiter: app.limiter });
    await app.register(profilesRoutes, { service: profiles });
    await app.register(postsRoutes, { service: posts });
  },
  { name: 'profiles', dependencies: ['db', 'rate-limiter', 'auth'] },
);
