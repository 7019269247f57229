import {
  AI_SECURITY_MAX_PROMPT_BYTES,
  severities,
  threatRank,
  violationTypes,
  type SecurityPolicy,
  type Severity,
  type ViolationType,
} from '@nuvem/contracts/ai-security';
import { defaultThresholds, defaultWindowThresholds, type Thresholds } from './detector/detector.js';

/** What each severity stands for, whatever the block level. */
const severityMeanings: Record<Severity, string> = {
  low: 'Worth knowing, not an attack by itself: personal data, or a weak signal from the classifier.',
  medium: 'Suspicious: reads like an attempt to steer the model, without certainty.',
  high: 'An attack (an instruction override, a jailbreak, an extraction) or a secret such as a key or a password.',
  critical: 'A near-certain attack, or a text the layer could not check (it is blocked for safety).',
};

/** What each rule family (and the classifier) looks for. */
const familyDescriptions: Record<ViolationType, string> = {
  instruction_override: 'Asks the model to ignore or replace the instructions it was given.',
  jailbreak_roleplay: 'Asks the model to play a character without its rules.',
  system_prompt_extraction: 'Asks the model to reveal its system prompt or instructions.',
  delimiter_injection: 'Pretends to be a system or assistant message, or hides text to be decoded.',
  data_exfiltration: 'Tries to send data out through a link, an image or an address.',
  secret: 'Holds a secret: a key, a token or a password.',
  personal_data: 'Holds personal data.',
  prompt_injection_classifier: 'Reads like a prompt injection or a jailbreak (the learned classifier).',
  security_layer_offline: 'The security layer could not check the text, so it was blocked.',
};

/**
 * The deployment's policy as the Security tab shows it. The thresholds are worked out as the
 * detector works them out (the committed ones with AI_SECURITY_THRESHOLDS over them), so what is
 * shown is what is in effect.
 */
export function describePolicy(options: {
  layer: 'in-process' | 'http';
  blockAt: Severity;
  thresholds: Partial<Thresholds> | undefined;
  checksPerMinute: number;
}): SecurityPolicy {
  return {
    layer: options.layer,
    block_at: options.blockAt,
    thresholds: {
      text: { ...defaultThresholds, ...options.thresholds },
      window: { ...defaultWindowThresholds },
    },
    checks_per_minute: options.checksPerMinute,
    max_prompt_bytes: AI_SECURITY_MAX_PROMPT_BYTES,
    severities: severities.map((level) => ({
      level,
      blocked: threatRank(level) >= threatRank(options.blockAt),
      meaning: severityMeanings[level],
    })),
    rule_families: violationTypes.map((type) => ({ type, description: familyDescriptions[type] })),
  };
}
