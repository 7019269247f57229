import { ConfirmDeleteFooter } from '@/components/confirm-delete-footer';
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  text: string;
  /** The confirming button's text ('Delete', 'Disconnect'). */
  confirmLabel: string;
  onConfirm: () => void;
}

/** Asks before removing something (an entry, a post, a connection); confirming closes the dialog. */
export function ConfirmDialog({ open, onOpenChange, title, text, confirmLabel, onConfirm }: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{text}</AlertDialogDescription>
        </AlertDialogHeader>
        <ConfirmDeleteFooter confirmLabel={confirmLabel} onConfirm={onConfirm} closesOnConfirm />
      </AlertDialogContent>
    </AlertDialog>
  );
}
