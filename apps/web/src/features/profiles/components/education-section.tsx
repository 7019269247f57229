import { profileLimits, type EducationEntry } from '@nuvem/contracts/profiles';
import { GraduationCapIcon } from 'lucide-react';
import { useState } from 'react';
import { useAddEducation } from '../api/add-education';
import { useDeleteEducation } from '../api/delete-education';
import { useOrderEducation } from '../api/order-education';
import { useUpdateEducation } from '../api/update-education';
import {
  educationBody,
  educationFormProblems,
  educationFormValues,
  type EducationFormValues,
} from '../lib/profile-form';
import { EntryForm, EntryList } from './entry-list';
import { profileTexts } from './profile-texts';
import { TextField } from './text-field';

/** The Education tab: the entries, and for the owner inline forms, ordering and deletion. */
export function EducationSection({ entries, editable }: { entries: EducationEntry[]; editable: boolean }) {
  const order = useOrderEducation();
  const remove = useDeleteEducation();

  return (
    <EntryList
      entries={entries}
      editable={editable}
      sectionLabel={profileTexts.tabs.education}
      emptyText={profileTexts.noEducation}
      addLabel={profileTexts.addEducation}
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

function EducationForm({ entry, onDone }: { entry?: EducationEntry; onDone: () => void }) {
  const [values, setValues] = useState<EducationFormValues>(() => educationFormValues(entry));
  const [submitted, setSubmitted] = useState(false);
  const add = useAddEducation();
  const update = useUpdateEducation();
  const problems = submitted ? educationFormProblems(values) : {};
  const set = (key: keyof EducationFormValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  function submit() {
    setSubmitted(true);
    if (Object.keys(educationFormProblems(values)).length > 0) return;
    const body = educationBody(values);
    if (entry) update.mutate({ id: entry.id, ...body }, { onSuccess: onDone });
    else add.mutate(body, { onSuccess: onDone });
  }

  return (
    <EntryForm
      label={entry ? `Edit education: ${entry.school}` : profileTexts.addEducation}
      mutation={entry ? update : add}
      onSubmit={submit}
      onDone={onDone}
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
    </EntryForm>
  );
}
