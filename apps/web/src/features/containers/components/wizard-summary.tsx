import { TriangleAlertIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  estimatedMonthlyCost,
  formatMonthlyCost,
  formatResources,
  parseSshKeys,
  summaryTier,
  templateName,
  type TemplateOption,
  type TierOption,
  type WizardValues,
} from '../lib/wizard-payload';

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
  const tier = summaryTier(values.tier, tiers);
  const keyCount = parseSshKeys(values.sshKeys).length;
  const rows: [string, string][] = [
    ['Name', values.name],
    ['Template', templateName(values.templateId, templates)],
    ['Resources', formatResources(tier)],
    ['Estimated cost', formatMonthlyCost(estimatedMonthlyCost(values.tier, tiers))],
    ['SSH keys', keyCount === 0 ? 'None' : keyCount === 1 ? '1 key' : `${keyCount} keys`],
    ['Root password', values.rootPassword ? 'Set' : 'Not set (key-only access)'],
  ];
  return (
    <Card role="region" aria-label="Configuration Summary" className="border border-glass-border">
      <CardHeader className="p-4">
        <CardTitle>
          <h3>Configuration Summary</h3>
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
        {keyCount === 0 && !values.rootPassword && (
          <p className="flex items-start gap-2 text-xs text-warning">
            <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            Add an SSH key or a root password, or you will not be able to sign in to this container.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
