import { useState, type ReactNode } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
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
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { mfaErrorMessage } from '../lib/mfa-error';
import { FailureNote, SubmitButton } from './account-email-parts';

export interface MfaProof {
  password?: string;
  code?: string;
}

/** What proves it is the owner: the password, a code (TOTP or recovery), or both. */
export type MfaProofAsk = 'password' | 'code' | 'password-and-code';

/** What adding or removing a factor asks for: the password; else a code if there is a factor; else nothing. */
export function proofFor(account: { has_password: boolean; enabled: boolean }): 'password' | 'code' | null {
  return account.has_password ? 'password' : account.enabled ? 'code' : null;
}

interface MfaConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  ask: MfaProofAsk;
  destructive?: boolean;
  /** Resolves when done (the dialog closes); a rejection is shown in the dialog. */
  onConfirm: (proof: MfaProof) => Promise<void>;
}

/**
 * Asks who is there before a change to the second factor: the password, a code (TOTP or
 * recovery), or both. The form lives inside the dialog's content, so each opening starts empty.
 */
export function MfaConfirmDialog({ open, onOpenChange, ...form }: MfaConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <MfaProofForm {...form} onDone={() => onOpenChange(false)} onCancel={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

/** The proof form itself (also the first step of setting up an authenticator app). */
export function MfaProofForm({
  title,
  description,
  confirmLabel,
  ask,
  destructive = false,
  onConfirm,
  onDone,
  onCancel,
}: Omit<MfaConfirmDialogProps, 'open' | 'onOpenChange' | 'title' | 'description'> & {
  title?: ReactNode;
  description?: ReactNode;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('mfa');
  const { register, handleSubmit, formState } = useForm<{ password: string; code: string }>({
    defaultValues: { password: '', code: '' },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const showPassword = ask !== 'code';
  const showCode = ask !== 'password';

  const submit = handleSubmit(async ({ password, code }) => {
    setFailure(null);
    const proof: MfaProof = {};
    if (showPassword && password !== '') proof.password = password;
    if (showCode) proof.code = code.trim();
    try {
      await onConfirm(proof);
      onDone();
    } catch (error) {
      setFailure(mfaErrorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      {title !== undefined ? (
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
      ) : (
        description !== undefined && <p className="text-sm">{description}</p>
      )}
      {failure && <FailureNote>{failure}</FailureNote>}
      {showPassword && <MfaPasswordField input={register('password')} />}
      {showCode && <MfaCodeField input={register('code')} hint={t('confirm.codeHint')} />}
      <MfaFormFooter
        busy={formState.isSubmitting}
        busyLabel={t('confirm.working')}
        destructive={destructive}
        onCancel={onCancel}
      >
        {confirmLabel}
      </MfaFormFooter>
    </form>
  );
}

/** The account's password, to prove it is the owner. */
export function MfaPasswordField({ input, hint }: { input: UseFormRegisterReturn; hint?: string }) {
  const { t } = useTranslation('mfa');
  return (
    <FormField label={t('confirm.password')} hint={hint}>
      {(control) => <Input {...control} {...input} type="password" autoComplete="current-password" />}
    </FormField>
  );
}

/** A code from the authenticator app or a recovery code, to prove it is the owner. */
export function MfaCodeField({ input, hint }: { input: UseFormRegisterReturn; hint: string }) {
  const { t } = useTranslation('mfa');
  return (
    <FormField label={t('confirm.code')} hint={hint}>
      {(control) => (
        <Input {...control} {...input} autoComplete="one-time-code" spellCheck={false} className="font-mono" />
      )}
    </FormField>
  );
}

/** A second-factor form's buttons: cancel, and submit (busy while the form is sent). */
export function MfaFormFooter({
  busy,
  busyLabel,
  destructive = false,
  onCancel,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  destructive?: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('mfa');
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        {t('confirm.cancel')}
      </Button>
      <SubmitButton busy={busy} busyLabel={busyLabel} variant={destructive ? 'destructive' : 'default'}>
        {children}
      </SubmitButton>
    </DialogFooter>
  );
}
