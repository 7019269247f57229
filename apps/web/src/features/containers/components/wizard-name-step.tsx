import {
  CONTAINER_NAME_MAX_LENGTH,
  sanitizeContainerName,
  type ContainerTemplateId,
} from '@nuvem/contracts/containers';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { WizardForm } from '../lib/wizard-form';
import type { TemplateOption } from '../lib/wizard-payload';
import { WizardChoiceCards } from './wizard-choice-cards';

/** Step 1: the name (sanitised as typed, spec §5; its rule shown before typing) and the template. */
export function WizardNameStep({
  form,
  templates,
  onTemplateChange,
}: {
  form: WizardForm;
  templates: TemplateOption[];
  onTemplateChange: (id: ContainerTemplateId) => void;
}) {
  const { t } = useTranslation('containers');
  const name = form.register('name');
  const templateId = form.watch('template_id');
  const { errors } = form.formState;
  return (
    <div className="flex flex-col gap-5">
      <FormField
        label={t('wizard.name.label')}
        hint={t('wizard.name.hint', { max: CONTAINER_NAME_MAX_LENGTH })}
        error={errors.name?.message}
        required
      >
        {(control) => (
          <Input
            {...control}
            {...name}
            onChange={(event) => {
              // Lower-cased, and anything but a-z, 0-9 and '-' dropped, as typed.
              event.target.value = sanitizeContainerName(event.target.value);
              void name.onChange(event);
            }}
            placeholder={t('wizard.name.placeholder')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            data-autofocus=""
          />
        )}
      </FormField>
      <WizardChoiceCards
        legend={t('wizard.template')}
        name="template"
        value={templateId}
        onChange={onTemplateChange}
        error={errors.template_id?.message}
        options={templates.map((option) => ({
          value: option.id,
          title: option.name,
          description: t(`templates.${option.id === '' ? 'default' : option.id}`),
        }))}
      />
    </div>
  );
}
