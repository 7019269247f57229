import { educationBodySchema, profileLimits, type EducationEntry } from '@nuvem/contracts/profiles';
import { GraduationCapIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { applyServerErrors, useContractForm } from '@/lib/forms';
import { failureMessage } from '@/lib/notify';
import { useAddEducation } from '../api/add-education';
import { useDeleteEducation } from '../api/delete-education';
import { useOrderEducation } from '../api/order-education';
import { useUpdateEducation } from '../api/update-education';
import { educationFormValues } from '../lib/profile-form';
import { EntryForm, EntryList } from './entry-list';
import { CharacterCount } from './text-field';

const fields = ['school', 'degree', 'field', 'duration'] as const;

/** The Education tab: the entries, and for the owner inline forms, ordering and deletion. */
export function EducationSection({ entries, editable }: { entries: EducationEntry[]; editable: boolean }) {
  const { t } = useTranslation('profiles');
  const order = useOrderEducation();
  const remove = useDeleteEducation();

  return (
    <EntryList
      entries={entries}
      editable={editable}
      sectionLabel={t('tabs.education')}
      emptyText={t('education.none')}
      addLabel={t('education.add')}
      icon={GraduationCapIcon}
      label={(entry) => entry.school}
      order={order}
      remove={remove}
      renderForm={({ entry, onDone }) => <EducationForm entry={entry} onDone={onDone} />}
      renderEntry={(entry) => (
        <>
          <h3 className="font-semibold break-words">{entry.school}</h3>
          {(entry.degree || entry.field) && (
            <p className="break-words">{[entry.degree, entry.field].filter(Boolean).join(', ')}</p>
          )}
          {entry.duration && <p className="text-sm text-muted-foreground">{entry.duration}</p>}
        </>
      )}
    />
  );
}

function EducationForm({ entry, onDone }: { entry?: EducationEntry | undefined; onDone: () => void }) {
  const { t } = useTranslation('profiles');
  const { t: tc } = useTranslation();
  const add = useAddEducation();
  const update = useUpdateEducation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useContractForm(educationBodySchema, { defaultValues: educationFormValues(entry) });
  const used = (field: (typeof fields)[number]) => (watch(field) ?? '').length;

  const onError = (error: Error) => {
    if (!applyServerErrors(error, setError, tc, { fields })) setFailure(failureMessage(t('entries.saveFailed'), error));
  };
  const submit = handleSubmit((body) => {
    setFailure(null);
    if (entry) update.mutate({ id: entry.id, ...body }, { onSuccess: onDone, onError });
    else add.mutate(body, { onSuccess: onDone, onError });
  });

  return (
    <EntryForm
      label={entry ? t('education.editForm', { school: entry.school }) : t('education.add')}
      pending={add.isPending || update.isPending}
      failure={failure}
      onSubmit={(event) => void submit(event)}
      onDone={onDone}
    >
      <FormField
        label={t('education.school')}
        required
        hint={<CharacterCount used={used('school')} max={profileLimits.school} />}
        error={errors.school?.message}
      >
        {(control) => <Input {...control} {...register('school')} />}
      </FormField>
      <FormField
        label={t('education.degree')}
        hint={<CharacterCount used={used('degree')} max={profileLimits.degree} />}
        error={errors.degree?.message}
      >
        {(control) => <Input {...control} {...register('degree')} />}
      </FormField>
      <FormField
        label={t('education.field')}
        hint={<CharacterCount used={used('field')} max={profileLimits.field} />}
        error={errors.field?.message}
      >
        {(control) => <Input {...control} {...register('field')} />}
      </FormField>
      <FormField
        label={t('education.duration')}
        hint={<CharacterCount used={used('duration')} max={profileLimits.duration} />}
        error={errors.duration?.message}
      >
        {(control) => <Input {...control} placeholder={t('education.durationPlaceholder')} {...register('duration')} />}
      </FormField>
    </EntryForm>
  );
}
