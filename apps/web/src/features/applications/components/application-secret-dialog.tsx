import { TriangleAlertIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { CopyButton } from './application-copy-button';

export const clientSecretDialogTexts = {
  createdTitle: 'Application Created',
  rotatedTitle: 'New Client Secret',
  warning: 'Copy the client secret now: it will not be shown again.',
  clientId: 'Client ID',
  clientSecret: 'Client Secret',
  copyClientId: 'Copy client ID',
  copyClientSecret: 'Copy client secret',
  clientIdCopied: 'Client ID copied to clipboard',
  clientSecretCopied: 'Client secret copied to clipboard',
  done: "I've Saved the Secret",
} as const;

/** A client secret the server has just returned: the only time the portal ever holds it. */
export interface RevealedSecret {
  title: string;
  applicationName: string;
  clientId: string;
  clientSecret: string;
  /** A line under the warning, e.g. until when the previous secret keeps working. */
  note?: string | undefined;
}

/**
 * The one-time display of a client secret (after creating an application or rotating its
 * secret). Only 'I've Saved the Secret' closes it: Escape or a click outside would lose the secret.
 */
export function ClientSecretDialog({
  secret,
  onClose,
  onCloseAutoFocus,
}: {
  secret: RevealedSecret | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const id = useId();
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {secret && (
        <DialogContent
          showClose={false}
          onEscapeKeyDown={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <DialogHeader>
            <DialogTitle>{secret.title}</DialogTitle>
            <DialogDescription>
              Credentials of <strong className="text-foreground">{secret.applicationName}</strong>.
            </DialogDescription>
          </DialogHeader>
          <div
            role="note"
            className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm"
          >
            <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
            <div className="grid gap-1">
              <p>{clientSecretDialogTexts.warning}</p>
              {secret.note && <p className="text-muted-foreground">{secret.note}</p>}
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-client-id`}>{clientSecretDialogTexts.clientId}</Label>
            <div className="flex gap-2">
              <Input id={`${id}-client-id`} readOnly value={secret.clientId} className="font-mono" />
              <CopyButton
                value={secret.clientId}
                label={clientSecretDialogTexts.copyClientId}
                copiedMessage={clientSecretDialogTexts.clientIdCopied}
              />
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-client-secret`}>{clientSecretDialogTexts.clientSecret}</Label>
            <div className="flex gap-2">
              <Input
                id={`${id}-client-secret`}
                readOnly
                value={secret.clientSecret}
                className="font-mono"
                spellCheck={false}
                autoComplete="off"
              />
              <CopyButton
                value={secret.clientSecret}
                label={clientSecretDialogTexts.copyClientSecret}
                copiedMessage={clientSecretDialogTexts.clientSecretCopied}
              />
            </div>
          </div>
          <DialogFooter>
            <Button onClick={onClose}>{clientSecretDialogTexts.done}</Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
