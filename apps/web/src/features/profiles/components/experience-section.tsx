import { experienceBodySchema, profileLimits, type ExperienceEntry } from '@nuvem/contracts/profiles';
import { BriefcaseIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { applyServerErrors, useContractForm } from '@/lib/forms';
import { failureMessage } from '@/lib/notify';
import { useAddExperience } from '../api/add-experience';
import { useDeleteExperience } from '../api/delete-experience';
import { useOrderExperience } from '../api/order-experience';
import { useUpdateExperience } from '../api/update-experience';
import { experienceFormValues } from '../lib/profile-form';
import { EntryForm, EntryList } from './entry-list';
import { CharacterCount } from './text-field';

const fields = ['title', 'company', 'duration', 'description', 'current'] as const;

/** The Experience tab: the entries, and for the owner inline forms, ordering and deletion. */
export function ExperienceSection({ entries, editable }: { entries: ExperienceEntry[]; editable: boolean }) {
  const { t } = useTranslation('profiles');
  const order = useOrderExperience();
  const remove = useDeleteExperience();

  return (
    <EntryList
      entries={entries}
      editable={editable}
      sectionLabel={t('tabs.experience')}
      emptyText={t('experience.none')}
      addLabel={t('experience.add')}
      icon={BriefcaseIcon}
      label={(entry) => t('experience.entry', { title: entry.title, company: entry.company })}
      order={order}
      remove={remove}
      renderForm={({ entry, onDone }) => <ExperienceForm entry={entry} onDone={onDone} />}
      renderEntry={(entry) => (
        <>
          <h3 className="font-semibold break-words">
            {entry.title}
            {entry.current && (
              <Badge variant="success" className="ml-2 align-middle">
                {t('experience.currentBadge')}
              </Badge>
            )}
          </h3>
          <p className="break-words">{entry.company}</p>
          {entry.duration && <p className="text-sm text-muted-foreground">{entry.duration}</p>}
          {entry.description && (
            <p className="mt-2 text-sm whitespace-pre-line break-words text-muted-foreground">{entry.description}</p>
          )}
        </>
      )}
    />
  );
}

function ExperienceForm({ entry, onDone }: { entry?: ExperienceEntry | undefined; onDone: () => void }) {
  const { t } = useTranslation('profiles');
  const { t: tc } = useTranslation();
  const add = useAddExperience();
  const update = useUpdateExperience();
  const currentId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useContractForm(experienceBodySchema, { defaultValues: experienceFormValues(entry) });
  const used = (field: 'title' | 'company' | 'duration' | 'description') => (watch(field) ?? '').length;

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
      label={entry ? t('experience.editForm', { title: entry.title }) : t('experience.add')}
      pending={add.isPending || update.isPending}
      failure={failure}
      onSubmit={(event) => void submit(event)}
      onDone={onDone}
    >
      <FormField
        label={t('experience.title')}
        required
        hint={<CharacterCount used={used('title')} max={profileLimits.title} />}
        error={errors.title?.message}
      >
        {(control) => <Input {...control} {...register('title')} />}
      </FormField>
      <FormField
        label={t('experience.company')}
        required
        hint={<CharacterCount used={used('company')} max={profileLimits.company} />}
        error={errors.company?.message}
      >
        {(control) => <Input {...control} {...register('company')} />}
      </FormField>
      <FormField
        label={t('experience.duration')}
        hint={<CharacterCount used={used('duration')} max={profileLimits.duration} />}
        error={errors.duration?.message}
      >
        {(control) => (
          <Input {...control} placeholder={t('experience.durationPlaceholder')} {...register('duration')} />
        )}
      </FormField>
      <FormField
        label={t('experience.description')}
        hint={<CharacterCount used={used('description')} max={profileLimits.description} />}
        error={errors.description?.message}
      >
        {(control) => <Textarea {...control} rows={4} {...register('description')} />}
      </FormField>
      <label htmlFor={currentId} className="flex items-center gap-2 text-sm">
        <input id={currentId} type="checkbox" className="size-4 accent-primary" {...register('current')} />
        {t('experience.current')}
      </label>
    </EntryForm>
  );
}
