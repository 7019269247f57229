import { CONTAINER_PAGE_SIZE } from '@nuvem/contracts/containers';
import { CopyIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useContainers } from '../api/get-containers';
import { copySshCommand } from '../lib/copy-ssh-command';
import { missingAddressKey, sshCommandOf } from '../lib/ssh-address';

const KEYGEN_COMMAND = 'ssh-keygen -t ed25519 -C "you@example.com"';

/**
 * The SSH Access Guide of the Overview's Quick Actions: how to make a key, where to add it, and
 * the user's own connect commands. `children` is the button that opens it (focus returns there).
 */
export function SshGuideDialog({ children }: { children: ReactNode }) {
  const { t } = useTranslation('containers');
  return (
    <Dialog>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('sshGuide.title')}</DialogTitle>
          <DialogDescription>{t('sshGuide.description')}</DialogDescription>
        </DialogHeader>
        <ol className="grid list-decimal gap-4 pl-5 text-sm marker:text-muted-foreground">
          <li className="grid gap-2">
            <p>
              <strong>{t('sshGuide.generateTitle')}</strong> {t('sshGuide.generateText')}
            </p>
            <CommandLine command={KEYGEN_COMMAND} label={t('sshGuide.keygenLabel')} />
            <p className="text-muted-foreground">
              <Trans t={t} i18nKey="sshGuide.generateAfter" components={{ code: <code /> }} />
            </p>
          </li>
          <li>
            <strong>{t('sshGuide.addTitle')}</strong>{' '}
            <Trans t={t} i18nKey="sshGuide.addText" components={{ code: <code /> }} />
          </li>
          <li className="grid gap-2">
            <p>
              <strong>{t('sshGuide.connectTitle')}</strong> {t('sshGuide.connectText')}
            </p>
            <YourCommands />
          </li>
        </ol>
        <p className="rounded-lg bg-glass p-3 text-sm text-muted-foreground">{t('sshGuide.rootNote')}</p>
      </DialogContent>
    </Dialog>
  );
}

/** The ssh commands of the user's containers (the first page of the list, shared with the Containers tab). */
function YourCommands() {
  const { t } = useTranslation('containers');
  const list = useContainers({ page: 1, perPage: CONTAINER_PAGE_SIZE });

  if (list.isPending) {
    return (
      <div role="status" className="grid gap-2">
        <span className="sr-only">{t('sshGuide.loading')}</span>
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-full" />
      </div>
    );
  }
  if (list.isError) {
    return <p className="text-destructive">{t('sshGuide.loadFailed')}</p>;
  }
  const { containers, total } = list.data;
  if (containers.length === 0) {
    return (
      <p className="text-muted-foreground">
        <Trans t={t} i18nKey="sshGuide.none" components={{ code: <code /> }} />
      </p>
    );
  }
  return (
    <>
      <ul aria-label={t('sshGuide.commandsLabel')} className="grid gap-2">
        {containers.map((container) => (
          <li key={container.id} className="grid gap-1">
            <span className="text-xs text-muted-foreground">{container.name}</span>
            <CommandLine
              command={sshCommandOf(container)}
              pending={t(missingAddressKey(container.status))}
              label={t('sshGuide.commandOf', { name: container.name })}
            />
          </li>
        ))}
      </ul>
      {total > containers.length && (
        <p className="text-xs text-muted-foreground">{t('sshGuide.showing', { shown: containers.length, total })}</p>
      )}
    </>
  );
}

function CommandLine({ command, pending, label }: { command: string | null; pending?: string; label: string }) {
  const { t } = useTranslation('containers');
  if (command === null) {
    return <p className="rounded-md bg-black/30 px-3 py-2 text-xs text-muted-foreground italic">{pending}</p>;
  }
  return (
    <div className="flex items-center gap-2 rounded-md bg-black/30 py-1 pr-1 pl-3">
      <code className="min-w-0 flex-1 overflow-x-auto py-1 font-mono text-xs whitespace-nowrap">{command}</code>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t('sshGuide.copy', { label })}
        onClick={() => void copySshCommand(command)}
      >
        <CopyIcon aria-hidden="true" />
      </Button>
    </div>
  );
}
