import { scaleParametersSchema, type Container, type ContainerTier } from '@nuvem/contracts/containers';
import { Loader2Icon } from 'lucide-react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { applyServerErrors, useContractForm } from '@/lib/forms';
import { i18n } from '@/lib/i18n';
import { underField } from '../lib/action-form';
import { TierSelect } from './tier-select';
import { useTierText } from './use-tier-text';

export interface ScaleFormProps {
  container: Container;
  pending: boolean;
  onCancel: () => void;
  /** Resolves to the failure, or null when the container was scaled. */
  onSubmit: (tier: ContainerTier) => Promise<unknown>;
  onFailure: (error: unknown) => void;
}

/** The Scale dialog's form (spec 5): another tier than the current one; a refusal is said beside the choice. */
export function ScaleForm({ container, pending, onCancel, onSubmit, onFailure }: ScaleFormProps) {
  const { t } = useTranslation('containers');
  const text = useTierText();
  const form = useContractForm(scaleParametersSchema, { mode: 'onChange', defaultValues: { tier: container.tier } });
  const tier = form.watch('tier');
  // Spec 5: scaling needs a tier other than the current one.
  const unchanged = tier === container.tier;
  const error = form.formState.errors.tier?.message;

  const submit = form.handleSubmit(async (values) => {
    if (unchanged || pending) return;
    const failure = await onSubmit(values.tier);
    if (failure === null) return;
    // The quota or the tier itself refused: said beside the choice, so another can be made.
    if (failure instanceof ApiError && failure.status === 409 && failure.code === 'SAME_TIER') {
      form.setError('tier', { type: 'server', message: t('scale.sameTier') });
    } else if (failure instanceof ApiError && failure.status === 409 && failure.code === 'LIMIT_REACHED') {
      form.setError('tier', { type: 'server', message: failure.message });
    } else if (
      !applyServerErrors(underField(failure, 'body.parameters.tier', 'tier'), form.setError, i18n.t, {
        fields: ['tier'],
      })
    ) {
      onFailure(failure);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>{t('scale.title')}</DialogTitle>
        <DialogDescription>
          {t('scale.description', { name: container.name, tier: text.name(container.tier) })}
        </DialogDescription>
      </DialogHeader>
      <FormField label={t('scale.label')} hint={unchanged ? t('scale.sameTier') : t('scale.restartNote')} error={error}>
        {(control) => (
          <Controller
            control={form.control}
            name="tier"
            render={({ field }) => (
              <TierSelect
                control={control}
                value={field.value}
                onChange={field.onChange}
                triggerRef={field.ref}
                current={container.tier}
                className="h-auto min-h-9 whitespace-normal"
              />
            )}
          />
        )}
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" disabled={unchanged || pending}>
          {pending && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
          {t('scale.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
