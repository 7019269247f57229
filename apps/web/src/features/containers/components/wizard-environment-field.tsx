import { useId, useState } from 'react';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { environmentTemplates, findEnvironmentTemplate } from '../lib/env-templates';
import { checkEnvironment } from '../lib/wizard-payload';
import { WizardTemplatePicker } from './wizard-template-picker';

export function WizardEnvironmentField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  const [filledFrom, setFilledFrom] = useState<string | null>(null);
  const { errors, ignored } = checkEnvironment(value);

  function pick(templateId: string) {
    const template = findEnvironmentTemplate(templateId);
    if (!template) return;
    onChange(template.build());
    setFilledFrom(template.name);
  }

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Label htmlFor={`${id}-env`}>Environment Variables</Label>
        <WizardTemplatePicker label="Environment template" templates={environmentTemplates} onPick={pick} />
      </div>
      <Textarea
        id={`${id}-env`}
        name="environment"
        rows={4}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={'NODE_ENV=production\nPORT=3000'}
        spellCheck={false}
        autoCapitalize="none"
        className="font-mono text-xs"
        aria-invalid={errors.length > 0 ? true : undefined}
        aria-describedby={`${id}-hint ${id}-issues`}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        One KEY=value per line.
      </p>
      <div id={`${id}-issues`} aria-live="polite" className="flex flex-col gap-0.5 text-xs">
        {filledFrom && (
          <p className="text-muted-foreground">
            Filled from the {filledFrom} template, with newly generated passwords and secrets.
          </p>
        )}
        {errors.map((error) => (
          <p key={error} className="text-destructive">
            {error}
          </p>
        ))}
        {ignored.length > 0 && (
          <p className="text-warning">
            {ignored.length === 1 ? `Line ${ignored[0]} is` : `Lines ${ignored.join(', ')} are`} ignored: use KEY=value
            with both sides filled in.
          </p>
        )}
      </div>
    </div>
  );
}
