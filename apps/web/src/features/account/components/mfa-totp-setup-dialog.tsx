import type { TotpSetup } from '@nuvem/contracts/mfa';
import { CheckIcon, CopyIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LoadError, LoadingText } from '@/components/load-state';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/sonner';
import { notify } from '@/lib/notify';
import { useConfirmTotp, useStartTotpSetup } from '../api/mfa-totp';
import { mfaErrorMessage } from '../lib/mfa-error';
import { FailureNote } from './account-email-parts';
import { MfaFormFooter, MfaProofForm, type MfaProof } from './mfa-confirm-dialog';
import { qrDrawing, type QrDrawing } from '../lib/mfa-qr';

/** The key as an app's "enter a setup key" screen shows it: groups of four. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

interface MfaTotpSetupDialogProps {
  /** What proves it is the owner before a new secret is made (see `proofFor`). */
  proof: 'password' | 'code' | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The app is on: the recovery codes when the account had none (else null). */
  onEnabled: (recoveryCodes: string[] | null) => void;
}

/**
 * Setting up an authenticator app: a new secret (QR code and key, shown once), then the first
 * code turns it on. Each opening starts afresh (the content unmounts when closed): a new secret
 * replaces one that was never confirmed.
 */
export function MfaTotpSetupDialog({ proof, open, onOpenChange, onEnabled }: MfaTotpSetupDialogProps) {
  const { t } = useTranslation('mfa');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('totp.setupTitle')}</DialogTitle>
          <DialogDescription>{t('totp.descriptionOff')}</DialogDescription>
        </DialogHeader>
        <TotpSetup
          proof={proof}
          onCancel={() => onOpenChange(false)}
          onEnabled={(codes) => {
            onOpenChange(false);
            onEnabled(codes);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function TotpSetup({
  proof,
  onCancel,
  onEnabled,
}: {
  proof: 'password' | 'code' | null;
  onCancel: () => void;
  onEnabled: (recoveryCodes: string[] | null) => void;
}) {
  const { t } = useTranslation('mfa');
  const { t: tCommon } = useTranslation();
  const start = useStartTotpSetup();
  const confirm = useConfirmTotp();
  const [setup, setSetup] = useState<(TotpSetup & { qr: QrDrawing }) | null>(null);
  const [copied, setCopied] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const secretLabelId = useId();
  const { register, handleSubmit, setFocus, formState } = useForm<{ code: string }>({
    defaultValues: { code: '' },
  });
  const { mutateAsync: startSetup } = start;

  // Nothing to prove (no password and no factor yet): the secret is made at once.
  useEffect(() => {
    if (proof !== null) return;
    let live = true;
    startSetup({})
      .then(async (reply) => {
        const qr = await qrDrawing(reply.uri);
        if (live) setSetup({ ...reply, qr });
      })
      .catch(() => {}); // shown from the mutation's state
    return () => {
      live = false;
    };
  }, [proof, attempt, startSetup]);

  /** After the password (or a code): the secret. A refusal stays in the proof form. */
  async function begin(identity: MfaProof) {
    const reply = await startSetup(identity);
    setSetup({ ...reply, qr: await qrDrawing(reply.uri) });
  }

  useEffect(() => {
    if (setup) setFocus('code');
  }, [setup, setFocus]);

  async function copySecret(secret: string) {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      toast.success(tCommon('actions.copied'), { description: t('totp.secretCopied') });
    } catch {
      notify.error(t('errors.failed'));
    }
  }

  const submit = handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      const reply = await confirm.mutateAsync(code.replace(/\s+/g, ''));
      notify.success(t('totp.enabled'));
      onEnabled(reply.recovery_codes);
    } catch (error) {
      setFailure(mfaErrorMessage(error));
      setFocus('code');
    }
  });

  if (!setup && proof !== null) {
    return (
      <MfaProofForm
        description={proof === 'password' ? t('confirm.proveWithPassword') : t('confirm.proveWithCode')}
        ask={proof}
        confirmLabel={t('confirm.continue')}
        onConfirm={begin}
        onDone={() => {}}
        onCancel={onCancel}
      />
    );
  }
  if (start.isError) {
    return (
      <LoadError
        layout="inline"
        message={t('totp.setupFailed')}
        retrying={start.isPending}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  }
  if (!setup) return <LoadingText>{t('totp.setupStarting')}</LoadingText>;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <p className="text-sm">{t('totp.scan')}</p>
      <svg
        role="img"
        aria-label={t('totp.qrLabel')}
        viewBox={`-4 -4 ${setup.qr.size + 8} ${setup.qr.size + 8}`}
        shapeRendering="crispEdges"
        className="mx-auto size-48 rounded-md bg-white sm:size-56"
      >
        <rect x={-4} y={-4} width={setup.qr.size + 8} height={setup.qr.size + 8} fill="#fff" />
        <path d={setup.qr.path} fill="#000" />
      </svg>
      <div className="grid gap-1.5">
        <p className="text-sm font-medium" id={secretLabelId}>
          {t('totp.secretLabel')}
        </p>
        <div className="flex items-center gap-2">
          <code
            aria-labelledby={secretLabelId}
            data-testid="totp-secret"
            className="min-w-0 flex-1 rounded-md border border-glass-border bg-glass px-3 py-2 font-mono text-sm break-all select-all"
          >
            {grouped(setup.secret)}
          </code>
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={t('totp.copySecret')}
            title={t('totp.copySecret')}
            onClick={() => void copySecret(setup.secret)}
          >
            {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
          </Button>
        </div>
      </div>
      {failure && <FailureNote>{failure}</FailureNote>}
      <FormField label={t('signIn.codeLabel')} hint={t('totp.confirmHint')}>
        {(control) => (
          <Input
            {...control}
            {...register('code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            className="font-mono tracking-widest"
          />
        )}
      </FormField>
      <MfaFormFooter busy={formState.isSubmitting} busyLabel={t('totp.confirming')} onCancel={onCancel}>
        {t('totp.confirm')}
      </MfaFormFooter>
    </form>
  );
}
