import { createHmac } from 'node:crypto';
import type { SecurityEventsResponse, SecuritySourceName, ThreatLevel, Violation } from '@nuvem/contracts/ai-security';
import type { FastifyBaseLogger } from 'fastify';
import { newId } from '../../lib/ids.js';
import { recordExcerpt } from './ai-security.evidence.js';
import type { AiSecurityRepository } from './ai-security.repository.js';
import type { Detector } from './detector/detector.js';

/** How long records are kept (the Security tab shows at most 90 days). */
export const RECORDS_KEPT_DAYS = 90;

/** What the records of one text need: where the digests' key and the detector come from. */
export interface RecordsDeps {
  repo: AiSecurityRepository;
  detector: Pick<Detector, 'scanOutput'>;
  log: FastifyBaseLogger;
  recordKey: Buffer;
  now: () => Date;
}

/** A text's keyed digest (HMAC-SHA256): an unsalted SHA-256 of a short prompt could be confirmed by guessing it. */
export function textDigest(recordKey: Buffer, text: string): string {
  return createHmac('sha256', recordKey).update(text).digest('hex');
}

/**
 * The records of blocks, outages and flagged texts behind the user's Security tab: written (never
 * the text, only its keyed digest and what was found), pruned, and read back with the counts.
 */
export function createSecurityRecords({ repo, detector, log, recordKey, now }: RecordsDeps) {
  /** Writes the record of a text that was blocked, not checked (layer offline) or flagged. */
  async function record(
    userId: string,
    text: string,
    result: { violations: Violation[]; threat_level: ThreatLevel },
    context: {
      source: SecuritySourceName;
      outcome: 'blocked' | 'offline' | 'flagged';
      flowId?: string | null;
    },
  ): Promise<void> {
    try {
      await repo.record({
        id: newId('securityEvent'),
        userId,
        flowId: context.flowId ?? null,
        source: context.source,
        outcome: context.outcome,
        threatLevel: result.threat_level,
        violationTypes: [...new Set(result.violations.map((v) => v.type))],
        textSha256: textDigest(recordKey, text),
        excerpt: recordExcerpt(detector, result.violations),
        createdAt: now(),
      });
    } catch (error) {
      // The block stands whether or not it could be written down.
      log.error({ err: error, userId, source: context.source }, 'could not record an AI security event');
    }
  }

  /** Drops records older than the longest window the Security tab shows. */
  async function prune(): Promise<number> {
    return repo.deleteBefore(new Date(now().getTime() - RECORDS_KEPT_DAYS * 24 * 3600_000));
  }

  /** The user's records of the last `days` days, newest first, with their number and the counts. */
  async function history(userId: string, query: { days: number; limit: number }): Promise<SecurityEventsResponse> {
    const since = new Date(now().getTime() - query.days * 24 * 3600_000);
    const { rows, total, byDay, byType } = await repo.history(userId, since, query.limit);
    return {
      events: rows.map((row) => ({
        id: row.id,
        flow_id: row.flowId,
        source: row.source as SecuritySourceName,
        outcome: row.outcome as 'blocked' | 'offline' | 'flagged',
        threat_level: row.threatLevel as ThreatLevel,
        violation_types: row.violationTypes,
        text_sha256: row.textSha256,
        excerpt: row.excerpt,
        created_at: row.createdAt.toISOString(),
      })),
      total,
      by_day: byDay,
      by_type: byType,
    };
  }

  return { record, prune, history };
}

export type SecurityRecords = ReturnType<typeof createSecurityRecords>;
