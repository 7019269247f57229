import { ArrowDownIcon, ArrowUpIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import type { MoveDirection } from '../lib/entry-order';

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
  const { t: tc } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-wrap gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label={`${t('entries.moveUp')}: ${label}`}
        title={t('entries.moveUp')}
        disabled={busy || first}
        onClick={() => onMove('up')}
      >
        <ArrowUpIcon aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`${t('entries.moveDown')}: ${label}`}
        title={t('entries.moveDown')}
        disabled={busy || last}
        onClick={() => onMove('down')}
      >
        <ArrowDownIcon aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`${t('entries.edit')}: ${label}`}
        title={t('entries.edit')}
        disabled={busy}
        onClick={onEdit}
      >
        <PencilIcon aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`${t('entries.delete')}: ${label}`}
        title={t('entries.delete')}
        disabled={busy}
        onClick={() => setConfirming(true)}
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('entries.deleteTitle')}</AlertDialogTitle>
            <AlertDialogDescription>{t('entries.deleteText', { label })}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{tc('actions.cancel')}</AlertDialogCancel>
            <AlertDialogAction onClick={onDelete}>{t('entries.delete')}</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
