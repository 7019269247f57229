// Every table, for Drizzle's relational queries. Each table lives in its own file in ./schema.
import { auditEvents } from './schema/audit-events.js';
import { workspaceInvitations } from './schema/workspace-invitations.js';
import { workspaceMembers } from './schema/workspace-members.js';
import { workspaces } from './schema/workspaces.js';
import { accountTokens } from './schema/account-tokens.js';
import { mailOutbox } from './schema/mail-outbox.js';
import { mfaChallenges } from './schema/mfa-challenges.js';
import { mfaRecoveryCodes } from './schema/mfa-recovery-codes.js';
import { mfaTotp } from './schema/mfa-totp.js';
import { passkeys } from './schema/passkeys.js';
import { aiSecurityEvents } from './schema/ai-security-events.js';
import { aiSecurityReports } from './schema/ai-security-reports.js';
import { billingTokenUsage } from './schema/billing-token-usage.js';
import { workflowAgentStats } from './schema/workflow-agent-stats.js';
import { workflowExecutionSteps } from './schema/workflow-execution-steps.js';
import { workflowExecutions } from './schema/workflow-executions.js';
import { workflowFlows } from './schema/workflow-flows.js';
import { workflowKnowledge } from './schema/workflow-knowledge.js';
import { apiKeyUsage } from './schema/api-key-usage.js';
import { apiKeys } from './schema/api-keys.js';
import { billingCoupons } from './schema/billing-coupons.js';
import { billingCustomers } from './schema/billing-customers.js';
import { billingInvoiceCounters, billingInvoices } from './schema/billing-invoices.js';
import { billingLedger } from './schema/billing-ledger.js';
import { billingOrders } from './schema/billing-orders.js';
import { billingSubscriptions } from './schema/billing-subscriptions.js';
import { billingWebhookEvents } from './schema/billing-webhook-events.js';
import { applications } from './schema/applications.js';
import { containerDefaults } from './schema/container-defaults.js';
import { containerMetrics } from './schema/container-metrics.js';
import { connections } from './schema/connections.js';
import { containers } from './schema/containers.js';
import { eventCategories } from './schema/event-categories.js';
import { eventOrganisers } from './schema/event-organisers.js';
import { eventRegistrations } from './schema/event-registrations.js';
import { eventTicketTypes } from './schema/event-ticket-types.js';
import { eventVenues } from './schema/event-venues.js';
import { events } from './schema/events.js';
import { follows } from './schema/follows.js';
import { meta } from './schema/meta.js';
import { oauthAccounts } from './schema/oauth-accounts.js';
import { oauthPendingLinks } from './schema/oauth-pending-links.js';
import { oauthStates } from './schema/oauth-states.js';
import { profileAvatars } from './schema/profile-avatars.js';
import { profileEducation } from './schema/profile-education.js';
import { profileExperience } from './schema/profile-experience.js';
import { profilePostComments } from './schema/profile-post-comments.js';
import { profilePostImpressions } from './schema/profile-post-impressions.js';
import { profilePostLikes } from './schema/profile-post-likes.js';
import { profilePosts } from './schema/profile-posts.js';
import { profileSkills } from './schema/profile-skills.js';
import { profileViews } from './schema/profile-views.js';
import { profiles } from './schema/profiles.js';
import { programmeEnquiries } from './schema/programme-enquiries.js';
import { sessions } from './schema/sessions.js';
import { skillEndorsements } from './schema/skill-endorsements.js';
import { users } from './schema/users.js';

export const tables = {
  meta,
  users,
  sessions,
  accountTokens,
  mfaTotp,
  mfaRecoveryCodes,
  passkeys,
  mfaChallenges,
  mailOutbox,
  oauthAccounts,
  oauthStates,
  oauthPendingLinks,
  programmeEnquiries,
  containers,
  containerMetrics,
  containerDefaults,
  applications,
  apiKeys,
  apiKeyUsage,
  profiles,
  profileAvatars,
  profileExperience,
  profileEducation,
  profileSkills,
  skillEndorsements,
  follows,
  connections,
  profileViews,
  profilePosts,
  profilePostLikes,
  profilePostComments,
  profilePostImpressions,
  billingCoupons,
  billingOrders,
  billingSubscriptions,
  billingLedger,
  billingCustomers,
  billingInvoices,
  billingInvoiceCounters,
  billingWebhookEvents,
  eventCategories,
  eventOrganisers,
  eventVenues,
  events,
  eventTicketTypes,
  eventRegistrations,
  aiSecurityEvents,
  aiSecurityReports,
  billingTokenUsage,
  workflowFlows,
  workflowExecutions,
  workflowExecutionSteps,
  workflowAgentStats,
  workflowKnowledge,
  workspaces,
  workspaceMembers,
  workspaceInvitations,
  auditEvents,
};
