import { CheckIcon, CopyIcon, DownloadIcon, TriangleAlertIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/sonner';
import { useFormat } from '@/lib/format';
import { notify } from '@/lib/notify';
import { saveFile } from '../lib/download';
import { recoveryCodesFile } from '../lib/mfa-recovery-file';

/**
 * Recovery codes the server has just returned: the only time they are shown. Copy and download
 * them; only "I've saved them" closes it (Escape or a click outside would lose them).
 */
export function MfaRecoveryCodesDialog({ codes, onClose }: { codes: readonly string[] | null; onClose: () => void }) {
  const { t } = useTranslation('mfa');
  const { t: tCommon } = useTranslation();
  const f = useFormat();
  const listId = useId();
  const [copied, setCopied] = useState(false);

  const file = () =>
    recoveryCodesFile(codes ?? [], {
      heading: t('recovery.fileHeading', { site: window.location.host }),
      note: t('recovery.fileNote', { date: f.date(new Date()) }),
    });

  async function copy() {
    try {
      await navigator.clipboard.writeText((codes ?? []).join('\n'));
      setCopied(true);
      toast.success(tCommon('actions.copied'), { description: t('recovery.copied') });
    } catch {
      notify.error(t('errors.failed'));
    }
  }

  return (
    <Dialog
      open={codes !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {codes && (
        <DialogContent
          showClose={false}
          onEscapeKeyDown={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
        >
          <DialogHeader>
            <DialogTitle>{t('recovery.shownOnceTitle')}</DialogTitle>
            <DialogDescription>{t('recovery.description')}</DialogDescription>
          </DialogHeader>
          <div
            role="note"
            className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm"
          >
            <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
            <p>{t('recovery.shownOnce')}</p>
          </div>
          <p id={listId} className="sr-only">
            {t('recovery.listLabel')}
          </p>
          <ol
            aria-labelledby={listId}
            className="grid grid-cols-1 gap-x-6 gap-y-1 rounded-lg border border-glass-border bg-glass p-4 font-mono text-sm min-[360px]:grid-cols-2"
          >
            {codes.map((code) => (
              <li key={code} className="select-all">
                {code}
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => void copy()}>
              {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
              {t('recovery.copy')}
            </Button>
            <Button
              variant="outline"
              onClick={() =>
                saveFile(new Blob([file()], { type: 'text/plain;charset=utf-8' }), 'nuvem-recovery-codes.txt')
              }
            >
              <DownloadIcon aria-hidden="true" />
              {t('recovery.download')}
            </Button>
          </div>
          <DialogFooter>
            <Button onClick={onClose}>{t('recovery.saved')}</Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
