import { ArrowDownIcon, ArrowUpIcon, PencilIcon, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { MoveDirection } from '../lib/entry-order';
import { ConfirmDelete } from './confirm-delete';

interface EntryControlsProps {
  /** What the entry is called in the buttons' names ('Engineer at Acme'). */
  label: string;
  first: boolean;
  last: boolean;
  busy: boolean;
  onEdit: () => void;
  onMove: (direction: MoveDirection) => void;
  onDelete: () => void;
}

/** The owner's buttons on one experience or education entry; deleting asks first. */
export function EntryControls({ label, first, last, busy, onEdit, onMove, onDelete }: EntryControlsProps) {
  const { t } = useTranslation('profiles');
  const iconButton = (action: string, Icon: LucideIcon, disabled: boolean, onClick: () => void) => (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`${action}: ${label}`}
      title={action}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
  return (
    <div className="flex flex-wrap gap-1">
      {iconButton(t('entries.moveUp'), ArrowUpIcon, busy || first, () => onMove('up'))}
      {iconButton(t('entries.moveDown'), ArrowDownIcon, busy || last, () => onMove('down'))}
      {iconButton(t('entries.edit'), PencilIcon, busy, onEdit)}
      <ConfirmDelete
        label={`${t('entries.delete')}: ${label}`}
        tooltip={t('entries.delete')}
        confirmLabel={t('entries.delete')}
        title={t('entries.deleteTitle')}
        text={t('entries.deleteText', { label })}
        disabled={busy}
        onConfirm={onDelete}
      />
    </div>
  );
}
