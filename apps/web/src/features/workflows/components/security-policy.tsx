import { severities, type SecurityPolicy } from '@nuvem/contracts/ai-security';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useFormat } from '@/lib/format';
import { errorMessage } from '@/lib/notify';
import { useSecurityPolicy } from '../api/get-security-policy';
import { threatVariant } from '../lib/security-display';
import { useSecurityNames } from './use-security-names';

/** The Security tab's 'Policy' card: what this deployment blocks on (GET /api/ai-security/policy). */
export function SecurityPolicyCard() {
  const { t } = useTranslation(['workflows', 'common']);
  const policy = useSecurityPolicy();
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className="min-w-0">
      <CardHeader>
        <CardTitle>
          <h2 id={headingId}>{t('policy.title')}</h2>
        </CardTitle>
        <CardDescription>{t('policy.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {policy.isPending ? (
          <p className="text-sm text-muted-foreground">{t('common:status.loading')}</p>
        ) : policy.isError ? (
          <p className="text-sm text-muted-foreground">
            {t('policy.loadFailed', { reason: errorMessage(policy.error, t('common:errors.unexpected')) })}
          </p>
        ) : (
          <PolicyDetails policy={policy.data} />
        )}
      </CardContent>
    </Card>
  );
}

/** The policy in a few lines, with what each severity and rule family means folded away. */
export function PolicyDetails({ policy }: { policy: SecurityPolicy }) {
  const { t } = useTranslation('workflows');
  const f = useFormat();
  const names = useSecurityNames();
  const blocksAt =
    policy.block_at === 'critical'
      ? t('policy.criticalOnly')
      : t('policy.andAbove', { level: names.level(policy.block_at) });
  const thresholds = (values: SecurityPolicy['thresholds']['text']) =>
    severities.map((level) => t('policy.threshold', { level: names.level(level), value: f.number(values[level], 3) }));
  return (
    <div className="grid gap-4 text-sm">
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <PolicyItem term={t('policy.blocksAt')}>{blocksAt}</PolicyItem>
        <PolicyItem term={t('policy.layer')}>
          {policy.layer === 'http' ? t('policy.remote') : t('policy.inProcess')}
        </PolicyItem>
        <PolicyItem term={t('policy.thresholds')} wide>
          <Thresholds items={thresholds(policy.thresholds.text)} />
        </PolicyItem>
        <PolicyItem term={t('policy.windowThresholds')} wide>
          <Thresholds items={thresholds(policy.thresholds.window)} />
        </PolicyItem>
        <PolicyItem term={t('policy.checksPerMinute')}>{f.count(policy.checks_per_minute)}</PolicyItem>
        <PolicyItem term={t('policy.sizeLimit')}>
          {t('units.kilobytes', { value: f.number(policy.max_prompt_bytes / 1024, 1) })}
        </PolicyItem>
      </dl>
      {policy.layer === 'http' && <p className="text-muted-foreground">{t('policy.remoteNote')}</p>}
      <details>
        <summary className="cursor-pointer text-muted-foreground">{t('policy.more')}</summary>
        <div className="mt-3 grid gap-4">
          <ul aria-label={t('policy.severities')} className="grid gap-2">
            {policy.severities.map((severity) => (
              <li key={severity.level} className="grid gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant={threatVariant(severity.level)}>{names.level(severity.level)}</Badge>
                  <span className="font-medium">{severity.blocked ? t('policy.blocked') : t('policy.reported')}</span>
                </div>
                <p className="text-muted-foreground">{t(`policy.meanings.${severity.level}`)}</p>
              </li>
            ))}
          </ul>
          <ul aria-label={t('policy.families')} className="grid gap-2">
            {policy.rule_families.map((family) => (
              <li key={family.type}>
                <strong className="font-medium">{names.type(family.type)}</strong>
                <span className="text-muted-foreground">
                  {' '}
                  — {names.explain({ type: family.type, message: family.description })}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </details>
    </div>
  );
}

function PolicyItem({ term, wide = false, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'grid gap-0.5 sm:col-span-2' : 'grid gap-0.5'}>
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

function Thresholds({ items }: { items: string[] }) {
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-0.5 tabular-nums">
      {items.map((item) => (
        <span key={item}>{item}</span>
      ))}
    </span>
  );
}
