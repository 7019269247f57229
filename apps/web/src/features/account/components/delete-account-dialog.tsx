import { deleteAccountBodySchema } from '@nuvem/contracts/account';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useFormat, type Format } from '@/lib/format';
import { useContractForm } from '@/lib/forms';
import { useDeleteAccount } from '../api/delete-account';
import { accountFailure, failureField, type AccountFailure } from '../lib/account-errors';
import { reportIfSessionEnded } from '../lib/account-email-errors';
import { FailureNote, SubmitButton } from './account-email-parts';

const empty = { password: undefined, code: undefined, confirm: '' };

/** A failure in words (a wait counted from now), for the moment it happened. */
function failureWords(t: TFunction<'account'>, format: Format, failure: AccountFailure): string {
  switch (failure.key) {
    case 'rateLimited':
      return t('errors.rateLimited', { when: format.relative(Date.now() + failure.seconds * 1000) });
    case 'failed':
      return t('errors.failed', { reason: failure.reason });
    default:
      return t(`errors.${failure.key}`);
  }
}
const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);

/**
 * Deleting the account: the address typed out, the password (none for an account that only signs
 * in socially) and, with a second factor, a code. The dialog stays until the server has answered.
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
  email,
  askCode,
  onDeleted,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
  /** The account has a second factor: the code field shows from the start. */
  askCode: boolean;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('account');
  const { t: tCommon } = useTranslation();
  const format = useFormat();
  const remove = useDeleteAccount();
  const [codeAsked, setCodeAsked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useContractForm(deleteAccountBodySchema, { defaultValues: empty });
  const { errors, isSubmitting } = form.formState;
  const showCode = askCode || codeAsked;

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    if (body.confirm.trim().toLowerCase() !== email.toLowerCase()) {
      form.setError(
        'confirm',
        { type: 'mismatch', message: t('data.delete.confirmMismatch', { email }) },
        {
          shouldFocus: true,
        },
      );
      return;
    }
    try {
      await remove.mutateAsync(body);
      onDeleted();
    } catch (error) {
      reportIfSessionEnded(error);
      const found = accountFailure(error);
      if (found.key === 'codeNeeded' || found.key === 'wrongCode') setCodeAsked(true);
      const field = failureField(found);
      // Worded now, not while rendering: a wait is relative to this moment.
      const message = failureWords(t, format, found);
      if (field) form.setError(field, { type: 'server', message }, { shouldFocus: true });
      else setFailure(message);
    }
  });

  const close = (next: boolean) => {
    if (isSubmitting) return;
    if (!next) {
      form.reset(empty);
      setFailure(null);
      setCodeAsked(false);
    }
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent showClose={!isSubmitting}>
        <DialogHeader>
          <DialogTitle>{t('data.delete.dialogTitle')}</DialogTitle>
          <DialogDescription>{t('data.delete.dialogText')}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          aria-label={t('data.delete.dialogTitle')}
          aria-busy={isSubmitting}
          onSubmit={(event) => void submit(event)}
          className="grid gap-4"
        >
          {failure && <FailureNote>{failure}</FailureNote>}
          <FormField label={t('data.delete.confirm', { email })} error={errors.confirm?.message} required>
            {(control) => (
              <Input
                {...control}
                {...form.register('confirm')}
                type="email"
                autoComplete="off"
                spellCheck={false}
                autoCapitalize="none"
              />
            )}
          </FormField>
          <FormField
            label={t('data.delete.password')}
            hint={t('data.delete.passwordHint')}
            error={errors.password?.message}
          >
            {(control) => (
              <Input
                {...control}
                {...form.register('password', { setValueAs: blankAsMissing })}
                type="password"
                autoComplete="current-password"
              />
            )}
          </FormField>
          {showCode && (
            <FormField label={t('data.delete.code')} error={errors.code?.message} required>
              {(control) => (
                <Input
                  {...control}
                  {...form.register('code', { setValueAs: blankAsMissing })}
                  inputMode="text"
                  autoComplete="one-time-code"
                  autoFocus={codeAsked}
                />
              )}
            </FormField>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={isSubmitting}>
                {tCommon('actions.cancel')}
              </Button>
            </DialogClose>
            <SubmitButton
              variant="destructive"
              busy={isSubmitting}
              busyLabel={t('data.delete.submitting')}
              aria-busy={isSubmitting || undefined}
            >
              {t('data.delete.submit')}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
