import { profileLimits } from '@nuvem/contracts/profiles';
import { PlusIcon, type LucideIcon } from 'lucide-react';
import { useState, type SubmitEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { failureMessage, notify } from '@/lib/notify';
import { movedIds } from '../lib/entry-order';
import { EntryControls } from './entry-controls';
import { FormError } from './text-field';

/** What the list needs of the order and delete mutations (a TanStack Query mutation fits). */
interface EntryMutation<TVariables> {
  mutate: (variables: TVariables, options: { onError: (error: Error) => void }) => void;
  isPending: boolean;
}

interface EntryListProps<T extends { id: string }> {
  entries: T[];
  editable: boolean;
  /** The section's accessible name (the tab's). */
  sectionLabel: string;
  /** Shown when there are no entries and no new one is being written. */
  emptyText: string;
  /** The add button's text; the new entry's form is named the same. */
  addLabel: string;
  icon: LucideIcon;
  /** What the entry is called in its buttons' names ('Engineer at Acme'). */
  label: (entry: T) => string;
  renderEntry: (entry: T) => ReactNode;
  /** The inline form: for `entry` when editing it, for a new entry without one. */
  renderForm: (props: { entry?: T; onDone: () => void }) => ReactNode;
  /** Sends every entry id in the new order. */
  order: EntryMutation<string[]>;
  /** Deletes the entry with that id. */
  remove: EntryMutation<string>;
}

/** An experience or education list: the entries, and for the owner inline forms, ordering and deletion. */
export function EntryList<T extends { id: string }>({
  entries,
  editable,
  sectionLabel,
  emptyText,
  addLabel,
  icon: Icon,
  label,
  renderEntry,
  renderForm,
  order,
  remove,
}: EntryListProps<T>) {
  const { t } = useTranslation('profiles');
  const [editing, setEditing] = useState<string | null>(null);
  const busy = order.isPending || remove.isPending;
  const onDone = () => setEditing(null);

  return (
    <section aria-label={sectionLabel} className="grid gap-4">
      {entries.length === 0 && editing !== 'new' && <p className="text-muted-foreground">{emptyText}</p>}
      <ol className="grid gap-3">
        {entries.map((entry, index) =>
          editing === entry.id ? (
            <li key={entry.id}>{renderForm({ entry, onDone })}</li>
          ) : (
            <li key={entry.id} className="glass flex flex-wrap items-start gap-3 rounded-lg p-4">
              <Icon aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
              <div className="min-w-0 flex-1">{renderEntry(entry)}</div>
              {editable && (
                <EntryControls
                  label={label(entry)}
                  first={index === 0}
                  last={index === entries.length - 1}
                  busy={busy}
                  onEdit={() => setEditing(entry.id)}
                  onMove={(direction) => {
                    const ids = movedIds(entries, entry.id, direction);
                    if (ids)
                      order.mutate(ids, { onError: (e) => notify.error(failureMessage(t('entries.orderFailed'), e)) });
                  }}
                  onDelete={() =>
                    remove.mutate(entry.id, {
                      onError: (e) => notify.error(failureMessage(t('entries.deleteFailed'), e)),
                    })
                  }
                />
              )}
            </li>
          ),
        )}
      </ol>
      {editable &&
        (editing === 'new'
          ? renderForm({ onDone })
          : entries.length < profileLimits.entries && (
              <div>
                <Button variant="outline" onClick={() => setEditing('new')}>
                  <PlusIcon aria-hidden="true" />
                  {addLabel}
                </Button>
              </div>
            ))}
    </section>
  );
}

interface EntryFormProps {
  /** The form's accessible name. */
  label: string;
  /** A save is under way. */
  pending: boolean;
  /** A failed save's message that belongs to no field. */
  failure: string | null;
  /** The form's submit handler (react-hook-form's, which checks the values first). */
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  onDone: () => void;
  /** The fields. */
  children: ReactNode;
}

/** The frame of an entry's inline form: the fields, a failed save's message, Save and Cancel. */
export function EntryForm({ label, pending, failure, onSubmit, onDone, children }: EntryFormProps) {
  const { t: tc } = useTranslation();
  return (
    <form aria-label={label} className="glass grid gap-4 rounded-lg p-4" onSubmit={onSubmit} noValidate>
      {children}
      <FormError message={failure} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? tc('actions.saving') : tc('actions.save')}
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={pending}>
          {tc('actions.cancel')}
        </Button>
      </div>
    </form>
  );
}
