import type { FastifyBaseLogger } from 'fastify';
import { createSecurityChecks } from './ai-security.checks.js';
import { createSecurityRecords } from './ai-security.records.js';
import { createSecurityReports } from './ai-security.reports.js';
import type { AiSecurityRepository } from './ai-security.repository.js';
import type { Detector } from './detector/detector.js';
import type { SecurityLayer } from './security-layer.js';

export type { GateInput } from './ai-security.checks.js';
export { maskAddresses, tidyEvidence } from './ai-security.evidence.js';
export { RECORDS_KEPT_DAYS } from './ai-security.records.js';

export type SecuritySource = 'validate-prompt' | 'flow.create' | 'flow.execute' | 'chat.message';

/**
 * The AI security layer as the portal uses it, composed of its use cases:
 * - checks (ai-security.checks.ts): the spec's validate-prompt, the gate every workflow text goes
 *   through before a flow is created or executed (blocked: 422; layer unavailable: 503, fail
 *   closed), and the scans of agent outputs and material (secrets and personal data redacted,
 *   injected instructions flagged);
 * - records (ai-security.records.ts): the record of each block for the user's Security tab, and
 *   their pruning;
 * - reports (ai-security.reports.ts): users' false-alarm reports.
 */
export function createAiSecurityService(deps: {
  repo: AiSecurityRepository;
  layer: SecurityLayer;
  /** The local detector: outputs and the redacted excerpts of records are always made here. */
  detector: Detector;
  log: FastifyBaseLogger;
  /**
   * The key of the records' text digests (HMAC-SHA256): kept outside the database (see
   * record-key.ts), so a leaked table does not let anyone confirm a guessed prompt.
   */
  recordKey: Buffer;
  now?: () => Date;
  onVerdict?: (level: string, blocked: boolean) => void;
}) {
  const { repo, layer, detector, log, recordKey } = deps;
  const now = deps.now ?? (() => new Date());
  const records = createSecurityRecords({ repo, detector, log, recordKey, now });
  const checks = createSecurityChecks({ layer, detector, records, log, onVerdict: deps.onVerdict });
  const reports = createSecurityReports({ repo, detector, recordKey, now });

  return {
    layerKind: layer.kind,
    /** answers, validate, gate, scanOutput, scanMaterial, redact */
    ...checks,
    prune: records.prune,
    history: records.history,
    /** report, reports */
    ...reports,
  };
}

export type AiSecurityService = ReturnType<typeof createAiSecurityService>;
