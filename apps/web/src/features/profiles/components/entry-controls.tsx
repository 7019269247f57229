import { ArrowDownIcon, ArrowUpIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
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
import { profileTexts } from './profile-texts';

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
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-wrap gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label={`${profileTexts.moveUp}: ${label}`}
        title={profileTexts.moveUp}
        disabled={busy || first}
        onClick={() => onMove('up')}
      >
        <ArrowUpIcon aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`${profileTexts.moveDown}: ${label}`}
        title={profileTexts.moveDown}
        disabled={busy || last}
        onClick={() => onMove('down')}
      >
        <ArrowDownIcon aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`${profileTexts.edit}: ${label}`}
        title={profileTexts.edit}
        disabled={busy}
        onClick={onEdit}
      >
        <PencilIcon aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`${profileTexts.delete}: ${label}`}
        title={profileTexts.delete}
        disabled={busy}
        onClick={() => setConfirming(true)}
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete this entry?</AlertDialogTitle>
            <AlertDialogDescription>“{label}” will be removed from your profile.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{profileTexts.cancel}</AlertDialogCancel>
            <AlertDialogAction onClick={onDelete}>{profileTexts.delete}</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
