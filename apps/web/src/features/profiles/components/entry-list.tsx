import { profileLimits } from '@nuvem/contracts/profiles';
import { PlusIcon, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { failureMessage, notify } from '@/lib/notify';
import { useEntryMutations, type EntryApi } from '../api/profile-entries';
import { movedIds } from '../lib/entry-order';
import { EntryControls } from './entry-controls';
import type { EntrySave } from './entry-editor';

interface EntryListProps<B, T extends { id: string }> {
  entries: T[];
  editable: boolean;
  /**
   * Which list: its tab's name is the section's, '{kind}.none' shows when there are no entries,
   * '{kind}.add' is the add button's text (and the new entry's form's name).
   */
  kind: 'experience' | 'education';
  icon: LucideIcon;
  /** What the entry is called in its buttons' names ('Engineer at Acme'). */
  label: (entry: T) => string;
  renderEntry: (entry: T) => ReactNode;
  /** The inline form: for `entry` when editing it, for a new entry without one; `save` adds or changes. */
  renderForm: (props: { entry?: T; onDone: () => void; save: EntrySave<B> }) => ReactNode;
  /** The list's calls (add, change, delete, order). */
  api: EntryApi<B, T>;
}

/** An experience or education list: the entries, and for the owner inline forms, ordering and deletion. */
export function EntryList<B, T extends { id: string }>({
  entries,
  editable,
  kind,
  icon: Icon,
  label,
  renderEntry,
  renderForm,
  api,
}: EntryListProps<B, T>) {
  const { t } = useTranslation('profiles');
  const { add, update, order, remove } = useEntryMutations(api);
  const sectionLabel = t(`tabs.${kind}`);
  const emptyText = t(`${kind}.none`);
  const addLabel = t(`${kind}.add`);
  const save: EntrySave<B> = { add, update };
  const [editing, setEditing] = useState<string | null>(null);
  const busy = order.isPending || remove.isPending;
  const onDone = () => setEditing(null);

  return (
    <section aria-label={sectionLabel} className="grid gap-4">
      {entries.length === 0 && editing !== 'new' && <p className="text-muted-foreground">{emptyText}</p>}
      <ol className="grid gap-3">
        {entries.map((entry, index) =>
          editing === entry.id ? (
            <li key={entry.id}>{renderForm({ entry, onDone, save })}</li>
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
          ? renderForm({ onDone, save })
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
