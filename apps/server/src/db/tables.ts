// Every table, for Drizzle's relational queries. Each table lives in its own file in ./schema.
import { apiKeyUsage } from './schema/api-key-usage.js';
import { apiKeys } from './schema/api-keys.js';
import { applications } from './schema/applications.js';
import { containerDefaults } from './schema/container-defaults.js';
import { containerMetrics } from './schema/container-metrics.js';
import { containers } from './schema/containers.js';
import { meta } from './schema/meta.js';
import { oauthAccounts } from './schema/oauth-accounts.js';
import { oauthStates } from './schema/oauth-states.js';
import { programmeEnquiries } from './schema/programme-enquiries.js';
import { sessions } from './schema/sessions.js';
import { users } from './schema/users.js';

export const tables = {
  meta,
  users,
  sessions,
  oauthAccounts,
  oauthStates,
  programmeEnquiries,
  containers,
  containerMetrics,
  containerDefaults,
  applications,
  apiKeys,
  apiKeyUsage,
};
