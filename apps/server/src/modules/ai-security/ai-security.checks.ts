import {
  AI_SECURITY_MAX_PROMPT_BYTES,
  AI_SECURITY_MAX_REQUEST_BYTES,
  aiSecurityMessages,
  threatRank,
  type ThreatLevel,
  type ValidatePromptResponse,
} from '@nuvem/contracts/ai-security';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { offlineError, tooLarge } from './ai-security.errors.js';
import type { SecurityRecords } from './ai-security.records.js';
import type { Detector } from './detector/detector.js';
import { offlineViolation, SecurityLayerUnavailable, type SecurityLayer } from './security-layer.js';

/** One text input of a request to check, named so a violation says where it was. */
export interface GateInput {
  field: string;
  text: string;
  /** A name (a flow's, a node's) rather than a prompt. */
  label?: boolean;
}

function highest(levels: ThreatLevel[]): ThreatLevel {
  return levels.reduce<ThreatLevel>((top, level) => (threatRank(level) > threatRank(top) ? level : top), 'none');
}

/**
 * The checks of texts: the spec's validate-prompt, the gate every workflow text goes through
 * before a flow is created or executed (blocked: 422; layer unavailable: 503, fail closed), and the
 * scans of agents' outputs and of material a model reads (redacted, injections flagged). Each
 * block, outage and flagged text is recorded.
 */
export function createSecurityChecks(deps: {
  layer: SecurityLayer;
  detector: Detector;
  records: Pick<SecurityRecords, 'record'>;
  log: FastifyBaseLogger;
  /** Each verdict on a user's text (metrics): its threat level, or 'unavailable', and whether it blocked. */
  onVerdict?: (level: string, blocked: boolean) => void;
}) {
  const { layer, detector, records, log } = deps;
  const onVerdict = deps.onVerdict ?? (() => {});

  /** The layer's verdict, or null when it did not answer. */
  async function check(prompt: string, label = false, counted = true): Promise<ValidatePromptResponse | null> {
    try {
      const result = await layer.checkPrompt(prompt, { label });
      if (counted) onVerdict(result.threat_level, !result.safe);
      return result;
    } catch (error) {
      if (!(error instanceof SecurityLayerUnavailable)) throw error;
      log.error({ err: error, layer: layer.kind }, 'the AI security layer did not answer: blocking');
      if (counted) onVerdict('unavailable', true);
      return null;
    }
  }

  return {
    /** Whether the layer answers now (the workflow service's health). */
    async answers(): Promise<boolean> {
      return (await check('health check', false, false)) !== null;
    },

    /** POST /api/ai-security/validate-prompt: the verdict; an unsafe prompt is recorded. */
    async validate(userId: string, prompt: string): Promise<ValidatePromptResponse> {
      if (Buffer.byteLength(prompt, 'utf8') > AI_SECURITY_MAX_PROMPT_BYTES) throw tooLarge();
      const result = await check(prompt);
      if (!result) {
        await records.record(
          userId,
          prompt,
          { violations: [offlineViolation], threat_level: 'critical' },
          { source: 'validate-prompt', outcome: 'offline' },
        );
        throw offlineError();
      }
      if (!result.safe) await records.record(userId, prompt, result, { source: 'validate-prompt', outcome: 'blocked' });
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
        await records.record(
          userId,
          all,
          { violations: [offlineViolation], threat_level: 'critical' },
          { ...context, outcome: 'offline' },
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
      await records.record(
        userId,
        blocked.map(({ input }) => input.text).join('\n'),
        { violations, threat_level: threatLevel },
        { ...context, outcome: 'blocked' },
      );
      throw new AppError(
        422,
        aiSecurityMessages.blocked,
        'PROMPT_BLOCKED',
        {},
        { violations, threat_level: threatLevel },
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
        await records.record(userId, text, result, {
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
        await records.record(userId, text, result, {
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
  };
}
