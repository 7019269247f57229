import {
  AI_SECURITY_MAX_PROMPT_BYTES,
  type SecurityReport,
  type SecuritySourceName,
  type ThreatLevel,
} from '@nuvem/contracts/ai-security';
import { newId } from '../../lib/ids.js';
import { reportExcerpt, tidyComment } from './ai-security.evidence.js';
import { tooLarge } from './ai-security.errors.js';
import { textDigest } from './ai-security.records.js';
import type { AiSecurityReportRow, AiSecurityRepository } from './ai-security.repository.js';
import type { Detector } from './detector/detector.js';

/** Sources whose text is material a model reads (scanned as a document), not a user's request. */
const MATERIAL_SOURCES: ReadonlySet<SecuritySourceName> = new Set([
  'agent.output',
  'knowledge.document',
  'knowledge.passage',
  'chat.history',
]);

function reportOf(row: AiSecurityReportRow): SecurityReport {
  return {
    id: row.id,
    source: row.source as SecuritySourceName,
    threat_level: row.threatLevel as ThreatLevel,
    violation_types: row.violationTypes,
    text_sha256: row.textHmac,
    excerpt: row.excerpt,
    comment: row.comment,
    created_at: row.createdAt.toISOString(),
  };
}

/** Users' false-alarm reports: a text they say was blocked or flagged wrongly, and their own list. */
export function createSecurityReports(deps: {
  repo: AiSecurityRepository;
  detector: Detector;
  recordKey: Buffer;
  now: () => Date;
}) {
  const { repo, detector, recordKey, now } = deps;
  return {
    /**
     * POST /api/ai-security/reports: a user says a text was blocked or flagged wrongly. The text is
     * checked again by the detector in process and kept only as its keyed hash and a redacted
     * excerpt, with what was found. The same workspace (`userId` is the owner: the workspace the
     * request acts in) reporting the same text again gets the first report back (`created: false`),
     * whichever member sent it.
     */
    async report(
      userId: string,
      body: { prompt: string; source: SecuritySourceName; comment: string },
    ): Promise<{ report: SecurityReport; created: boolean }> {
      if (Buffer.byteLength(body.prompt, 'utf8') > AI_SECURITY_MAX_PROMPT_BYTES) throw tooLarge();
      const result = MATERIAL_SOURCES.has(body.source)
        ? detector.scanDocument(body.prompt)
        : detector.scanPrompt(body.prompt);
      const { report, created } = await repo.addReport({
        id: newId('securityReport'),
        userId,
        source: body.source,
        threatLevel: result.threat_level,
        violationTypes: [...new Set(result.violations.map((v) => v.type))],
        textHmac: textDigest(recordKey, body.prompt),
        excerpt: reportExcerpt(detector, body.prompt, result.violations),
        comment: tidyComment(detector, body.comment),
        createdAt: now(),
      });
      return { report: reportOf(report), created };
    },

    /** The workspace's false-alarm reports, newest first. */
    async reports(userId: string, query: { limit: number }): Promise<SecurityReport[]> {
      return (await repo.reportsOf(userId, query.limit)).map(reportOf);
    },
  };
}
