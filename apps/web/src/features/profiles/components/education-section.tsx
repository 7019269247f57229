import { educationBodySchema, profileLimits, type EducationEntry } from '@nuvem/contracts/profiles';
import { GraduationCapIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { educationApi } from '../api/profile-entries';
import { educationFormValues } from '../lib/profile-form';
import { CountedFields } from './counted-fields';
import { EntryEditor } from './entry-editor';
import { EntryList } from './entry-list';

/** The Education tab: the entries, and for the owner inline forms, ordering and deletion. */
export function EducationSection({ entries, editable }: { entries: EducationEntry[]; editable: boolean }) {
  const { t } = useTranslation('profiles');
  return (
    <EntryList
      entries={entries}
      editable={editable}
      kind="education"
      icon={GraduationCapIcon}
      label={(entry) => entry.school}
      api={educationApi}
      renderForm={({ entry, onDone, save }) => (
        <EntryEditor
          schema={educationBodySchema}
          defaultValues={educationFormValues(entry)}
          entryId={entry?.id}
          label={entry ? t('education.editForm', { school: entry.school }) : t('education.add')}
          save={save}
          onDone={onDone}
        >
          {(form) => (
            <CountedFields
              form={form}
              fields={[
                { name: 'school', label: t('education.school'), max: profileLimits.school, required: true },
                { name: 'degree', label: t('education.degree'), max: profileLimits.degree },
                { name: 'field', label: t('education.field'), max: profileLimits.field },
                {
                  name: 'duration',
                  label: t('education.duration'),
                  max: profileLimits.duration,
                  placeholder: t('education.durationPlaceholder'),
                },
              ]}
            />
          )}
        </EntryEditor>
      )}
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
