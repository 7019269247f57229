import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from './confirm-dialog';

interface ConfirmDeleteProps {
  /** The button's accessible name ('Delete post'); also the confirming button's text. */
  label: string;
  title: string;
  text: string;
  /** The button's tooltip (default: `label`). */
  tooltip?: string;
  /** The confirming button's text (default: `label`). */
  confirmLabel?: string;
  disabled?: boolean;
  onConfirm: () => void;
}

/** An icon button that deletes after the user confirms in a dialog. */
export function ConfirmDelete({ label, title, text, tooltip, confirmLabel, disabled, onConfirm }: ConfirmDeleteProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={label}
        title={tooltip ?? label}
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={title}
        text={text}
        confirmLabel={confirmLabel ?? label}
        onConfirm={onConfirm}
      />
    </>
  );
}
