import { profileLimits, type ExperienceEntry } from '@nuvem/contracts/profiles';
import { BriefcaseIcon, PlusIcon } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage, failureMessage, notify } from '@/lib/notify';
import { useAddExperience } from '../api/add-experience';
import { useDeleteExperience } from '../api/delete-experience';
import { useOrderExperience } from '../api/order-experience';
import { useUpdateExperience } from '../api/update-experience';
import { movedIds } from '../lib/entry-order';
import {
  experienceBody,
  experienceFormProblems,
  experienceFormValues,
  type ExperienceFormValues,
} from '../lib/profile-form';
import { EntryControls } from './entry-controls';
import { profileTexts } from './profile-texts';
import { FormError, TextField } from './text-field';

/** The Experience tab: the entries, and for the owner inline forms, ordering and deletion. */
export function ExperienceSection({ entries, editable }: { entries: ExperienceEntry[]; editable: boolean }) {
  const [editing, setEditing] = useState<string | null>(null);
  const order = useOrderExperience();
  const remove = useDeleteExperience();
  const busy = order.isPending || remove.isPending;

  return (
    <section aria-label={profileTexts.tabs.experience} className="grid gap-4">
      {entries.length === 0 && editing !== 'new' && (
        <p className="text-muted-foreground">{profileTexts.noExperience}</p>
      )}
      <ol className="grid gap-3">
        {entries.map((entry, index) =>
          editing === entry.id ? (
            <li key={entry.id}>
              <ExperienceForm entry={entry} onDone={() => setEditing(null)} />
            </li>
          ) : (
            <li key={entry.id} className="glass flex flex-wrap items-start gap-3 rounded-lg p-4">
              <BriefcaseIcon aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
              <div className="min-w-0 flex-1">
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
                  <p className="mt-2 text-sm whitespace-pre-line break-words text-muted-foreground">
                    {entry.description}
                  </p>
                )}
              </div>
              {editable && (
                <EntryControls
                  label={`${entry.title} at ${entry.company}`}
                  first={index === 0}
                  last={index === entries.length - 1}
                  busy={busy}
                  onEdit={() => setEditing(entry.id)}
                  onMove={(direction) => {
                    const ids = movedIds(entries, entry.id, direction);
                    if (ids)
                      order.mutate(ids, { onError: (e) => notify.error(failureMessage('Failed to reorder', e)) });
                  }}
                  onDelete={() =>
                    remove.mutate(entry.id, {
                      onError: (e) => notify.error(failureMessage('Failed to delete the entry', e)),
                    })
                  }
                />
              )}
            </li>
          ),
        )}
      </ol>
      {editable &&
        (editing === 'new' ? (
          <ExperienceForm onDone={() => setEditing(null)} />
        ) : (
          entries.length < profileLimits.entries && (
            <div>
              <Button variant="outline" onClick={() => setEditing('new')}>
                <PlusIcon aria-hidden="true" />
                {profileTexts.addExperience}
              </Button>
            </div>
          )
        ))}
    </section>
  );
}

function ExperienceForm({ entry, onDone }: { entry?: ExperienceEntry; onDone: () => void }) {
  const [values, setValues] = useState<ExperienceFormValues>(() => experienceFormValues(entry));
  const [submitted, setSubmitted] = useState(false);
  const add = useAddExperience();
  const update = useUpdateExperience();
  const mutation = entry ? update : add;
  const currentId = useId();
  const problems = submitted ? experienceFormProblems(values) : {};
  const set = (key: Exclude<keyof ExperienceFormValues, 'current'>) => (value: string) =>
    setValues((v) => ({ ...v, [key]: value }));

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(experienceFormProblems(values)).length > 0) return;
    const body = experienceBody(values);
    if (entry) update.mutate({ id: entry.id, ...body }, { onSuccess: onDone });
    else add.mutate(body, { onSuccess: onDone });
  }

  return (
    <form
      aria-label={entry ? `Edit experience: ${entry.title}` : profileTexts.addExperience}
      className="glass grid gap-4 rounded-lg p-4"
      onSubmit={submit}
      noValidate
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
      <FormError message={mutation.isError ? errorMessage(mutation.error, 'The entry could not be saved') : null} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? profileTexts.saving : profileTexts.save}
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={mutation.isPending}>
          {profileTexts.cancel}
        </Button>
      </div>
    </form>
  );
}
