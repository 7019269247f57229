import {
  containerDefaultsBodySchema,
  templateIds,
  type ContainerDefaults,
  type ContainerTemplateId,
} from '@nuvem/contracts/containers';
import { Loader2Icon } from 'lucide-react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LoadError, LoadingSkeletons } from '@/components/load-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useCan } from '@/lib/api-client';
import { applyServerErrors, useContractForm } from '@/lib/forms';
import { errorMessage, notify } from '@/lib/notify';
import { useContainerDefaults, useSaveContainerDefaults } from '../api/container-defaults';
import { useTemplateOptions } from '../api/get-container-catalogue';
import { TierSelect } from './tier-select';

// A select item may not have the empty value, which is the default template's id (Ubuntu 24.04).
const DEFAULT_TEMPLATE_VALUE = 'ubuntu-default';
const toSelectValue = (id: string) => (id === '' ? DEFAULT_TEMPLATE_VALUE : id);
const fromSelectValue = (value: string): ContainerTemplateId | undefined =>
  templateIds.find((id) => id === (value === DEFAULT_TEMPLATE_VALUE ? '' : value));

/** Spec 2, Settings: the defaults the create wizard starts from. */
export function SettingsTab() {
  const { t } = useTranslation('containers');
  const defaults = useContainerDefaults();

  return (
    <Card className="grid gap-4 p-4 sm:p-6">
      <div className="grid gap-1">
        <h3 className="text-lg font-semibold">{t('settings.title')}</h3>
        <p className="text-sm text-muted-foreground">{t('settings.description')}</p>
      </div>
      {defaults.isPending ? (
        <LoadingSkeletons
          announce
          label={t('settings.loading')}
          blocks={['h-14 w-full', 'h-14 w-full', 'h-9 w-32']}
          className="grid gap-4 sm:max-w-md"
        />
      ) : defaults.isError ? (
        <LoadError
          layout="inline"
          className="flex flex-wrap items-center gap-3"
          message={t('settings.loadFailed', { reason: errorMessage(defaults.error, t('list.unknownError')) })}
          retryLabel={t('settings.retry')}
          retrying={defaults.isFetching}
          onRetry={() => void defaults.refetch()}
        />
      ) : (
        <DefaultsForm saved={defaults.data} />
      )}
    </Card>
  );
}

function DefaultsForm({ saved }: { saved: ContainerDefaults }) {
  const { t } = useTranslation('containers');
  const { t: formT } = useTranslation();
  const templates = useTemplateOptions();
  const save = useSaveContainerDefaults();
  // A role that may not change containers sees the defaults, not a form it could not save.
  const canWrite = useCan('containers:write');
  // The saved defaults are the form's values; a refetch of them does not undo an edit.
  const form = useContractForm(containerDefaultsBodySchema, {
    values: saved,
    resetOptions: { keepDirtyValues: true },
  });
  const { errors } = form.formState;
  const tier = form.watch('tier');
  const template = form.watch('template_id');
  const dirty = tier !== saved.tier || template !== saved.template_id;

  const submit = form.handleSubmit((values) => {
    if (!dirty || save.isPending) return;
    save.mutate(values, {
      onSuccess: (stored) => {
        form.reset(stored);
        notify.success(t('settings.saved'));
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, formT, { fields: ['tier', 'template_id'] })) {
          notify.error(errorMessage(error, t('settings.saveFailed')));
        }
      },
    });
  });

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-4 sm:max-w-md" noValidate>
      <fieldset disabled={!canWrite} className="contents">
        <FormField label={t('settings.tier')} error={errors.tier?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="tier"
              render={({ field }) => (
                <TierSelect control={control} value={field.value} onChange={field.onChange} triggerRef={field.ref} />
              )}
            />
          )}
        </FormField>
        <FormField label={t('settings.template')} hint={t('settings.note')} error={errors.template_id?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="template_id"
              render={({ field }) => (
                <Select
                  value={toSelectValue(field.value)}
                  onValueChange={(value) => {
                    const chosen = fromSelectValue(value);
                    if (chosen !== undefined) field.onChange(chosen);
                  }}
                >
                  <SelectTrigger {...control} ref={field.ref}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {templates.map((option) => (
                      <SelectItem key={option.id} value={toSelectValue(option.id)}>
                        {option.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          )}
        </FormField>
      </fieldset>
      {canWrite && (
        <div>
          <Button type="submit" disabled={!dirty || save.isPending}>
            {save.isPending && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
            {t('settings.save')}
          </Button>
        </div>
      )}
    </form>
  );
}
