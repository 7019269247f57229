import { TriangleAlertIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  estimatedMonthlyCost,
  parseSshKeys,
  summaryTier,
  templateName,
  type TemplateOption,
  type TierOption,
  type WizardValues,
} from '../lib/wizard-payload';
import { useTierText } from './use-tier-text';

/** Spec: name, template, resources and estimated cost; the tier falls back to small. */
export function WizardSummary({
  values,
  tiers,
  templates,
}: {
  values: WizardValues;
  tiers: TierOption[];
  templates: TemplateOption[];
}) {
  const { t } = useTranslation('containers');
  const text = useTierText();
  const tier = summaryTier(values.tier, tiers);
  const keyCount = parseSshKeys(values.ssh_keys).length;
  const rows: [string, string][] = [
    [t('wizard.summary.name'), values.name],
    [t('wizard.summary.template'), templateName(values.template_id, templates)],
    [t('wizard.summary.resources'), text.resources(tier)],
    [t('wizard.summary.cost'), text.monthly(estimatedMonthlyCost(values.tier, tiers))],
    [t('wizard.summary.sshKeys'), t('wizard.summary.keys', { count: keyCount })],
    [
      t('wizard.summary.rootPassword'),
      values.root_password ? t('wizard.summary.passwordSet') : t('wizard.summary.passwordNotSet'),
    ],
  ];
  return (
    <Card role="region" aria-label={t('wizard.summary.title')} className="border border-glass-border">
      <CardHeader className="p-4">
        <CardTitle>
          <h3>{t('wizard.summary.title')}</h3>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 p-4 pt-0">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          {rows.map(([term, detail]) => (
            <div key={term} className="contents">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="min-w-0 font-medium break-words">{detail}</dd>
            </div>
          ))}
        </dl>
        {keyCount === 0 && !values.root_password && (
          <p className="flex items-start gap-2 text-xs text-warning">
            <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('wizard.summary.noAccess')}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
