import { aiSecurityMessages } from '@nuvem/contracts/ai-security';
import { AppError } from '../../lib/errors.js';
import { offlineViolation } from './security-layer.js';

/** 413: the prompt (or the named input) is larger than the layer checks. */
export function tooLarge(field?: string): AppError {
  return new AppError(
    413,
    field ? `${aiSecurityMessages.tooLarge}: '${field}' is larger` : aiSecurityMessages.tooLarge,
    'PROMPT_TOO_LARGE',
  );
}

/** 503: the layer did not answer, so the text is blocked (fail closed). */
export function offlineError(): AppError {
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
