import {
  containerTiers,
  tierNames,
  type Container,
  type ContainerActionBody,
  type ContainerTier,
} from '@nuvem/contracts/containers';
import {
  CameraIcon,
  CopyIcon,
  EllipsisVerticalIcon,
  GaugeIcon,
  Loader2Icon,
  PlayIcon,
  RotateCwIcon,
  ScalingIcon,
  ScrollTextIcon,
  SquareIcon,
  Trash2Icon,
} from 'lucide-react';
import { useId, useRef, useState, type SubmitEvent } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/sonner';
import { paths } from '@/config/paths';
import { useContainerTiers } from '../api/get-container-catalogue';
import { useDeleteContainer } from '../api/delete-container';
import { useContainerAction } from '../api/run-container-action';
import { failureMessage, notify } from '@/lib/notify';

/** Spec 8: the toast of a successful copy. */
export const COPIED_TITLE = 'Copied!';
export const COPIED_DESCRIPTION = 'SSH command copied to clipboard';

/** Copies a container's SSH command and says so (spec 8); a refused clipboard says that instead. */
export async function copySshCommand(command: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(command);
    toast.success(COPIED_TITLE, { description: COPIED_DESCRIPTION });
  } catch {
    notify.error('Could not copy the SSH command: the browser refused clipboard access');
  }
}

/** Snapshot names the API accepts: letters, digits and hyphens, starting with a letter or digit, at most 63. */
export const SNAPSHOT_NAME_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9-]{0,62}$/;

function twoDigits(n: number): string {
  return String(n).padStart(2, '0');
}

/** 'snap-YYYYMMDD-HHMM' in local time: the name a snapshot gets when none is typed. */
export function defaultSnapshotName(at: Date): string {
  const date = `${at.getFullYear()}${twoDigits(at.getMonth() + 1)}${twoDigits(at.getDate())}`;
  return `snap-${date}-${twoDigits(at.getHours())}${twoDigits(at.getMinutes())}`;
}

export function tierTitle(tier: string): string {
  return tier.charAt(0).toUpperCase() + tier.slice(1);
}

interface TierOption {
  id: ContainerTier;
  cpu: number;
  memoryGb: number;
  diskGb: number;
  monthlyUsd: number;
}

/** The tiers as the server configures them, else the spec's table until they load. */
export function useTierOptions(): TierOption[] {
  const tiers = useContainerTiers();
  if (tiers.data && tiers.data.length > 0) {
    return tiers.data.map((t) => ({
      id: t.id,
      cpu: t.cpu,
      memoryGb: t.memory_gb,
      diskGb: t.disk_gb,
      monthlyUsd: t.monthly_usd,
    }));
  }
  return tierNames.map((id) => ({ id, ...containerTiers[id] }));
}

export function tierSummary(tier: TierOption): string {
  return `${tier.cpu} CPU · ${tier.memoryGb} GB RAM · ${tier.diskGb} GB disk · $${tier.monthlyUsd}/mo`;
}

const LIFECYCLE_LOCKED = new Set<Container['status']>(['starting', 'stopping']);

type Action = ContainerActionBody['action'];
type Dialogs = 'snapshot' | 'scale' | 'delete' | null;

export interface ContainerActionsMenuProps {
  container: Container;
  /**
   * Called once the container is deleted and its confirmation has closed: its menu button is
   * about to go, so this is where focus should move (and the list may move back a page).
   */
  onDeleted?: () => void;
  /** Shows the container in the Metrics tab; the item is offered only when given. */
  onViewMetrics?: (id: string) => void;
}

/**
 * The action menu of one container (spec 2 and 4): Start when stopped, else Stop; Restart always;
 * Snapshot, Scale and Delete through their dialogs; copy the SSH command; open the logs.
 * Each row has its own mutations, so "in flight" is tracked per container.
 */
export function ContainerActionsMenu({ container, onDeleted, onViewMetrics }: ContainerActionsMenuProps) {
  const action = useContainerAction();
  const remove = useDeleteContainer();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const deleted = useRef(false);

  const pending = action.isPending || remove.isPending;
  const lifecycleLocked = pending || LIFECYCLE_LOCKED.has(container.status);
  const { id, name } = container;

  // mutateAsync, not mutate's callbacks: those are dropped when the row unmounts first (the list
  // refetch removes a deleted container, or a stopped one under a 'running' filter), and the
  // user would never hear how their action ended.
  const run = (body: ContainerActionBody, onDone?: () => void) => {
    const verb: Action = body.action;
    action.mutateAsync({ id, ...body }).then(
      () => {
        notify.success(`Container ${verb} completed successfully`);
        onDone?.();
      },
      (error: unknown) => notify.error(failureMessage(`Failed to ${verb} container`, error)),
    );
  };

  const confirmDelete = () => {
    remove.mutateAsync(id).then(
      () => {
        notify.success('Container deleted successfully');
        deleted.current = true;
        setDialog(null);
      },
      (error: unknown) => {
        notify.error(failureMessage('Failed to delete container', error));
        setDialog(null);
      },
    );
  };

  // The dialogs open from a menu item, so they have no trigger of their own: focus goes back to
  // the menu button when they close.
  const returnFocus = (event: Event) => {
    event.preventDefault();
    if (deleted.current) {
      deleted.current = false;
      onDeleted?.();
      return;
    }
    triggerRef.current?.focus();
  };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            ref={triggerRef}
            variant="ghost"
            size="icon"
            aria-label={`Actions for ${name}`}
            disabled={pending}
            aria-busy={pending || undefined}
          >
            {pending ? (
              <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
            ) : (
              <EllipsisVerticalIcon aria-hidden="true" />
            )}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {container.status === 'stopped' ? (
            <DropdownMenuItem disabled={lifecycleLocked} onSelect={() => run({ action: 'start' })}>
              <PlayIcon aria-hidden="true" />
              Start
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem disabled={lifecycleLocked} onSelect={() => run({ action: 'stop' })}>
              <SquareIcon aria-hidden="true" />
              Stop
            </DropdownMenuItem>
          )}
          <DropdownMenuItem disabled={lifecycleLocked} onSelect={() => run({ action: 'restart' })}>
            <RotateCwIcon aria-hidden="true" />
            Restart
          </DropdownMenuItem>
          <DropdownMenuItem disabled={lifecycleLocked} onSelect={() => setDialog('snapshot')}>
            <CameraIcon aria-hidden="true" />
            Snapshot
          </DropdownMenuItem>
          <DropdownMenuItem disabled={lifecycleLocked} onSelect={() => setDialog('scale')}>
            <ScalingIcon aria-hidden="true" />
            Scale
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void copySshCommand(container.ssh_command)}>
            <CopyIcon aria-hidden="true" />
            Copy SSH command
          </DropdownMenuItem>
          <DropdownMenuItem
            onSelect={() => window.open(paths.containers.logs.getHref(id), '_blank', 'noopener,noreferrer')}
          >
            <ScrollTextIcon aria-hidden="true" />
            Open logs
          </DropdownMenuItem>
          {onViewMetrics && (
            <DropdownMenuItem onSelect={() => onViewMetrics(id)}>
              <GaugeIcon aria-hidden="true" />
              View metrics
            </DropdownMenuItem>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" disabled={lifecycleLocked} onSelect={() => setDialog('delete')}>
            <Trash2Icon aria-hidden="true" />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      <Dialog open={dialog === 'snapshot'} onOpenChange={(open) => setDialog(open ? 'snapshot' : null)}>
        <DialogContent onCloseAutoFocus={returnFocus}>
          {dialog === 'snapshot' && (
            <SnapshotForm
              containerName={name}
              pending={action.isPending}
              onCancel={() => setDialog(null)}
              onSubmit={(snapshotName) =>
                run({ action: 'snapshot', parameters: { name: snapshotName } }, () => setDialog(null))
              }
            />
          )}
        </DialogContent>
      </Dialog>

      <Dialog open={dialog === 'scale'} onOpenChange={(open) => setDialog(open ? 'scale' : null)}>
        <DialogContent onCloseAutoFocus={returnFocus}>
          {dialog === 'scale' && (
            <ScaleForm
              container={container}
              pending={action.isPending}
              onCancel={() => setDialog(null)}
              onSubmit={(tier) => run({ action: 'scale', parameters: { tier } }, () => setDialog(null))}
            />
          )}
        </DialogContent>
      </Dialog>

      <AlertDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => {
          if (!remove.isPending) setDialog(open ? 'delete' : null);
        }}
      >
        <AlertDialogContent onCloseAutoFocus={returnFocus}>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete container {name}?</AlertDialogTitle>
            <AlertDialogDescription>
              This cannot be undone: it permanently removes the instance and all of its snapshots.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
            <Button variant="destructive" disabled={remove.isPending} onClick={confirmDelete}>
              {remove.isPending && (
                <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
              )}
              Delete
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

/** The spec's sentence first; the server's reason after it when it says something more. */
function SnapshotForm({
  containerName,
  pending,
  onCancel,
  onSubmit,
}: {
  containerName: string;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (name: string) => void;
}) {
  const inputId = useId();
  const hintId = useId();
  // The name used when the field is left empty, fixed when the dialog opens.
  const [placeholder] = useState(() => defaultSnapshotName(new Date()));
  const [value, setValue] = useState('');
  const trimmed = value.trim();
  const invalid = trimmed !== '' && !SNAPSHOT_NAME_PATTERN.test(trimmed);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (invalid || pending) return;
    onSubmit(trimmed || placeholder);
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>Create Snapshot</DialogTitle>
        <DialogDescription>Save the current state of {containerName}.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={inputId}>Snapshot name (optional)</Label>
        <Input
          id={inputId}
          value={value}
          placeholder={placeholder}
          maxLength={63}
          autoComplete="off"
          aria-invalid={invalid || undefined}
          aria-describedby={hintId}
          onChange={(event) => setValue(event.target.value)}
        />
        <p id={hintId} className={invalid ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}>
          {invalid
            ? 'Use letters, digits and hyphens only (up to 63), starting with a letter or digit.'
            : `Letters, digits and hyphens, up to 63. Left empty, it is named ${placeholder}.`}
        </p>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={invalid || pending}>
          {pending && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
          Create Snapshot
        </Button>
      </DialogFooter>
    </form>
  );
}

function ScaleForm({
  container,
  pending,
  onCancel,
  onSubmit,
}: {
  container: Container;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (tier: ContainerTier) => void;
}) {
  const selectId = useId();
  const noteId = useId();
  const tiers = useTierOptions();
  const [tier, setTier] = useState<ContainerTier>(container.tier);
  // Spec 5: scaling needs a tier other than the current one.
  const unchanged = tier === container.tier;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (unchanged || pending) return;
    onSubmit(tier);
  };

  return (
    <form onSubmit={submit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Scale Container</DialogTitle>
        <DialogDescription>
          Choose new resources for {container.name}. It is currently {tierTitle(container.tier)}.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={selectId}>Tier</Label>
        <Select
          value={tier}
          onValueChange={(value) => {
            const chosen = tierNames.find((name) => name === value);
            if (chosen) setTier(chosen);
          }}
        >
          <SelectTrigger id={selectId} aria-describedby={noteId} className="h-auto min-h-9 whitespace-normal">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {tiers.map((option) => (
              <SelectItem key={option.id} value={option.id}>
                {tierTitle(option.id)}
                {option.id === container.tier ? ' (current)' : ''} — {tierSummary(option)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <p id={noteId} className="text-sm text-muted-foreground">
          {unchanged
            ? 'Choose a tier other than the current one.'
            : 'Scaling restarts the container: running processes are interrupted.'}
        </p>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={unchanged || pending}>
          {pending && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
          Scale
        </Button>
      </DialogFooter>
    </form>
  );
}
