import { CONTAINER_PAGE_SIZE } from '@nuvem/contracts/containers';
import { CopyIcon } from 'lucide-react';
import type { ReactNode } from 'react';
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
import { copySshCommand } from './container-actions-menu';

const KEYGEN_COMMAND = 'ssh-keygen -t ed25519 -C "you@example.com"';

/**
 * The SSH Access Guide of the Overview's Quick Actions: how to make a key, where to add it, and
 * the user's own connect commands. `children` is the button that opens it (focus returns there).
 */
export function SshGuideDialog({ children }: { children: ReactNode }) {
  return (
    <Dialog>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>SSH Access Guide</DialogTitle>
          <DialogDescription>Connect to your containers with an SSH key.</DialogDescription>
        </DialogHeader>
        <ol className="grid list-decimal gap-4 pl-5 text-sm marker:text-muted-foreground">
          <li className="grid gap-2">
            <p>
              <strong>Generate a key pair</strong> on your computer (skip this if you already have one):
            </p>
            <CommandLine command={KEYGEN_COMMAND} label="key generation command" />
            <p className="text-muted-foreground">
              It writes the private key to <code>~/.ssh/id_ed25519</code> and the public key to{' '}
              <code>~/.ssh/id_ed25519.pub</code>. Keep the private key to yourself.
            </p>
          </li>
          <li>
            <strong>Add the public key</strong> when you create a container: paste the contents of{' '}
            <code>id_ed25519.pub</code> into the SSH keys field of the last step of the wizard (or let the wizard
            generate a key and download the private key).
          </li>
          <li className="grid gap-2">
            <p>
              <strong>Connect</strong> with the command of your container:
            </p>
            <YourCommands />
          </li>
        </ol>
        <p className="rounded-lg bg-glass p-3 text-sm text-muted-foreground">
          Logging in as root with a password works only if you set a root password when you created the container;
          otherwise the container accepts your SSH key only.
        </p>
      </DialogContent>
    </Dialog>
  );
}

/** The ssh commands of the user's containers (the first page of the list, shared with the Containers tab). */
function YourCommands() {
  const list = useContainers({ page: 1, perPage: CONTAINER_PAGE_SIZE });

  if (list.isPending) {
    return (
      <div role="status" className="grid gap-2">
        <span className="sr-only">Loading your containers</span>
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-full" />
      </div>
    );
  }
  if (list.isError) {
    return <p className="text-destructive">Your containers could not be loaded, so their commands are not shown.</p>;
  }
  const { containers, total } = list.data;
  if (containers.length === 0) {
    return (
      <p className="text-muted-foreground">
        You have no containers yet. Once you create one, its command (like <code>ssh root@10.0.0.5</code>) appears here.
      </p>
    );
  }
  return (
    <>
      <ul aria-label="Your SSH commands" className="grid gap-2">
        {containers.map((container) => (
          <li key={container.id} className="grid gap-1">
            <span className="text-xs text-muted-foreground">{container.name}</span>
            <CommandLine command={container.ssh_command} label={`SSH command of ${container.name}`} />
          </li>
        ))}
      </ul>
      {total > containers.length && (
        <p className="text-xs text-muted-foreground">
          Showing {containers.length} of {total} containers; every container&apos;s command is in its action menu.
        </p>
      )}
    </>
  );
}

function CommandLine({ command, label }: { command: string; label: string }) {
  return (
    <div className="flex items-center gap-2 rounded-md bg-black/30 py-1 pr-1 pl-3">
      <code className="min-w-0 flex-1 overflow-x-auto py-1 font-mono text-xs whitespace-nowrap">{command}</code>
      <Button variant="ghost" size="icon" aria-label={`Copy ${label}`} onClick={() => void copySshCommand(command)}>
        <CopyIcon aria-hidden="true" />
      </Button>
    </div>
  );
}
