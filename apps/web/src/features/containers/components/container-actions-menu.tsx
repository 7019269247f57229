import {
  scaleParametersSchema,
  SNAPSHOT_NAME_MAX_LENGTH,
  snapshotNameSchema,
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
import { useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
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
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/sonner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { applyServerErrors, useContractForm, type FieldMessages } from '@/lib/forms';
import { i18n } from '@/lib/i18n';
import { failureMessage, notify } from '@/lib/notify';
import { useDeleteContainer } from '../api/delete-container';
import { useTierOptions } from '../api/get-container-catalogue';
import { useContainerAction } from '../api/run-container-action';
import { useTierText } from './use-tier-text';

/** Copies a container's SSH command and says so (spec 8); a refused clipboard says that instead. */
export async function copySshCommand(command: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(command);
    toast.success(i18n.t('containers:actions.copied'), { description: i18n.t('containers:actions.copiedDescription') });
  } catch {
    notify.error(i18n.t('containers:actions.copyRefused'));
  }
}

function twoDigits(n: number): string {
  return String(n).padStart(2, '0');
}

/** 'snap-YYYYMMDD-HHMM' in local time: the name a snapshot gets when none is typed. */
export function defaultSnapshotName(at: Date): string {
  const date = `${at.getFullYear()}${twoDigits(at.getMonth() + 1)}${twoDigits(at.getDate())}`;
  return `snap-${date}-${twoDigits(at.getHours())}${twoDigits(at.getMinutes())}`;
}

/**
 * A failed request's per-field details under the form's own field name (the action's body nests
 * them: 'body.parameters.tier' is the form's 'tier').
 */
function underField(error: unknown, path: string, field: string): unknown {
  if (!(error instanceof ApiError) || !error.details) return error;
  const details = error.details.map((detail) => (detail.path === path ? { ...detail, path: `body.${field}` } : detail));
  return new ApiError(error.status, error.message, error.code, details);
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
  const { t } = useTranslation('containers');
  const action = useContainerAction();
  const remove = useDeleteContainer();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const deleted = useRef(false);

  const pending = action.isPending || remove.isPending;
  const lifecycleLocked = pending || LIFECYCLE_LOCKED.has(container.status);
  const { id, name } = container;

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
          <DropdownMenuItem onSelect={() => void copySshCommand(container.ssh_command)}>
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
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" disabled={lifecycleLocked} onSelect={() => setDialog('delete')}>
            <Trash2Icon aria-hidden="true" />
            {t('actions.delete')}
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

      <AlertDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => {
          if (!remove.isPending) setDialog(open ? 'delete' : null);
        }}
      >
        <AlertDialogContent onCloseAutoFocus={returnFocus}>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('actions.deleteTitle', { name })}</AlertDialogTitle>
            <AlertDialogDescription>{t('actions.deleteText')}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>{t('actions.cancel')}</AlertDialogCancel>
            <Button variant="destructive" disabled={remove.isPending} onClick={confirmDelete}>
              {remove.isPending && (
                <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
              )}
              {t('actions.delete')}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

/**
 * A snapshot's name: empty (the server's default, shown as the placeholder) or the contract's
 * snapshot name, whose length limit is said as such.
 */
const snapshotFormSchema = z.object({
  name: z
    .string()
    .trim()
    .superRefine((name, ctx) => {
      if (name === '') return;
      if (name.length > SNAPSHOT_NAME_MAX_LENGTH) {
        ctx.addIssue({
          code: 'too_big',
          origin: 'string',
          maximum: SNAPSHOT_NAME_MAX_LENGTH,
          inclusive: true,
          input: name,
        });
        return;
      }
      if (!snapshotNameSchema.safeParse(name).success)
        ctx.addIssue({ code: 'invalid_format', format: 'regex', input: name });
    }),
});

function SnapshotForm({
  containerName,
  pending,
  onCancel,
  onSubmit,
  onFailure,
}: {
  containerName: string;
  pending: boolean;
  onCancel: () => void;
  /** Resolves to the failure, or null when the snapshot was taken. */
  onSubmit: (name: string) => Promise<unknown>;
  onFailure: (error: unknown) => void;
}) {
  const { t } = useTranslation('containers');
  // The name used when the field is left empty, fixed when the dialog opens.
  const [placeholder] = useState(() => defaultSnapshotName(new Date()));
  const fieldMessages: FieldMessages = (_field, issue) =>
    issue.code === 'invalid_format' ? t('snapshot.pattern') : undefined;
  const form = useContractForm(snapshotFormSchema, { mode: 'onChange', defaultValues: { name: '' }, fieldMessages });
  const error = form.formState.errors.name?.message;

  const submit = form.handleSubmit(async ({ name }) => {
    if (pending) return;
    const failure = await onSubmit(name || placeholder);
    if (failure === null) return;
    const placed = applyServerErrors(underField(failure, 'body.parameters.name', 'name'), form.setError, i18n.t, {
      fields: ['name'],
      fieldMessages,
    });
    if (!placed) onFailure(failure);
  });

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>{t('snapshot.title')}</DialogTitle>
        <DialogDescription>{t('snapshot.description', { name: containerName })}</DialogDescription>
      </DialogHeader>
      <FormField
        label={t('snapshot.label')}
        hint={t('snapshot.hint', { max: SNAPSHOT_NAME_MAX_LENGTH, placeholder })}
        error={error}
      >
        {(control) => <Input {...control} {...form.register('name')} placeholder={placeholder} autoComplete="off" />}
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" disabled={Boolean(error) || pending}>
          {pending && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
          {t('snapshot.submit')}
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
  onFailure,
}: {
  container: Container;
  pending: boolean;
  onCancel: () => void;
  /** Resolves to the failure, or null when the container was scaled. */
  onSubmit: (tier: ContainerTier) => Promise<unknown>;
  onFailure: (error: unknown) => void;
}) {
  const { t } = useTranslation('containers');
  const tiers = useTierOptions();
  const text = useTierText();
  const form = useContractForm(scaleParametersSchema, { mode: 'onChange', defaultValues: { tier: container.tier } });
  const tier = form.watch('tier');
  // Spec 5: scaling needs a tier other than the current one.
  const unchanged = tier === container.tier;
  const error = form.formState.errors.tier?.message;

  const submit = form.handleSubmit(async (values) => {
    if (unchanged || pending) return;
    const failure = await onSubmit(values.tier);
    if (failure === null) return;
    // The quota or the tier itself refused: said beside the choice, so another can be made.
    if (failure instanceof ApiError && failure.status === 409 && failure.code === 'SAME_TIER') {
      form.setError('tier', { type: 'server', message: t('scale.sameTier') });
    } else if (failure instanceof ApiError && failure.status === 409 && failure.code === 'LIMIT_REACHED') {
      form.setError('tier', { type: 'server', message: failure.message });
    } else if (
      !applyServerErrors(underField(failure, 'body.parameters.tier', 'tier'), form.setError, i18n.t, {
        fields: ['tier'],
      })
    ) {
      onFailure(failure);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>{t('scale.title')}</DialogTitle>
        <DialogDescription>
          {t('scale.description', { name: container.name, tier: text.name(container.tier) })}
        </DialogDescription>
      </DialogHeader>
      <FormField label={t('scale.label')} hint={unchanged ? t('scale.sameTier') : t('scale.restartNote')} error={error}>
        {(control) => (
          <Controller
            control={form.control}
            name="tier"
            render={({ field }) => (
              <Select
                value={field.value}
                onValueChange={(value) => {
                  const chosen = tierNames.find((name) => name === value);
                  if (chosen) field.onChange(chosen);
                }}
              >
                <SelectTrigger {...control} ref={field.ref} className="h-auto min-h-9 whitespace-normal">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {tiers.map((option) => (
                    <SelectItem key={option.id} value={option.id}>
                      {text.option(option, option.id === container.tier)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        )}
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" disabled={unchanged || pending}>
          {pending && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
          {t('scale.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
