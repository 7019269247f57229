import { DISPLAY_NAME_MAX_LENGTH } from '@nuvem/contracts/auth';
import { profileLimits, updateProfileBodySchema, type Profile } from '@nuvem/contracts/profiles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { applyServerErrors, useContractForm } from '@/lib/forms';
import { failureMessage } from '@/lib/notify';
import { useUpdateProfile } from '../api/update-profile';
import { profileFormValues, profilePatch } from '../lib/profile-form';
import { CharacterCount, FormError } from './text-field';

const fields = ['displayName', 'headline', 'location', 'bio'] as const;

interface ProfileEditFormProps {
  profile: Profile;
  /** Closes the form without saving (Cancel, or nothing changed). */
  onDone: () => void;
  /** After a successful save. */
  onSaved: () => void;
}

/** The owner's inline form for display name, headline, location and bio, checked by the contract's schema. */
export function ProfileEditForm({ profile, onDone, onSaved }: ProfileEditFormProps) {
  const { t } = useTranslation('profiles');
  const { t: tc } = useTranslation();
  const update = useUpdateProfile();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useContractForm(updateProfileBodySchema, { defaultValues: profileFormValues(profile) });
  const used = (field: (typeof fields)[number]) => (watch(field) ?? '').length;

  const submit = handleSubmit((values) => {
    setFailure(null);
    const body = profilePatch(values, profile);
    if (Object.keys(body).length === 0) {
      onDone();
      return;
    }
    // On failure the form stays open with what was typed, and the problem beside its field.
    update.mutate(body, {
      onSuccess: onSaved,
      onError: (error) => {
        if (!applyServerErrors(error, setError, tc, { fields }))
          setFailure(failureMessage(t('edit.saveFailed'), error));
      },
    });
  });

  return (
    <form aria-label={t('edit.form')} className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        label={t('edit.displayName')}
        required
        hint={<CharacterCount used={used('displayName')} max={DISPLAY_NAME_MAX_LENGTH} />}
        error={errors.displayName?.message}
      >
        {(control) => <Input {...control} autoComplete="name" {...register('displayName')} />}
      </FormField>
      <FormField
        label={t('edit.headline')}
        hint={<CharacterCount used={used('headline')} max={profileLimits.headline} />}
        error={errors.headline?.message}
      >
        {(control) => <Input {...control} {...register('headline')} />}
      </FormField>
      <FormField
        label={t('edit.location')}
        hint={<CharacterCount used={used('location')} max={profileLimits.location} />}
        error={errors.location?.message}
      >
        {(control) => <Input {...control} {...register('location')} />}
      </FormField>
      <FormField
        label={t('edit.bio')}
        hint={<CharacterCount used={used('bio')} max={profileLimits.bio} />}
        error={errors.bio?.message}
      >
        {(control) => <Textarea {...control} rows={4} {...register('bio')} />}
      </FormField>
      <FormError message={failure} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? tc('actions.saving') : tc('actions.save')}
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
          {tc('actions.cancel')}
        </Button>
      </div>
    </form>
  );
}
