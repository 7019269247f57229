import { profileLimits, type Profile } from '@nuvem/contracts/profiles';
import { useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/notify';
import { useUpdateProfile } from '../api/update-profile';
import { profileFormProblems, profileFormValues, profilePatch, type ProfileFormValues } from '../lib/profile-form';
import { profileTexts } from './profile-texts';
import { FormError, TextField } from './text-field';

/** The owner's inline form for display name, headline, location and bio. */
export function ProfileEditForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const [values, setValues] = useState<ProfileFormValues>(() => profileFormValues(profile));
  const [submitted, setSubmitted] = useState(false);
  const update = useUpdateProfile();
  const problems = submitted ? profileFormProblems(values) : {};
  const set = (key: keyof ProfileFormValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(profileFormProblems(values)).length > 0) return;
    const body = profilePatch(values, profile);
    if (Object.keys(body).length === 0) {
      onDone();
      return;
    }
    // On failure the form stays open with what was typed, and the server's message.
    update.mutate(body, { onSuccess: onDone });
  }

  return (
    <form aria-label="Profile details" className="grid gap-4" onSubmit={submit} noValidate>
      <TextField
        label="Display name"
        value={values.displayName}
        onChange={set('displayName')}
        max={profileLimits.displayName}
        required
        error={problems.displayName}
      />
      <TextField label="Headline" value={values.headline} onChange={set('headline')} max={profileLimits.headline} />
      <TextField label="Location" value={values.location} onChange={set('location')} max={profileLimits.location} />
      <TextField label="Bio" value={values.bio} onChange={set('bio')} max={profileLimits.bio} multiline />
      <FormError message={update.isError ? errorMessage(update.error, 'The profile could not be saved') : null} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? profileTexts.saving : profileTexts.save}
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
          {profileTexts.cancel}
        </Button>
      </div>
    </form>
  );
}
