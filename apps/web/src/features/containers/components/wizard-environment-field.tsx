import { MAX_ENVIRONMENT_VARIABLES } from '@nuvem/contracts/containers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { environmentTemplates, findEnvironmentTemplate, type EnvironmentTemplateId } from '../lib/env-templates';
import type { WizardForm } from '../lib/wizard-form';
import { environmentProblems } from '../lib/wizard-payload';
import { WizardTemplatePicker } from './wizard-template-picker';

export function WizardEnvironmentField({ form }: { form: WizardForm }) {
  const { t } = useTranslation('containers');
  const [filledFrom, setFilledFrom] = useState<EnvironmentTemplateId | null>(null);
  const { ignored } = environmentProblems(form.watch('environment'));

  function pick(templateId: string) {
    const template = findEnvironmentTemplate(templateId);
    if (!template) return;
    form.setValue('environment', template.build(), { shouldValidate: true, shouldDirty: true });
    setFilledFrom(template.id);
  }

  return (
    <div>
      <FormField
        action={
          <WizardTemplatePicker
            label={t('wizard.environment.template')}
            templates={environmentTemplates.map(({ id }) => ({ id, name: t(`wizard.environment.templates.${id}`) }))}
            onPick={pick}
          />
        }
        label={t('wizard.environment.label')}
        hint={t('wizard.environment.hint', { max: MAX_ENVIRONMENT_VARIABLES })}
        error={form.formState.errors.environment?.message}
      >
        {(control) => (
          <Textarea
            {...control}
            {...form.register('environment')}
            rows={4}
            placeholder={t('wizard.environment.placeholder')}
            spellCheck={false}
            autoCapitalize="none"
            className="font-mono text-xs"
          />
        )}
      </FormField>
      <div aria-live="polite" className="mt-0.5 flex flex-col gap-0.5 text-xs">
        {filledFrom && (
          <p className="text-muted-foreground">
            {t('wizard.environment.filledFrom', { template: t(`wizard.environment.templates.${filledFrom}`) })}
          </p>
        )}
        {ignored.length > 0 && (
          <p className="text-warning">
            {t('wizard.environment.ignored', { count: ignored.length, lines: ignored.join(', ') })}
          </p>
        )}
      </div>
    </div>
  );
}
