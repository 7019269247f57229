import { PASSKEY_NAME_MAX_LENGTH, type Passkey } from '@nuvem/contracts/mfa';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { KeyRoundIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useFormat } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useAddPasskey, useDeletePasskey, useRenamePasskey } from '../api/mfa-passkeys';
import { mfaErrorMessage } from '../lib/mfa-error';
import { FailureNote } from './account-email-parts';
import { MfaCodeField, MfaConfirmDialog, MfaFormFooter, MfaPasswordField, type MfaProof } from './mfa-confirm-dialog';

interface PasskeyNameDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  initialName: string;
  submitLabel: string;
  busyLabel: string;
  /** Ask for the password or a code too (adding a passkey), or not (renaming). */
  proof?: 'password' | 'code' | null;
  /** Resolves when done (the dialog closes); a rejection is shown in the dialog. */
  onSubmit: (name: string, proof: MfaProof) => Promise<void>;
}

/** The name of a passkey, for adding or renaming (the form lives in the content: each opening starts afresh). */
function PasskeyNameDialog({ open, onOpenChange, ...form }: PasskeyNameDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <PasskeyNameForm {...form} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function PasskeyNameForm({
  title,
  description,
  initialName,
  submitLabel,
  busyLabel,
  proof = null,
  onSubmit,
  onDone,
}: Omit<PasskeyNameDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const { t } = useTranslation('mfa');
  const { register, handleSubmit, formState } = useForm<{ name: string; password: string; code: string }>({
    defaultValues: { name: initialName, password: '', code: '' },
  });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = handleSubmit(async ({ name, password, code }) => {
    setFailure(null);
    try {
      await onSubmit(
        name.trim() || initialName,
        proof === 'password' ? { password } : proof === 'code' ? { code: code.trim() } : {},
      );
      onDone();
    } catch (error) {
      setFailure(mfaErrorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        {description && <DialogDescription>{description}</DialogDescription>}
      </DialogHeader>
      {failure && <FailureNote>{failure}</FailureNote>}
      <FormField label={t('passkeys.name')}>
        {(control) => (
          <Input {...control} {...register('name')} maxLength={PASSKEY_NAME_MAX_LENGTH} autoComplete="off" />
        )}
      </FormField>
      {proof === 'password' && <MfaPasswordField input={register('password')} hint={t('confirm.proveWithPassword')} />}
      {proof === 'code' && <MfaCodeField input={register('code')} hint={t('confirm.proveWithCode')} />}
      <MfaFormFooter busy={formState.isSubmitting} busyLabel={busyLabel} onCancel={onDone}>
        {submitLabel}
      </MfaFormFooter>
    </form>
  );
}

/** One passkey: its name, when it was added and last used, and its actions. */
function PasskeyRow({ passkey, proof }: { passkey: Passkey; proof: 'password' | 'code' }) {
  const { t } = useTranslation('mfa');
  const f = useFormat();
  const rename = useRenamePasskey();
  const remove = useDeletePasskey();
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState(false);

  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <KeyRoundIcon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium break-words">
          {passkey.name}
          {passkey.backed_up && <Badge variant="secondary">{t('passkeys.synced')}</Badge>}
        </p>
        <p className="text-sm text-muted-foreground">
          {t('passkeys.created', { date: f.date(passkey.created_at) })} ·{' '}
          {passkey.last_used_at
            ? t('passkeys.lastUsed', { date: f.date(passkey.last_used_at) })
            : t('passkeys.neverUsed')}
        </p>
      </div>
      <div className="flex gap-2" role="group" aria-label={t('passkeys.actionsFor', { name: passkey.name })}>
        <Button variant="outline" size="sm" onClick={() => setRenaming(true)}>
          <PencilIcon aria-hidden="true" />
          {t('passkeys.rename')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setRemoving(true)}>
          <Trash2Icon aria-hidden="true" />
          {t('passkeys.remove')}
        </Button>
      </div>
      <PasskeyNameDialog
        open={renaming}
        onOpenChange={setRenaming}
        title={t('passkeys.renameTitle')}
        initialName={passkey.name}
        submitLabel={t('passkeys.save')}
        busyLabel={t('confirm.working')}
        onSubmit={async (name) => {
          await rename.mutateAsync({ id: passkey.id, name });
          notify.success(t('passkeys.renamed'));
        }}
      />
      <MfaConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        title={t('passkeys.removeTitle', { name: passkey.name })}
        description={t('passkeys.removeDescription')}
        confirmLabel={t('passkeys.removeConfirm')}
        ask={proof}
        destructive
        onConfirm={async (proof) => {
          await remove.mutateAsync({ id: passkey.id, ...proof });
          notify.success(t('passkeys.removed'));
        }}
      />
    </li>
  );
}

/** The account's passkeys: the list, and adding one (the browser's own prompt does the rest). */
export function MfaPasskeys({
  passkeys,
  proof,
  onRecoveryCodes,
}: {
  passkeys: readonly Passkey[];
  /** What proves it is the owner (see `proofFor`). */
  proof: 'password' | 'code' | null;
  /** Recovery codes that came with the account's first second factor. */
  onRecoveryCodes: (codes: string[]) => void;
}) {
  const { t } = useTranslation('mfa');
  const add = useAddPasskey();
  const [adding, setAdding] = useState(false);
  const supported = browserSupportsWebAuthn();

  return (
    <div className="grid gap-3">
      {passkeys.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('passkeys.empty')}</p>
      ) : (
        <ul aria-label={t('passkeys.listLabel')} className="divide-y divide-glass-border">
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} proof={proof ?? 'code'} />
          ))}
        </ul>
      )}
      {supported ? (
        <Button variant="outline" className="justify-self-start" onClick={() => setAdding(true)}>
          <PlusIcon aria-hidden="true" />
          {t('passkeys.add')}
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">{t('passkeys.unsupported')}</p>
      )}
      <PasskeyNameDialog
        open={adding}
        onOpenChange={setAdding}
        title={t('passkeys.addTitle')}
        description={t('passkeys.addDescription')}
        initialName={t('passkeys.defaultName')}
        submitLabel={t('passkeys.create')}
        busyLabel={t('passkeys.creating')}
        proof={proof}
        onSubmit={async (name, identity) => {
          const added = await add.mutateAsync({ name, ...identity });
          notify.success(t('passkeys.added'));
          if (added.recovery_codes) onRecoveryCodes(added.recovery_codes);
        }}
      />
    </div>
  );
}
