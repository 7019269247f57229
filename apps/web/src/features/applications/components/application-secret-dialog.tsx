import { TriangleAlertIcon } from 'lucide-react';
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
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
import { useFormat } from '@/lib/format';
import { CopyButton } from './application-copy-button';

/** A client secret the server has just returned: the only time the portal ever holds it. */
export interface RevealedSecret {
  /** Why it is shown: a new application, or a rotated secret. */
  reason: 'created' | 'rotated';
  applicationName: string;
  clientId: string;
  clientSecret: string;
  /** After a rotation: until when the previous secret keeps working (ISO date). */
  previousValidUntil?: string | undefined;
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
  const { t } = useTranslation('applications');
  const f = useFormat();
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
            <DialogTitle>
              {secret.reason === 'created' ? t('secretDialog.createdTitle') : t('secretDialog.rotatedTitle')}
            </DialogTitle>
            <DialogDescription>
              <Trans
                t={t}
                i18nKey="secretDialog.credentialsOf"
                values={{ name: secret.applicationName }}
                components={{ name: <strong className="text-foreground" /> }}
              />
            </DialogDescription>
          </DialogHeader>
          <div
            role="note"
            className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm"
          >
            <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
            <div className="grid gap-1">
              <p>{t('secretDialog.warning')}</p>
              {secret.previousValidUntil && (
                <p className="text-muted-foreground">
                  {t('settings.previousValidUntil', { when: f.dateTime(secret.previousValidUntil) })}
                </p>
              )}
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-client-id`}>{t('secretDialog.clientId')}</Label>
            <div className="flex gap-2">
              <Input id={`${id}-client-id`} readOnly value={secret.clientId} className="font-mono" />
              <CopyButton
                value={secret.clientId}
                label={t('secretDialog.copyClientId')}
                copiedMessage={t('secretDialog.clientIdCopied')}
              />
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-client-secret`}>{t('secretDialog.clientSecret')}</Label>
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
                label={t('secretDialog.copyClientSecret')}
                copiedMessage={t('secretDialog.clientSecretCopied')}
              />
            </div>
          </div>
          <DialogFooter>
            <Button onClick={onClose}>{t('secretDialog.done')}</Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
