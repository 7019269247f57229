import { Loader2Icon, Trash2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ComponentProps, ReactNode } from 'react';
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

export interface ConfirmDeleteFooterProps {
  /** The confirming button's text, in the caller's words ('Delete flow', 'Revoke key'). */
  confirmLabel: string;
  onConfirm: () => void;
  /**
   * The delete is in flight: the confirming button is disabled and shows a spinner, and Cancel is
   * disabled too (unless `cancelWhilePending`), so the dialog stays until the server answers.
   */
  pending?: boolean;
  /** Cancel stays usable while the delete is in flight. */
  cancelWhilePending?: boolean;
  /** Cancel's text (default: the common 'Cancel'). */
  cancelLabel?: string;
  /**
   * The confirming button closes the dialog itself (Radix's AlertDialogAction), for a delete that
   * runs in the background; by default the caller closes it when the server has answered.
   */
  closesOnConfirm?: boolean;
  /** The confirming button's look: destructive (default), or the primary one for a confirmation that destroys less (a key rotation). */
  confirmVariant?: 'destructive' | 'default';
}

/** The footer of a delete confirmation: Cancel, and the destructive button that confirms. */
export function ConfirmDeleteFooter({
  confirmLabel,
  onConfirm,
  pending = false,
  cancelWhilePending = false,
  cancelLabel,
  closesOnConfirm = false,
  confirmVariant = 'destructive',
}: ConfirmDeleteFooterProps) {
  const { t } = useTranslation('common');
  const cancel = cancelLabel ?? t('actions.cancel');
  return (
    <AlertDialogFooter>
      <AlertDialogCancel disabled={(pending && !cancelWhilePending) || undefined}>{cancel}</AlertDialogCancel>
      {closesOnConfirm ? (
        <AlertDialogAction asChild>
          <Button variant={confirmVariant} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </AlertDialogAction>
      ) : (
        <Button variant={confirmVariant} disabled={pending} aria-busy={pending || undefined} onClick={onConfirm}>
          {pending && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
          {confirmLabel}
        </Button>
      )}
    </AlertDialogFooter>
  );
}

export interface DeleteIconButtonProps {
  /** The button's accessible name and tooltip ('Delete Research flow'). */
  label: string;
  onClick: () => void;
  /** 'icon' (square, default) or 'sm' (a row's small button). */
  size?: 'icon' | 'sm';
  disabled?: boolean;
}

/** The trash-can button that opens a delete confirmation, named (and titled) by `label`. */
export function DeleteIconButton({ label, onClick, size = 'icon', disabled }: DeleteIconButtonProps) {
  return (
    <Button variant="ghost" size={size} aria-label={label} title={label} disabled={disabled} onClick={onClick}>
      <Trash2Icon aria-hidden="true" />
    </Button>
  );
}

export interface ConfirmDeleteDialogProps extends ConfirmDeleteFooterProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The question ('Delete Research flow?'). */
  title: string;
  /** What the delete does (it cannot be undone…). */
  text: string;
  /** Where focus goes when the dialog closes (by default, back to what opened it). */
  onCloseAutoFocus?: ComponentProps<typeof AlertDialogContent>['onCloseAutoFocus'];
  /** More between the text and the buttons (a note, a reason to type). */
  children?: ReactNode;
}

/** A delete confirmation: the question, what it does, and the footer's Cancel and confirming buttons. */
export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  title,
  text,
  onCloseAutoFocus,
  children,
  ...footer
}: ConfirmDeleteDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{text}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <ConfirmDeleteFooter {...footer} />
      </AlertDialogContent>
    </AlertDialog>
  );
}
