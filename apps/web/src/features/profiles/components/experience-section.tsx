import { profileLimits, type ExperienceEntry } from '@nuvem/contracts/profiles';
import { BriefcaseIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { useAddExperience } from '../api/add-experience';
import { useDeleteExperience } from '../api/delete-experience';
import { useOrderExperience } from '../api/order-experience';
import { useUpdateExperience } from '../api/update-experience';
import {
  experienceBody,
  experienceFormProblems,
  experienceFormValues,
  type ExperienceFormValues,
} from '../lib/profile-form';
import { EntryForm, EntryList } from './entry-list';
import { profileTexts } from './profile-texts';
import { TextField } from './text-field';

/** The Experience tab: the entries, and for the owner inline forms, ordering and deletion. */
export function ExperienceSection({ entries, editable }: { entries: ExperienceEntry[]; editable: boolean }) {
  const order = useOrderExperience();
  const remove = useDeleteExperience();

  return (
    <EntryList
      entries={entries}
      editable={editable}
      sectionLabel={profileTexts.tabs.experience}
      emptyText={profileTexts.noExperience}
      addLabel={profileTexts.addExperience}
      icon={BriefcaseIcon}
      label={(entry) => `${entry.title} at ${entry.company}`}
      order={order}
      remove={remove}
      renderForm={({ entry, onDone }) => <ExperienceForm entry={entry} onDone={onDone} />}
      renderEntry={(entry) => (
        <>
          <h3 className="font-semibold break-words">
            {entry.title}
            {entry.current && (
              <Badge variant="success" className="ml-2 align-middle">
                {profileTexts.current}
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

function ExperienceForm({ entry, onDone }: { entry?: ExperienceEntry; onDone: () => void }) {
  const [values, setValues] = useState<ExperienceFormValues>(() => experienceFormValues(entry));
  const [submitted, setSubmitted] = useState(false);
  const add = useAddExperience();
  const update = useUpdateExperience();
  const currentId = useId();
  const problems = submitted ? experienceFormProblems(values) : {};
  const set = (key: Exclude<keyof ExperienceFormValues, 'current'>) => (value: string) =>
    setValues((v) => ({ ...v, [key]: value }));

  function submit() {
    setSubmitted(true);
    if (Object.keys(experienceFormProblems(values)).length > 0) return;
    const body = experienceBody(values);
    if (entry) update.mutate({ id: entry.id, ...body }, { onSuccess: onDone });
    else add.mutate(body, { onSuccess: onDone });
  }

  return (
    <EntryForm
      label={entry ? `Edit experience: ${entry.title}` : profileTexts.addExperience}
      mutation={entry ? update : add}
      onSubmit={submit}
      onDone={onDone}
    >
      <TextField
        label="Title"
        value={values.title}
        onChange={set('title')}
        max={profileLimits.title}
        required
        error={problems.title}
      />
      <TextField
        label="Company"
        value={values.company}
        onChange={set('company')}
        max={profileLimits.company}
        required
        error={problems.company}
      />
      <TextField
        label="Duration"
        value={values.duration}
        onChange={set('duration')}
        max={profileLimits.duration}
        placeholder="Jan 2020 – Present"
      />
      <TextField
        label="Description"
        value={values.description}
        onChange={set('description')}
        max={profileLimits.description}
        multiline
      />
      <label htmlFor={currentId} className="flex items-center gap-2 text-sm">
        <input
          id={currentId}
          type="checkbox"
          className="size-4 accent-primary"
          checked={values.current}
          onChange={(event) => setValues((v) => ({ ...v, current: event.target.checked }))}
        />
        I currently work here
      </label>
    </EntryForm>
  );
}
