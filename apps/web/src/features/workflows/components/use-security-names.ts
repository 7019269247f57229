import type { SecurityEvent, Severity, ThreatLevel, Violation } from '@nuvem/contracts/ai-security';
import { useTranslation } from 'react-i18next';
import { isViolationType } from '../lib/security-display';

/** The message key of each source (the values hold dots, which i18next reads as nesting). */
const sourceKeys = {
  'validate-prompt': 'validatePrompt',
  'flow.create': 'flowCreate',
  'flow.execute': 'flowExecute',
  'chat.message': 'chatMessage',
  'agent.output': 'agentOutput',
  'knowledge.document': 'knowledgeDocument',
  'knowledge.passage': 'knowledgePassage',
  'chat.history': 'chatHistory',
} as const satisfies Record<SecurityEvent['source'], string>;

const encodings = [
  'base64',
  'hex',
  'rot13',
  'url',
  'base32',
  'decimal',
  'morse',
  'binary',
  'escapes',
  'reversed',
] as const;
type Encoding = (typeof encodings)[number];
const isEncoding = (value: string): value is Encoding => (encodings as readonly string[]).includes(value);

/** The security layer's values in words, in the language in use. */
export function useSecurityNames() {
  const { t, i18n } = useTranslation('workflows');
  const encoding = (name: string) => (isEncoding(name) ? t(`names.encodings.${name}`) : name);
  return {
    /** A violation type in words; a type this app does not know yet as the server names it. */
    type: (type: string) => (isViolationType(type) ? t(`names.types.${type}`) : type),
    level: (level: ThreatLevel | Severity) => t(`names.levels.${level}`),
    source: (source: SecurityEvent['source']) => t(`names.sources.${sourceKeys[source]}`),
    outcome: (outcome: SecurityEvent['outcome']) => t(`names.outcomes.${outcome}`),
    /** An encoding, or a chain of them ('base64+rot13'), in words. */
    encoding: (chain: string) => chain.split('+').map(encoding).join(' + '),
    /**
     * What a finding means: the server's own message (more specific) in English, else the type's
     * explanation in the language in use (the server writes its messages in English).
     */
    explain: (violation: Pick<Violation, 'type' | 'message'>) =>
      i18n.resolvedLanguage === 'en' || !isViolationType(violation.type)
        ? violation.message
        : t(`names.explain.${violation.type}`),
  };
}
