import { ShieldCheckIcon, SmartphoneIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, LoadingSkeletons } from '@/components/load-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { notify } from '@/lib/notify';
import { useRegenerateRecoveryCodes } from '../api/mfa-recovery-codes';
import { useMfaStatus } from '../api/mfa-status';
import { useDisableTotp } from '../api/mfa-totp';
import { MfaConfirmDialog, proofFor } from './mfa-confirm-dialog';
import { MfaPasskeys } from './mfa-passkeys';
import { MfaRecoveryCodesDialog } from './mfa-recovery-codes';
import { MfaTotpSetupDialog } from './mfa-totp-setup-dialog';
import { SectionPart } from './section-part';

/**
 * '/account', two-step verification: the authenticator app (set up with a QR code, turned off with
 * the password and a code), the recovery codes (how many are left; new ones for a code), and
 * passkeys. Codes the server returns are shown once, in a dialog that only closes on purpose.
 */
export function MfaSection() {
  const { t } = useTranslation('mfa');
  const headingId = useId();
  const status = useMfaStatus();
  const disable = useDisableTotp();
  const regenerate = useRegenerateRecoveryCodes();
  const [settingUp, setSettingUp] = useState(false);
  const [turningOff, setTurningOff] = useState(false);
  const [renewing, setRenewing] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  let body: ReactNode;
  if (status.isPending) {
    body = <LoadingSkeletons label={t('section.loading')} blocks={['h-16 w-full', 'h-16 w-full', 'h-16 w-full']} />;
  } else if (status.isError) {
    body = (
      <LoadError
        layout="inline"
        message={t('section.loadFailed')}
        retrying={status.isFetching}
        onRetry={() => void status.refetch()}
      />
    );
  } else {
    const { totp, recovery_codes: recovery, passkeys, enabled } = status.data;
    const proof = proofFor(status.data);
    body = (
      <div className="grid gap-5">
        <SectionPart
          title={t('totp.title')}
          description={totp.enabled ? t('totp.descriptionOn') : t('totp.descriptionOff')}
        >
          <div className="flex flex-wrap items-center gap-3">
            {totp.enabled ? (
              <>
                <Badge variant="success">
                  <SmartphoneIcon aria-hidden="true" className="size-3" />
                  {t('section.on')}
                </Badge>
                <Button variant="outline" size="sm" onClick={() => setTurningOff(true)}>
                  {t('totp.turnOff')}
                </Button>
              </>
            ) : (
              <Button onClick={() => setSettingUp(true)}>{t('totp.setUp')}</Button>
            )}
          </div>
        </SectionPart>
        <SectionPart title={t('passkeys.title')} description={t('passkeys.description')}>
          <MfaPasskeys passkeys={passkeys} proof={proof} onRecoveryCodes={setCodes} />
        </SectionPart>
        {enabled && (
          <SectionPart title={t('recovery.title')} description={t('recovery.description')}>
            <div className="flex flex-wrap items-center gap-3">
              <p className={recovery.remaining === 0 ? 'text-sm text-warning' : 'text-sm'}>
                {recovery.remaining === 0 ? t('recovery.none') : t('recovery.remaining', { count: recovery.remaining })}
              </p>
              <Button variant="outline" size="sm" onClick={() => setRenewing(true)}>
                {t('recovery.regenerate')}
              </Button>
            </div>
          </SectionPart>
        )}
      </div>
    );
  }

  const enabled = status.data?.enabled;
  const hasPassword = status.data?.has_password ?? true;
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <h2 id={headingId} className="text-lg">
            {t('section.title')}
          </h2>
          {enabled !== undefined && (
            <Badge variant={enabled ? 'success' : 'secondary'}>
              {enabled && <ShieldCheckIcon aria-hidden="true" className="size-3" />}
              {enabled ? t('section.on') : t('section.off')}
            </Badge>
          )}
        </CardTitle>
        <CardDescription>{t('section.description')}</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>

      <MfaTotpSetupDialog
        proof={status.data ? proofFor(status.data) : 'password'}
        open={settingUp}
        onOpenChange={setSettingUp}
        onEnabled={(recoveryCodes) => setCodes(recoveryCodes)}
      />
      <MfaConfirmDialog
        open={turningOff}
        onOpenChange={setTurningOff}
        title={t('totp.turnOffTitle')}
        description={t('totp.turnOffDescription')}
        confirmLabel={t('totp.turnOffConfirm')}
        ask={hasPassword ? 'password-and-code' : 'code'}
        destructive
        onConfirm={async (proof) => {
          await disable.mutateAsync({ password: proof.password, code: proof.code ?? '' });
          notify.success(t('totp.turnedOff'));
        }}
      />
      <MfaConfirmDialog
        open={renewing}
        onOpenChange={setRenewing}
        title={t('recovery.regenerateTitle')}
        description={t('recovery.regenerateDescription')}
        confirmLabel={t('recovery.regenerateConfirm')}
        ask="code"
        onConfirm={async (proof) => setCodes(await regenerate.mutateAsync(proof.code ?? ''))}
      />
      <MfaRecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
    </Card>
  );
}
