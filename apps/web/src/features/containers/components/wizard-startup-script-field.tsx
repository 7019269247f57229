import { MAX_STARTUP_SCRIPT_BYTES } from '@nuvem/contracts/containers';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { useFormat } from '@/lib/format';
import { findStartupTemplate, startupTemplates } from '../lib/startup-templates';
import type { WizardForm } from '../lib/wizard-form';
import { kibibytes, utf8Bytes } from '../lib/wizard-payload';
import { WizardTemplatePicker } from './wizard-template-picker';

export function WizardStartupScriptField({ form }: { form: WizardForm }) {
  const { t } = useTranslation('containers');
  const f = useFormat();
  const bytes = utf8Bytes(form.watch('startup_script'));
  const limit = MAX_STARTUP_SCRIPT_BYTES / 1024;

  return (
    <div>
      <FormField
        action={
          <WizardTemplatePicker
            label={t('wizard.startupScript.template')}
            templates={startupTemplates.map(({ id }) => ({ id, name: t(`wizard.startupScript.templates.${id}`) }))}
            onPick={(templateId) => {
              const template = findStartupTemplate(templateId);
              if (template)
                form.setValue('startup_script', template.script, { shouldValidate: true, shouldDirty: true });
            }}
          />
        }
        label={t('wizard.startupScript.label')}
        hint={
          <span className="flex flex-wrap justify-between gap-x-2">
            <span>{t('wizard.startupScript.hint')}</span>
            {bytes > 0 && (
              <span>
                {t('wizard.startupScript.size', { size: f.fixed(kibibytes(bytes), 1), limit: f.count(limit) })}
              </span>
            )}
          </span>
        }
        error={form.formState.errors.startup_script?.message}
      >
        {(control) => (
          <Textarea
            {...control}
            {...form.register('startup_script')}
            rows={6}
            placeholder={t('wizard.startupScript.placeholder')}
            spellCheck={false}
            autoCapitalize="none"
            wrap="off"
            className="font-mono text-xs"
          />
        )}
      </FormField>
    </div>
  );
}
