import type { ValidatePromptResponse, Violation } from '@nuvem/contracts/ai-security';
import { CircleCheckIcon, OctagonXIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { evidenceContext, evidenceSegments } from '../lib/evidence';
import { threatVariant } from '../lib/security-display';
import { useSecurityNames } from './use-security-names';

const markClass = 'rounded-sm bg-destructive/25 px-0.5 text-foreground ring-1 ring-destructive/40';

/** The verdict on a prompt: 'Safe', or the spec's 'Prompt blocked by AI Security Layer' with the threat level. */
export function PromptCheckVerdict({ result }: { result: ValidatePromptResponse }) {
  const { t } = useTranslation('workflows');
  const names = useSecurityNames();
  const { safe, violations } = result;
  return (
    <div className="flex items-start gap-2">
      {safe ? (
        <CircleCheckIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
      ) : (
        <OctagonXIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
      )}
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        {safe ? (
          <>
            <p className="font-semibold text-success">{t('check.safe')}</p>
            {violations.length === 0 && <p className="text-sm text-muted-foreground">{t('check.safeText')}</p>}
          </>
        ) : (
          <>
            <p className="font-semibold text-destructive">{t('check.blocked')}</p>
            <Badge variant={threatVariant(result.threat_level)}>
              {t('check.threatLevel', { level: names.level(result.threat_level) })}
            </Badge>
          </>
        )}
      </div>
    </div>
  );
}

/**
 * What the check found (also on a safe prompt: what is reported but not blocked), each finding in
 * words with its evidence marked. `prompt` is the text as it was sent: the offsets point into it.
 */
export function PromptCheckFindings({ prompt, result }: { prompt: string; result: ValidatePromptResponse }) {
  const { t } = useTranslation('workflows');
  const { safe, violations } = result;
  if (violations.length === 0) return null;
  return (
    <div className="grid gap-3">
      {safe && <p className="text-sm">{t('check.reported', { count: violations.length })}</p>}
      <ol aria-label={t('check.findings')} className="grid gap-2">
        {violations.map((violation, index) => (
          <Finding key={index} number={index + 1} prompt={prompt} violation={violation} />
        ))}
      </ol>
      <MarkedPrompt prompt={prompt} violations={violations} />
    </div>
  );
}

function Finding({ number, prompt, violation }: { number: number; prompt: string; violation: Violation }) {
  const { t } = useTranslation('workflows');
  const names = useSecurityNames();
  const context = evidenceContext(prompt, violation.evidence);
  return (
    <li className="grid gap-1.5 rounded-lg border border-glass-border bg-glass p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-muted-foreground tabular-nums">{number}.</span>
        <strong className="font-semibold">{names.type(violation.type)}</strong>
        <Badge variant={threatVariant(violation.severity)}>
          {t('check.severity', { severity: names.level(violation.severity) })}
        </Badge>
      </div>
      <p>{names.explain(violation)}</p>
      {(violation.decoded_from ?? violation.field) && (
        <p className="text-xs text-muted-foreground">
          {violation.field && t('check.field', { field: violation.field })}
          {violation.field && violation.decoded_from && ' · '}
          {violation.decoded_from && t('check.decodedFrom', { encoding: names.encoding(violation.decoded_from) })}
        </p>
      )}
      <div className="grid gap-0.5">
        <span className="text-xs text-muted-foreground">{t('check.evidence')}</span>
        {context ? (
          <p className="font-mono text-xs break-words whitespace-pre-wrap">
            {context.clippedBefore && '…'}
            {context.before}
            <mark className={markClass}>{context.match}</mark>
            {context.after}
            {context.clippedAfter && '…'}
          </p>
        ) : (
          <p className="text-xs">{violation.evidence.text || t('check.noEvidence')}</p>
        )}
      </div>
    </li>
  );
}

/** The whole prompt with every finding marked, folded: long prompts would push the list away. */
function MarkedPrompt({ prompt, violations }: { prompt: string; violations: readonly Violation[] }) {
  const { t } = useTranslation('workflows');
  const segments = evidenceSegments(
    prompt,
    violations.map((violation) => violation.evidence),
  );
  if (!segments.some((segment) => segment.findings.length > 0)) return null;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-muted-foreground">{t('check.marked')}</summary>
      <p className="mt-2 max-h-64 overflow-auto rounded-lg border border-glass-border bg-glass p-3 font-mono text-xs break-words whitespace-pre-wrap">
        {segments.map((segment) => {
          if (segment.findings.length === 0) return <span key={segment.start}>{segment.text}</span>;
          // Screen readers do not announce <mark>: say where each finding starts and ends.
          const starting = segment.opening;
          const ending = segment.closing.length > 0;
          return (
            <mark
              key={segment.start}
              className={markClass}
              data-findings={segment.findings.map((i) => i + 1).join(' ')}
            >
              {starting.length > 0 && (
                <span className="sr-only">
                  {t('check.markStart', { numbers: starting.map((i) => i + 1).join(', ') })}{' '}
                </span>
              )}
              {segment.text}
              {ending && <span className="sr-only"> {t('check.markEnd')}</span>}
            </mark>
          );
        })}
      </p>
    </details>
  );
}
