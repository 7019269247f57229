import { defaultRateLimits, rateLimitTiers, type Application, type RateLimitTier } from '@nuvem/contracts/applications';
import { planIds, plans } from '@nuvem/contracts/pricing';
import { CheckIcon, CopyIcon, TerminalIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useFormat } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useApiKeys } from '../api/get-api-keys';
import { apiKeyStatus, keyPrefixPreview, sortKeysByStatus } from '../lib/api-key-display';

/** Stands in for a key in the example when the application has none. */
export const PLACEHOLDER_KEY = 'nuv_your_key';
const COPIED_FOR_MS = 2000;

/** The container API's list address, absolute (the base may be configured as a path or a URL). */
export function containersUrl(origin: string = window.location.origin): string {
  return new URL(`${env.containerApiUrl.replace(/\/+$/, '')}/containers`, origin).href;
}

/** The example call: `curl -H "Authorization: Bearer <key>" <origin>/api/v1/containers`. */
export function curlCommand(key: string, url: string = containersUrl()): string {
  return `curl -H "Authorization: Bearer ${key}" ${url}`;
}

/** The plans that give a key tier ('Free', 'Starter'), read from the plans themselves. */
function plansOfTier(tier: RateLimitTier): string[] {
  return planIds.filter((id) => plans[id].entitlements.keyTier === tier).map((id) => plans[id].name);
}

/**
 * 'Quick start': a working `curl` call to the container API with one of the application's active
 * keys. Only the key's prefix is known after creation, so the example shows the prefix and '…'
 * where the saved key goes.
 */
export function QuickStartPanel({ application }: { application: Application | undefined }) {
  const { t } = useTranslation(['applications', 'common']);
  const f = useFormat();
  const headingId = useId();
  const selectId = useId();
  const keys = useApiKeys(application?.id, false);
  const [chosenKeyId, setChosenKeyId] = useState<string | undefined>(undefined);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const now = keys.dataUpdatedAt;
  const active = sortKeysByStatus(keys.data ?? [], now).filter((k) => apiKeyStatus(k, now) === 'active');
  const selected = active.find((k) => k.id === chosenKeyId) ?? active[0];
  const command = curlCommand(selected ? keyPrefixPreview(selected.key_prefix) : PLACEHOLDER_KEY);
  const [showTiers, setShowTiers] = useState(false);
  const tiersId = useId();

  const copy = () => {
    navigator.clipboard.writeText(command).then(
      () => setCopied(true),
      () => notify.error(t('quickStart.copyFailed')),
    );
  };

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <TerminalIcon aria-hidden="true" className="size-4" />
          <h2 id={headingId}>{t('quickStart.title')}</h2>
        </CardTitle>
        <CardDescription>{t('quickStart.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {active.length > 1 && (
          <div className="grid max-w-sm gap-2">
            <Label htmlFor={selectId}>{t('quickStart.keyForExample')}</Label>
            <Select value={selected?.id} onValueChange={setChosenKeyId}>
              <SelectTrigger id={selectId}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {active.map((k) => (
                  <SelectItem key={k.id} value={k.id}>
                    {t('quickStart.keyOption', { name: k.name, prefix: k.key_prefix })}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        )}
        <div className="flex items-start gap-2">
          <pre
            aria-label={t('quickStart.example')}
            className="min-w-0 flex-1 overflow-x-auto rounded-md bg-glass-strong p-3 font-mono text-xs whitespace-pre-wrap break-all"
          >
            <code>{command}</code>
          </pre>
          <Button variant="outline" size="sm" onClick={copy} aria-label={t('quickStart.copyCommand')}>
            {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
            {copied ? t('common:actions.copied') : t('common:actions.copy')}
          </Button>
          <span role="status" className="sr-only">
            {copied ? t('common:actions.copied') : ''}
          </span>
        </div>
        {selected ? (
          <p className="text-sm text-muted-foreground">
            <Trans
              t={t}
              i18nKey="quickStart.replace"
              values={{ prefix: keyPrefixPreview(selected.key_prefix), name: selected.name }}
              components={{ code: <code className="font-mono" /> }}
            />
          </p>
        ) : application && keys.isPending ? null : (
          <p className="text-sm text-muted-foreground">
            {application
              ? t('quickStart.noKey', { placeholder: PLACEHOLDER_KEY })
              : t('quickStart.noApplication', { placeholder: PLACEHOLDER_KEY })}
          </p>
        )}
        {selected ? (
          <p className="text-sm text-muted-foreground">
            {t('quickStart.tierOf', {
              tier: t(`tiers.${selected.rate_limit_tier}`),
              limit: f.count(defaultRateLimits[selected.rate_limit_tier]),
            })}{' '}
            <Trans t={t} i18nKey="quickStart.rateHeaders" components={{ code: <code className="font-mono" /> }} />
          </p>
        ) : (
          <>
            {/* A new key's tier is the plan's (the server sets it); which plan gives which is a click away. */}
            <p className="text-sm text-muted-foreground">
              <Trans
                t={t}
                i18nKey="quickStart.tierNew"
                components={{
                  billing: (
                    <Link to={paths.billing.getHref()} className="text-primary underline-offset-4 hover:underline" />
                  ),
                }}
              />{' '}
              <button
                type="button"
                className="cursor-pointer text-primary underline-offset-4 hover:underline"
                aria-expanded={showTiers}
                aria-controls={showTiers ? tiersId : undefined}
                onClick={() => setShowTiers((shown) => !shown)}
              >
                {t('quickStart.tiersToggle')}
              </button>
            </p>
            {showTiers && (
              <ul id={tiersId} className="list-disc pl-5 text-sm text-muted-foreground">
                {rateLimitTiers.map((tier) => (
                  <li key={tier}>
                    {t('quickStart.tierOfPlans', {
                      plans: plansOfTier(tier),
                      tier: t(`tiers.${tier}`),
                      limit: f.count(defaultRateLimits[tier]),
                    })}
                  </li>
                ))}
              </ul>
            )}
            <p className="text-sm text-muted-foreground">
              {t('quickStart.anyTier')}{' '}
              <Trans t={t} i18nKey="quickStart.rateHeaders" components={{ code: <code className="font-mono" /> }} />
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
