import { createHmac } from 'node:crypto';
import {
  AI_SECURITY_MAX_PROMPT_BYTES,
  AI_SECURITY_MAX_REQUEST_BYTES,
  aiSecurityMessages,
  threatRank,
  type SecurityEventsResponse,
  type SecurityReport,
  type SecuritySourceName,
  type ThreatLevel,
  type ValidatePromptResponse,
  type Violation,
} from '@nuvem/contracts/ai-security';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { AiSecurityReportRow } from '../../db/schema/ai-security-reports.js';
import type { AiSecurityRepository } from './ai-security.repository.js';
import type { Detector } from './detector/detector.js';
import { offlineViolation, SecurityLayerUnavailable, type SecurityLayer } from './security-layer.js';

export type SecuritySource = 'validate-prompt' | 'flow.create' | 'flow.execute' | 'chat.message';

/** One text input of a request to check, named so a violation says where it was. */
export interface GateInput {
  field: string;
  text: string;
  /** A name (a flow's, a node's) rather than a prompt. */
  label?: boolean;
}

const EXCERPT_LENGTH = 160;
/** Sources whose text is material a model reads (scanned as a document), not a user's request. */
const MATERIAL_SOURCES: ReadonlySet<SecuritySourceName> = new Set([
  'agent.output',
  'knowledge.document',
  'knowledge.passage',
  'chat.history',
]);
/** How long records are kept (the Security tab shows at most 90 days). */
export const RECORDS_KEPT_DAYS = 90;

/**
 * An address in a record's evidence keeps only its scheme and host: its path, query, fragment and any
 * user:password can carry what the prompt tried to send out (a password in `&auth=`, say).
 */
export function maskAddresses(text: string): string {
  return text.replace(
    /\b([a-z][a-z0-9+.-]{0,15}:\/\/)(?:[^\s/?#@]{0,256}@)?([^\s/?#:@]{1,253})(?::\d{1,5})?([/?#][^\s]*)?/gi,
    (_match, scheme: string, host: string, rest: string | undefined) => `${scheme}${host}${rest ? '/…' : ''}`,
  );
}

/** An address without a scheme that carries a path or a query ("evil.example/collect?data=…", "//host/p?x"). */
const BARE_ADDRESS = /(?<![\w:/.@-])(?:\/\/)?((?:[a-z0-9-]{1,63}\.)+[a-z]{2,24})(?::\d{1,5})?[/?#](?!…)[^\s]*/gi;
/** A credential's value after its name ("password hunter2", "passphrase: correct-horse…", "token=abc"). */
const CREDENTIAL_VALUE =
  /\b(pass(?:word|phrase|code)?|pwd|secret|token|api[ _-]?key|key|pin|combination|codename|code)(\s*(?:is|was|=|:)?\s*)([^\s,.;'"]{3,})/gi;
/** Evidence of one finding kept in a record: at most this many characters. */
const EVIDENCE_KEPT = 60;

/**
 * Evidence as a record or a report may keep it: address paths and queries masked (with or without a
 * scheme), a credential's value after its name masked (one no rule knows is still a secret), and cut.
 */
export function tidyEvidence(text: string): string {
  const tidy = maskAddresses(text)
    .replace(BARE_ADDRESS, (_m, host: string) => `${host}/…`)
    .replace(CREDENTIAL_VALUE, (_m, name: string, gap: string) => `${name}${gap}[REDACTED]`)
    .replace(/\s+/g, ' ')
    .trim();
  return tidy.length > EVIDENCE_KEPT ? `${tidy.slice(0, EVIDENCE_KEPT - 1)}…` : tidy;
}

function highest(levels: ThreatLevel[]): ThreatLevel {
  return levels.reduce<ThreatLevel>((top, level) => (threatRank(level) > threatRank(top) ? level : top), 'none');
}

/** `text` between `start` and `end`, each secret or personal datum overlapping it replaced whole. */
function sliceMasked(
  text: string,
  span: { start: number; end: number },
  sensitive: ReadonlyArray<{ start: number; end: number; type: string }>,
): string {
  let out = '';
  let at = span.start;
  for (const hidden of sensitive) {
    if (hidden.end <= at || hidden.start >= span.end) continue;
    if (hidden.start > at) out += text.slice(at, hidden.start);
    out += `[REDACTED:${hidden.type}]`;
    at = Math.max(at, hidden.end);
  }
  return out + (at < span.end ? text.slice(at, span.end) : '');
}

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

function tooLarge(field?: string): AppError {
  return new AppError(
    413,
    field ? `${aiSecurityMessages.tooLarge}: '${field}' is larger` : aiSecurityMessages.tooLarge,
    'PROMPT_TOO_LARGE',
  );
}

/**
 * The AI security layer as the portal uses it: the spec's validate-prompt, the gate every workflow
 * text goes through before a flow is created or executed (blocked: 422; layer unavailable: 503,
 * fail closed), the scan of agent outputs (secrets and personal data redacted, injected
 * instructions flagged), and the record of each block for the user's Security tab.
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
}) {
  const { repo, layer, detector, log, recordKey } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * What a record keeps of the text: only what was found (each finding's evidence, secrets and
   * personal data already masked by the detector), at most 160 characters. Never the text around
   * it, which may hold a secret no rule knows.
   */
  function excerptOf(violations: Violation[]): string {
    // The classifier's evidence is a whole window of the text: not kept. A finding in a decoded
    // payload points at the encoded text, which decodes to all of it: only its kind is kept.
    const found = [
      ...new Set(
        violations
          .filter((v) => v.type !== 'prompt_injection_classifier')
          .map((v) => (v.decoded_from ? `[${v.decoded_from}-encoded text]` : tidyEvidence(v.evidence.text)))
          .filter(Boolean),
      ),
    ];
    const joined = detector.scanOutput(found.join(' … ')).redacted;
    return joined.length > EXCERPT_LENGTH ? `${joined.slice(0, EXCERPT_LENGTH - 1)}…` : joined;
  }

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
        // Keyed: an unsalted SHA-256 of a short prompt could be confirmed by guessing it.
        textSha256: createHmac('sha256', recordKey).update(text).digest('hex'),
        excerpt: excerptOf(result.violations),
        createdAt: now(),
      });
    } catch (error) {
      // The block stands whether or not it could be written down.
      log.error({ err: error, userId, source: context.source }, 'could not record an AI security event');
    }
  }

  /**
   * A false-alarm report's excerpt: what was found (the rules' evidence; the classifier's window
   * only when nothing else was found, since then that window is what the report is about), cut from
   * the text with every secret and personal datum the detector sees replaced whole (also one the cut
   * would split), address paths masked, scanned once more for anything left, at most 160 characters.
   */
  function reportExcerpt(text: string, violations: Violation[]): string {
    const sensitive = violations
      .filter((v) => v.type === 'secret' || v.type === 'personal_data')
      .map((v) => ({ start: v.evidence.start, end: v.evidence.end, type: v.type }))
      .sort((a, b) => a.start - b.start);
    const rules = violations.filter(
      (v) => v.type !== 'prompt_injection_classifier' && v.type !== 'security_layer_offline',
    );
    // The classifier's window is a stretch of the text itself (a passphrase in it would be kept):
    // a report on the classifier alone keeps its words, not the text's.
    if (rules.length === 0) {
      return violations.some((v) => v.type === 'prompt_injection_classifier')
        ? '[read as an injection by the classifier]'
        : '';
    }
    const found = [
      ...new Set(
        [...rules]
          .sort((a, b) => a.evidence.start - b.evidence.start)
          .map((v) =>
            v.decoded_from
              ? `[${v.decoded_from}-encoded text]`
              : tidyEvidence(sliceMasked(text, v.evidence, sensitive)),
          )
          .filter(Boolean),
      ),
    ];
    const joined = detector.scanOutput(found.join(' … ')).redacted;
    return joined.length > EXCERPT_LENGTH ? `${joined.slice(0, EXCERPT_LENGTH - 1)}…` : joined;
  }

  function offlineError(): AppError {
    return new AppError(
      503,
      aiSecurityMessages.offline,
      'SECURITY_LAYER_OFFLINE',
      {},
      {
        violations: [offlineViolation],
        threat_level: 'critical',
      },
    );
  }

  async function check(prompt: string, label = false): Promise<ValidatePromptResponse | null> {
    try {
      return await layer.checkPrompt(prompt, { label });
    } catch (error) {
      if (!(error instanceof SecurityLayerUnavailable)) throw error;
      log.error({ err: error, layer: layer.kind }, 'the AI security layer did not answer: blocking');
      return null;
    }
  }

  return {
    layerKind: layer.kind,

    /** POST /api/ai-security/validate-prompt: the verdict; an unsafe prompt is recorded. */
    /** Whether the layer answers now (the workflow service's health). */
    async answers(): Promise<boolean> {
      return (await check('health check')) !== null;
    },

    async validate(userId: string, prompt: string): Promise<ValidatePromptResponse> {
      if (Buffer.byteLength(prompt, 'utf8') > AI_SECURITY_MAX_PROMPT_BYTES) throw tooLarge();
      const result = await check(prompt);
      if (!result) {
        await record(
          userId,
          prompt,
          { violations: [offlineViolation], threat_level: 'critical' },
          {
            source: 'validate-prompt',
            outcome: 'offline',
          },
        );
        throw offlineError();
      }
      if (!result.safe) await record(userId, prompt, result, { source: 'validate-prompt', outcome: 'blocked' });
      return result;
    },

    /**
     * Every text input of a workflow request, checked before anything is written or run. Throws
     * 'Prompt blocked by AI Security Layer' (422) with the violations (each naming its input) and
     * the threat level, or the fail-closed 503 when the layer cannot answer; records either.
     */
    async gate(
      userId: string,
      inputs: GateInput[],
      context: { source: 'flow.create' | 'flow.execute' | 'chat.message'; flowId?: string | null },
    ): Promise<void> {
      const texts = inputs.filter((input) => input.text.trim().length > 0);
      let total = 0;
      for (const input of texts) {
        const bytes = Buffer.byteLength(input.text, 'utf8');
        if (bytes > AI_SECURITY_MAX_PROMPT_BYTES) throw tooLarge(input.field);
        total += bytes;
      }
      // Each check takes the CPU for a while: a request's texts are bounded together, and checked
      // one after another with other requests served between them (never one long stall).
      if (total > AI_SECURITY_MAX_REQUEST_BYTES) {
        throw new AppError(413, aiSecurityMessages.requestTooLarge, 'PROMPT_TOO_LARGE');
      }
      const results: Array<ValidatePromptResponse | null> = [];
      for (const input of texts) {
        if (results.length > 0) await new Promise<void>((resolve) => setImmediate(resolve));
        results.push(await check(input.text, input.label));
      }
      const all = texts.map((input) => input.text).join('\n');
      if (results.some((result) => result === null)) {
        await record(
          userId,
          all,
          { violations: [offlineViolation], threat_level: 'critical' },
          {
            ...context,
            outcome: 'offline',
          },
        );
        throw offlineError();
      }
      const blocked = texts.flatMap((input, i) => {
        const result = results[i];
        return result && !result.safe ? [{ input, result }] : [];
      });
      if (blocked.length === 0) return;
      const violations = blocked.flatMap(({ input, result }) =>
        result.violations.map((violation) => ({ ...violation, field: input.field })),
      );
      const threatLevel = highest(blocked.map(({ result }) => result.threat_level));
      await record(
        userId,
        blocked.map(({ input }) => input.text).join('\n'),
        { violations, threat_level: threatLevel },
        {
          ...context,
          outcome: 'blocked',
        },
      );
      throw new AppError(
        422,
        aiSecurityMessages.blocked,
        'PROMPT_BLOCKED',
        {},
        {
          violations,
          threat_level: threatLevel,
        },
      );
    },

    /**
     * An agent's output before it is shown or passed on: secrets and personal data redacted,
     * injected instructions (e.g. in a retrieved document) flagged; recorded when anything was found.
     */
    async scanOutput(userId: string, text: string, context: { flowId?: string | null } = {}) {
      const result = detector.scanOutput(text);
      const flagged = result.violations.length > 0;
      if (flagged) {
        await record(userId, text, result, {
          source: 'agent.output',
          outcome: 'flagged',
          flowId: context.flowId ?? null,
        });
      }
      return { text: result.redacted, violations: result.violations, threat_level: result.threat_level, flagged };
    },

    /**
     * Material a model will read that the user did not type as their request: a knowledge-base
     * document, a retrieved passage, an agent's output handed to the next agent, conversation
     * history the portal did not write. Instructions aimed at the AI inside it are injections (the
     * detector reads it as a document, not as a user's own request); secrets and personal data are
     * redacted. Recorded as 'flagged' when anything at or above the block level was found (unless
     * `record: false`, for a passage already recorded when its document was added).
     */
    async scanMaterial(
      userId: string,
      text: string,
      context: {
        source: 'knowledge.document' | 'knowledge.passage' | 'agent.output' | 'chat.history';
        flowId?: string | null;
        record?: boolean;
      },
    ) {
      const result = detector.scanDocument(text);
      const flagged = !result.safe;
      if (flagged && context.record !== false) {
        await record(userId, text, result, {
          source: context.source,
          outcome: 'flagged',
          flowId: context.flowId ?? null,
        });
      }
      return { text: result.redacted, violations: result.violations, threat_level: result.threat_level, flagged };
    },

    /** A text shown beside a scanned output (a source's excerpt): redacted the same way, not recorded again. */
    redact(text: string): string {
      return detector.scanOutput(text).redacted;
    },

    /** Drops records older than the longest window the Security tab shows. */
    async prune(): Promise<number> {
      return repo.deleteBefore(new Date(now().getTime() - RECORDS_KEPT_DAYS * 24 * 3600_000));
    },

    /**
     * POST /api/ai-security/reports: a user says a text was blocked or flagged wrongly. The text is
     * checked again by the detector in process and kept only as its keyed hash and a redacted
     * excerpt, with what was found. The same user reporting the same text again gets the first
     * report back (`created: false`).
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
        textHmac: createHmac('sha256', recordKey).update(body.prompt).digest('hex'),
        excerpt: reportExcerpt(body.prompt, result.violations),
        // The user's own words, but a key pasted there is no more welcome than in the excerpt.
        comment: detector
          .scanOutput(maskAddresses(body.comment))
          .redacted.replace(BARE_ADDRESS, (_m, host: string) => `${host}/…`)
          .replace(CREDENTIAL_VALUE, (_m, name: string, gap: string) => `${name}${gap}[REDACTED]`),
        createdAt: now(),
      });
      return { report: reportOf(report), created };
    },

    /** The user's own false-alarm reports, newest first. */
    async reports(userId: string, query: { limit: number }): Promise<SecurityReport[]> {
      return (await repo.reportsOf(userId, query.limit)).map(reportOf);
    },

    async history(userId: string, query: { days: number; limit: number }): Promise<SecurityEventsResponse> {
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
    },
  };
}

export type AiSecurityService = ReturnType<typeof createAiSecurityService>;
