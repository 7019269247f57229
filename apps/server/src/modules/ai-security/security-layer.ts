import {
  validatePromptResponseSchema,
  type ValidatePromptResponse,
  type Violation,
} from '@nuvem/contracts/ai-security';
import type { Detector } from './detector/detector.js';

/**
 * Where prompts are checked: in this process (the default: the detector is pure code and answers
 * in microseconds), or a security service over HTTP (`AI_SECURITY_URL`, spec 2's
 * `POST /validate-prompt {prompt}`), e.g. a Nuvem instance set apart for it. Either way a layer
 * that cannot answer throws `SecurityLayerUnavailable`, and the callers block (fail closed).
 */
export interface SecurityLayer {
  readonly kind: 'in-process' | 'http';
  /** `label`: a name, not a prompt (the in-process detector reads one- and two-word labels with its rules only). */
  checkPrompt(prompt: string, options?: { label?: boolean }): Promise<ValidatePromptResponse>;
}

export class SecurityLayerUnavailable extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`AI security layer unavailable: ${reason}`, options);
    this.name = 'SecurityLayerUnavailable';
  }
}

export function createInProcessLayer(detector: Detector): SecurityLayer {
  return {
    kind: 'in-process',
    async checkPrompt(prompt, options) {
      try {
        const { safe, violations, threat_level } = detector.scanPrompt(prompt, options);
        return { safe, violations, threat_level };
      } catch (error) {
        throw new SecurityLayerUnavailable('the detector failed', { cause: error });
      }
    },
  };
}

/** A remote layer: answers within `timeoutMs` (spec: 10 s) in the spec's shape, or is unavailable. */
export function createHttpLayer(options: {
  url: string;
  token: string | null;
  timeoutMs: number;
  fetch?: typeof fetch;
}): SecurityLayer {
  const endpoint = `${options.url.replace(/\/+$/, '')}/validate-prompt`;
  const doFetch = options.fetch ?? fetch;
  return {
    kind: 'http',
    async checkPrompt(prompt) {
      let res: Response;
      try {
        res = await doFetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
          body: JSON.stringify({ prompt }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new SecurityLayerUnavailable(`${endpoint} did not answer`, { cause: error });
      }
      if (!res.ok) throw new SecurityLayerUnavailable(`${endpoint} answered ${String(res.status)}`);
      const parsed = validatePromptResponseSchema.safeParse(await res.json().catch(() => null));
      if (!parsed.success) throw new SecurityLayerUnavailable(`${endpoint} answered something else than a result`);
      return parsed.data;
    },
  };
}

export const offlineViolation: Violation = {
  type: 'security_layer_offline',
  severity: 'critical',
  message: 'The AI security layer could not check this text, so it was not let through',
  evidence: { start: 0, end: 0, text: '' },
};
