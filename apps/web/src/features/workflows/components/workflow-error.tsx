import { OctagonXIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { WorkflowSecurityError } from '../api/mlm-request';
import { threatVariant } from '../lib/security-display';
import { ReportFalseAlarm, type ReportFalseAlarmProps } from './report-false-alarm';
import { useSecurityNames } from './use-security-names';

/**
 * A refused workflow request, in an alert: what failed (`title`), then the server's reason; for a
 * request the AI security layer blocked, the spec's message, the threat level and each violation
 * (its type in words, what was found and in which text).
 */
export function WorkflowError({
  title,
  error,
  className,
  describeField = (field) => field,
  report,
}: {
  title: string;
  error: unknown;
  className?: string;
  /** Which text a violation's field ('nodes.0.exec_config.instructions') is, in words. */
  describeField?: (field: string) => string;
  /**
   * The text the request sent and where, when it is one text (a run's input): a blocked request
   * then offers 'Report a false alarm'.
   */
  report?: Pick<ReportFalseAlarmProps, 'prompt' | 'source'>;
}) {
  const { t } = useTranslation(['workflows', 'common']);
  const names = useSecurityNames();
  const box = cn('grid gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm', className);
  if (error instanceof WorkflowSecurityError) {
    const offline = error.code === 'SECURITY_LAYER_OFFLINE';
    return (
      <div role="alert" className={box}>
        <div className="flex flex-wrap items-center gap-2">
          <OctagonXIcon aria-hidden="true" className="size-4 text-destructive" />
          <p className="font-semibold">{offline ? t('check.offline') : t('check.blocked')}</p>
          <Badge variant={threatVariant(error.threatLevel)}>
            {t('check.threatLevel', { level: names.level(error.threatLevel) })}
          </Badge>
        </div>
        <p className="text-muted-foreground">{title}</p>
        {error.violations.length > 0 && (
          <ul aria-label={t('blocked.findings')} className="grid gap-1.5">
            {error.violations.map((violation, index) => (
              <li key={index} className="rounded-md bg-background/40 p-2">
                <strong className="font-semibold">{names.type(violation.type)}</strong>
                <span className="text-muted-foreground"> · {names.level(violation.severity)}</span>
                <p>{names.explain(violation)}</p>
                {violation.field && (
                  <p className="text-xs text-muted-foreground">
                    {t('check.field', { field: describeField(violation.field) })}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
        {report && !offline && <ReportFalseAlarm prompt={report.prompt} source={report.source} />}
      </div>
    );
  }
  const reason = error instanceof Error && error.message ? error.message : t('common:errors.unexpected');
  return (
    <div role="alert" className={box}>
      <p className="font-semibold">{title}</p>
      <p>{reason}</p>
    </div>
  );
}
