import fp from 'fastify-plugin';
import type { App } from '../../types.js';
import { createAiSecurityAccountData } from '../ai-security/account-data.js';
import { createApplicationsAccountData } from '../applications/account-data.js';
import { createAuthAccountData } from '../auth/account-data.js';
import { createBillingAccountData } from '../billing/account-data.js';
import { createContainersAccountData } from '../containers/account-data.js';
import { createEventsAccountData } from '../events/account-data.js';
import { createMailAccountData } from '../mail/account-data.js';
import { createProfilesAccountData } from '../profiles/account-data.js';
import { createProgrammeAccountData } from '../programme/account-data.js';
import { createWorkflowsAccountData } from '../workflows/account-data.js';
import { createAccountRepository } from './account.repository.js';
import { accountRoutes } from './account.routes.js';
import { createAccountService } from './account.service.js';
import { createMembershipsAccountData } from './memberships.js';

/**
 * The account module: the user's data export and the deletion of the account. It owns no table:
 * each module contributes its part from its own `account-data.ts` (its SQL in its own
 * `account-data.repository.ts`), built here on the module's services. Registered after the modules.
 */
export const accountPlugin = fp(
  async (app: App) => {
    const { db } = app;
    const auth = createAuthAccountData({ db, sessions: app.auth });
    const service = createAccountService({
      repo: createAccountRepository(db),
      // The order of the deletion: first what may refuse it (an organisation the user owns), then
      // what runs outside the database (runs, upcoming events, container instances of the personal
      // workspace, a Stripe subscription); the auth part (the user row) is last.
      parts: [
        createMembershipsAccountData({ orgs: app.orgs }),
        createWorkflowsAccountData({ db, workflows: app.workflows }),
        createEventsAccountData({ db, events: app.eventsCatalogue }),
        createContainersAccountData({ db, containers: app.containers }),
        createBillingAccountData({ db, queue: app.queue, log: app.log }),
        createApplicationsAccountData({ db, apiKeys: app.apiKeys }),
        createProfilesAccountData({ db }),
        createAiSecurityAccountData({ db }),
        createProgrammeAccountData({ db }),
        createMailAccountData({ db }),
        auth.part,
      ],
      holder: auth.holder,
      reauthenticate: (userId, proof, signedInAt) => app.auth.reauthenticate(userId, proof, signedInAt),
      mail: app.mail,
      log: app.log,
    });
    await app.register(accountRoutes, { service, limiter: app.limiter });
  },
  {
    name: 'account',
    dependencies: [
      'db',
      'queue',
      'rate-limiter',
      'auth',
      'mail',
      'applications',
      'billing',
      'events-catalogue',
      'workflows',
      'containers',
      'orgs',
    ],
  },
);
