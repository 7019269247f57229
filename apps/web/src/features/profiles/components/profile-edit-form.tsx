import { DISPLAY_NAME_MAX_LENGTH } from '@nuvem/contracts/auth';
import { profileLimits, updateProfileBodySchema, type Profile } from '@nuvem/contracts/profiles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, useContractForm } from '@/lib/forms';
import { failureMessage } from '@/lib/notify';
import { useUpdateProfile } from '../api/update-profile';
import { profileFormValues, profilePatch } from '../lib/profile-form';
import { CountedFields } from './counted-fields';
import { InlineForm } from './inline-form';

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
  const form = useContractForm(updateProfileBodySchema, { defaultValues: profileFormValues(profile) });

  const submit = form.handleSubmit((values) => {
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
        if (!applyServerErrors(error, form.setError, tc, { fields }))
          setFailure(failureMessage(t('edit.saveFailed'), error));
      },
    });
  });

  return (
    <InlineForm
      label={t('edit.form')}
      pending={update.isPending}
      failure={failure}
      onSubmit={(event) => void submit(event)}
      onDone={onDone}
    >
      <CountedFields
        form={form}
        fields={[
          {
            name: 'displayName',
            label: t('edit.displayName'),
            max: DISPLAY_NAME_MAX_LENGTH,
            required: true,
            autoComplete: 'name',
          },
          { name: 'headline', label: t('edit.headline'), max: profileLimits.headline },
          { name: 'location', label: t('edit.location'), max: profileLimits.location },
          { name: 'bio', label: t('edit.bio'), max: profileLimits.bio, multiline: true },
        ]}
      />
    </InlineForm>
  );
}
