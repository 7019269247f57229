import type { AiSecurityRepository } from './ai-security.repository.js';

const DAY = 24 * 3600_000;

/**
 * The false-alarm reports of the last `days` days, oldest first, one JSON object a line, for the
 * operator (`npm run ai-security:reports`): never the reported text, only its keyed hash and the
 * redacted excerpt the server kept.
 */
export async function reportLines(
  repo: Pick<AiSecurityRepository, 'reportsSince'>,
  options: { days: number; now?: Date },
): Promise<string[]> {
  const since = new Date((options.now ?? new Date()).getTime() - options.days * DAY);
  const rows = await repo.reportsSince(since);
  return rows.map((row) =>
    JSON.stringify({
      id: row.id,
      created_at: row.createdAt.toISOString(),
      user_id: row.userId,
      source: row.source,
      threat_level: row.threatLevel,
      types: row.violationTypes,
      hash: row.textHmac,
      excerpt: row.excerpt,
      comment: row.comment,
    }),
  );
}
