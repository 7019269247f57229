import type { App } from '../../types.js';
import type { AccountDataPart } from '../account/account-data.types.js';
import { createAiSecurityAccountDataRepository } from './account-data.repository.js';

/** The AI security module's part of the account: the records about the user's texts, and their reports. */
export function createAiSecurityAccountData(deps: { db: App['db'] }): AccountDataPart {
  const repo = createAiSecurityAccountDataRepository(deps.db);
  return {
    module: 'ai-security',
    async exportData(owner) {
      const [events, reports] = await Promise.all([repo.eventsOf(owner.id), repo.reportsOf(owner.id)]);
      return {
        ai_security: {
          records: events.map((event) => ({
            id: event.id,
            flow_id: event.flowId,
            source: event.source,
            outcome: event.outcome,
            threat_level: event.threatLevel,
            violation_types: event.violationTypes,
            excerpt: event.excerpt,
            created_at: event.createdAt.toISOString(),
          })),
          false_alarm_reports: reports.map((report) => ({
            id: report.id,
            source: report.source,
            threat_level: report.threatLevel,
            violation_types: report.violationTypes,
            excerpt: report.excerpt,
            comment: report.comment,
            created_at: report.createdAt.toISOString(),
          })),
        },
      };
    },
  };
}
