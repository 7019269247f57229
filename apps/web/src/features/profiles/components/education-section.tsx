import { profileLimits, type EducationEntry } from '@nuvem/contracts/profiles';
import { GraduationCapIcon, PlusIcon } from 'lucide-react';
import { useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage, failureMessage, notify } from '@/lib/notify';
import { useAddEducation } from '../api/add-education';
import { useDeleteEducation } from '../api/delete-education';
import { useOrderEducation } from '../api/order-education';
import { useUpdateEducation } from '../api/update-education';
import { movedIds } from '../lib/entry-order';
import {
  educationBody,
  educationFormProblems,
  educationFormValues,
  type EducationFormValues,
} from '../lib/profile-form';
import { EntryControls } from './entry-controls';
import { profileTexts } from './profile-texts';
import { FormError, TextField } from './text-field';

/** The Education tab: the entries, and for the owner inline forms, ordering and deletion. */
export function EducationSection({ entries, editable }: { entries: EducationEntry[]; editable: boolean }) {
  const [editing, setEditing] = useState<string | null>(null);
  const order = useOrderEducation();
  const remove = useDeleteEducation();
  const busy = order.isPending || remove.isPending;

  return (
    <section aria-label={profileTexts.tabs.education} className="grid gap-4">
      {entries.length === 0 && editing !== 'new' && <p className="text-muted-foreground">{profileTexts.noEducation}</p>}
      <ol className="grid gap-3">
        {entries.map((entry, index) =>
          editing === entry.id ? (
            <li key={entry.id}>
              <EducationForm entry={entry} onDone={() => setEditing(null)} />
            </li>
          ) : (
            <li key={entry.id} className="glass flex flex-wrap items-start gap-3 rounded-lg p-4">
              <GraduationCapIcon aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
              <div className="min-w-0 flex-1">
                <h3 className="font-semibold break-words">{entry.school}</h3>
                {(entry.degree || entry.field) && (
                  <p className="break-words">{[entry.degree, entry.field].filter(Boolean).join(', ')}</p>
                )}
                {entry.duration && <p className="text-sm text-muted-foreground">{entry.duration}</p>}
              </div>
              {editable && (
                <EntryControls
                  label={entry.school}
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
          <EducationForm onDone={() => setEditing(null)} />
        ) : (
          entries.length < profileLimits.entries && (
            <div>
              <Button variant="outline" onClick={() => setEditing('new')}>
                <PlusIcon aria-hidden="true" />
                {profileTexts.addEducation}
              </Button>
            </div>
          )
        ))}
    </section>
  );
}

function EducationForm({ entry, onDone }: { entry?: EducationEntry; onDone: () => void }) {
  const [values, setValues] = useState<EducationFormValues>(() => educationFormValues(entry));
  const [submitted, setSubmitted] = useState(false);
  const add = useAddEducation();
  const update = useUpdateEducation();
  const mutation = entry ? update : add;
  const problems = submitted ? educationFormProblems(values) : {};
  const set = (key: keyof EducationFormValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(educationFormProblems(values)).length > 0) return;
    const body = educationBody(values);
    if (entry) update.mutate({ id: entry.id, ...body }, { onSuccess: onDone });
    else add.mutate(body, { onSuccess: onDone });
  }

  return (
    <form
      aria-label={entry ? `Edit education: ${entry.school}` : profileTexts.addEducation}
      className="glass grid gap-4 rounded-lg p-4"
      onSubmit={submit}
      noValidate
    >
      <TextField
        label="School"
        value={values.school}
        onChange={set('school')}
        max={profileLimits.school}
        required
        error={problems.school}
      />
      <TextField label="Degree" value={values.degree} onChange={set('degree')} max={profileLimits.degree} />
      <TextField label="Field of study" value={values.field} onChange={set('field')} max={profileLimits.field} />
      <TextField
        label="Duration"
        value={values.duration}
        onChange={set('duration')}
        max={profileLimits.duration}
        placeholder="2015 – 2019"
      />
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
