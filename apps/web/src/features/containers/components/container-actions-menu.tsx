import type { Container, ContainerActionBody } from '@nuvem/contracts/containers';
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
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-footer';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/api-client';
import { failureMessage, notify } from '@/lib/notify';
import { useDeleteContainer } from '../api/delete-container';
import { useContainerAction } from '../api/run-container-action';
import { copySshCommand } from '../lib/copy-ssh-command';
import { sshCommandOf } from '../lib/ssh-address';
import { ScaleForm } from './scale-form';
import { SnapshotForm } from './snapshot-form';

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
  const { t } = useTranslation('containers');
  // A role without containers:write (a viewer, billing) sees only what reads.
  const canWrite = useCan('containers:write');
  const action = useContainerAction();
  const remove = useDeleteContainer();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const deleted = useRef(false);

  const pending = action.isPending || remove.isPending;
  const lifecycleLocked = pending || LIFECYCLE_LOCKED.has(container.status);
  const { id, name } = container;
  const sshCommand = sshCommandOf(container);

  const succeeded = (verb: Action) => notify.success(t(`actions.done.${verb}`));
  const failed = (verb: Action, error: unknown) => notify.error(failureMessage(t(`actions.failed.${verb}`), error));

  // mutateAsync, not mutate's callbacks: those are dropped when the row unmounts first (the list
  // refetch removes a deleted container, or a stopped one under a 'running' filter), and the
  // user would never hear how their action ended.
  const run = (body: ContainerActionBody) => {
    action.mutateAsync({ id, ...body }).then(
      () => succeeded(body.action),
      (error: unknown) => failed(body.action, error),
    );
  };

  /** A dialog's action: closes it when done; a failure goes back to the form, to place or say. */
  const submit = async (body: ContainerActionBody): Promise<unknown> => {
    try {
      await action.mutateAsync({ id, ...body });
    } catch (error) {
      return error;
    }
    succeeded(body.action);
    setDialog(null);
    return null;
  };

  const confirmDelete = () => {
    remove.mutateAsync(id).then(
      () => {
        notify.success(t('actions.deleted'));
        deleted.current = true;
        setDialog(null);
      },
      (error: unknown) => {
        notify.error(failureMessage(t('actions.deleteFailed'), error));
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
            aria-label={t('actions.menu', { name })}
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
          {canWrite && (
            <>
              {container.status === 'stopped' ? (
                <DropdownMenuItem disabled={lifecycleLocked} onSelect={() => run({ action: 'start' })}>
                  <PlayIcon aria-hidden="true" />
                  {t('actions.start')}
                </DropdownMenuItem>
              ) : (
                <DropdownMenuItem disabled={lifecycleLocked} onSelect={() => run({ action: 'stop' })}>
                  <SquareIcon aria-hidden="true" />
                  {t('actions.stop')}
                </DropdownMenuItem>
              )}
              <DropdownMenuItem disabled={lifecycleLocked} onSelect={() => run({ action: 'restart' })}>
                <RotateCwIcon aria-hidden="true" />
                {t('actions.restart')}
              </DropdownMenuItem>
              <DropdownMenuItem disabled={lifecycleLocked} onSelect={() => setDialog('snapshot')}>
                <CameraIcon aria-hidden="true" />
                {t('actions.snapshot')}
              </DropdownMenuItem>
              <DropdownMenuItem disabled={lifecycleLocked} onSelect={() => setDialog('scale')}>
                <ScalingIcon aria-hidden="true" />
                {t('actions.scale')}
              </DropdownMenuItem>
              <DropdownMenuSeparator />
            </>
          )}
          {/* No command to copy while the address is pending: it would name the portal's own host. */}
          <DropdownMenuItem
            disabled={sshCommand === null}
            onSelect={() => sshCommand && void copySshCommand(sshCommand)}
          >
            <CopyIcon aria-hidden="true" />
            {t('actions.copySsh')}
          </DropdownMenuItem>
          <DropdownMenuItem
            onSelect={() => window.open(paths.containers.logs.getHref(id), '_blank', 'noopener,noreferrer')}
          >
            <ScrollTextIcon aria-hidden="true" />
            {t('actions.openLogs')}
          </DropdownMenuItem>
          {onViewMetrics && (
            <DropdownMenuItem onSelect={() => onViewMetrics(id)}>
              <GaugeIcon aria-hidden="true" />
              {t('actions.viewMetrics')}
            </DropdownMenuItem>
          )}
          {canWrite && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem variant="destructive" disabled={lifecycleLocked} onSelect={() => setDialog('delete')}>
                <Trash2Icon aria-hidden="true" />
                {t('actions.delete')}
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>

      <Dialog open={dialog === 'snapshot'} onOpenChange={(open) => setDialog(open ? 'snapshot' : null)}>
        <DialogContent onCloseAutoFocus={returnFocus}>
          {dialog === 'snapshot' && (
            <SnapshotForm
              containerName={name}
              pending={action.isPending}
              onCancel={() => setDialog(null)}
              onSubmit={(snapshotName) => submit({ action: 'snapshot', parameters: { name: snapshotName } })}
              onFailure={(error) => failed('snapshot', error)}
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
              onSubmit={(tier) => submit({ action: 'scale', parameters: { tier } })}
              onFailure={(error) => failed('scale', error)}
            />
          )}
        </DialogContent>
      </Dialog>

      <ConfirmDeleteDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => {
          if (!remove.isPending) setDialog(open ? 'delete' : null);
        }}
        onCloseAutoFocus={returnFocus}
        title={t('actions.deleteTitle', { name })}
        text={t('actions.deleteText')}
        confirmLabel={t('actions.delete')}
        cancelLabel={t('actions.cancel')}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
