import { experienceBodySchema, profileLimits, type ExperienceEntry } from '@nuvem/contracts/profiles';
import { BriefcaseIcon } from 'lucide-react';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { experienceApi } from '../api/profile-entries';
import { experienceFormValues } from '../lib/profile-form';
import { CountedFields } from './counted-fields';
import { EntryEditor } from './entry-editor';
import { EntryList } from './entry-list';

/** The Experience tab: the entries, and for the owner inline forms, ordering and deletion. */
export function ExperienceSection({ entries, editable }: { entries: ExperienceEntry[]; editable: boolean }) {
  const { t } = useTranslation('profiles');
  return (
    <EntryList
      entries={entries}
      editable={editable}
      kind="experience"
      icon={BriefcaseIcon}
      label={(entry) => t('experience.entry', { title: entry.title, company: entry.company })}
      api={experienceApi}
      renderForm={({ entry, onDone, save }) => (
        <EntryEditor
          schema={experienceBodySchema}
          defaultValues={experienceFormValues(entry)}
          entryId={entry?.id}
          label={entry ? t('experience.editForm', { title: entry.title }) : t('experience.add')}
          save={save}
          onDone={onDone}
        >
          {(form) => (
            <>
              <CountedFields
                form={form}
                fields={[
                  { name: 'title', label: t('experience.title'), max: profileLimits.title, required: true },
                  { name: 'company', label: t('experience.company'), max: profileLimits.company, required: true },
                  {
                    name: 'duration',
                    label: t('experience.duration'),
                    max: profileLimits.duration,
                    placeholder: t('experience.durationPlaceholder'),
                  },
                  {
                    name: 'description',
                    label: t('experience.description'),
                    max: profileLimits.description,
                    multiline: true,
                  },
                ]}
              />
              <CurrentCheckbox label={t('experience.current')} {...form.register('current')} />
            </>
          )}
        </EntryEditor>
      )}
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

/** 'I work here now'. */
function CurrentCheckbox({ label, ...input }: { label: string } & UseFormRegisterReturn) {
  const id = useId();
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm">
      <input id={id} type="checkbox" className="size-4 accent-primary" {...input} />
      {label}
    </label>
  );
}
