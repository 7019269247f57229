import type { SecurityEvent, Severity, ThreatLevel } from '@nuvem/contracts/ai-security';
import { useTranslation } from 'react-i18next';
import { isViolationType } from '../lib/security-display';

/** The message key of each source (the values hold dots, which i18next reads as nesting). */
const sourceKeys = {
  'validate-prompt': 'validatePrompt',
  'flow.create': 'flowCreate',
  'flow.execute': 'flowExecute',
  'chat.message': 'chatMessage',
  'agent.output': 'agentOutput',
} as const satisfies Record<SecurityEvent['source'], string>;

const encodings = ['base64', 'hex', 'rot13', 'url'] as const;
type Encoding = (typeof encodings)[number];
const isEncoding = (value: string): value is Encoding => (encodings as readonly string[]).includes(value);

/** The security layer's values in words, in the language in use. */
export function useSecurityNames() {
  const { t } = useTranslation('workflows');
  return {
    /** A violation type in words; a type this app does not know yet as the server names it. */
    type: (type: string) => (isViolationType(type) ? t(`names.types.${type}`) : type),
    level: (level: ThreatLevel | Severity) => t(`names.levels.${level}`),
    source: (source: SecurityEvent['source']) => t(`names.sources.${sourceKeys[source]}`),
    outcome: (outcome: SecurityEvent['outcome']) => t(`names.outcomes.${outcome}`),
    encoding: (encoding: string) => (isEncoding(encoding) ? t(`names.encodings.${encoding}`) : encoding),
  };
}
