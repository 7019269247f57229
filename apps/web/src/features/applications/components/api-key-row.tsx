import { defaultRateLimits, REVOKE_REASON_MAX_LENGTH, type ApiKey } from '@nuvem/contracts/applications';
import { useQueryClient } from '@tanstack/react-query';
import { CopyIcon, Loader2Icon, RefreshCwIcon, Trash2Icon } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-footer';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/sonner';
import { useCan } from '@/lib/api-client';
import { useFormat } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { useRotateApiKey } from '../api/rotate-api-key';
import { apiKeyStatus, maskKeyPrefix } from '../lib/api-key-display';
import { notifyFailure } from '../lib/failure';
import { forgetIssuedKey, type IssuedApiKey } from './api-key-created-dialog';

export interface ApiKeyRowProps {
  applicationId: string;
  apiKey: ApiKey;
  /** The time statuses and relative times are measured against (when the list was fetched). */
  now: number;
  /** The replacement key of a rotation, shown once by the caller. */
  onRotated: (issued: IssuedApiKey) => void;
  /** The key was revoked: its row may disappear (revoked keys hidden), taking focus with it. */
  onRevoked?: () => void;
}

type Confirm = 'rotate' | 'revoke' | null;

/**
 * One key of the list (spec 2 and 4): masked prefix, scopes, tier, usage and last use. A revoked
 * key shows a 'Revoked' badge and loses copy, rotate and revoke; an expired one cannot be rotated
 * (the server refuses) but can still be revoked.
 */
export function ApiKeyRow({ applicationId, apiKey, now, onRotated, onRevoked }: ApiKeyRowProps) {
  const { t } = useTranslation(['applications', 'common']);
  const f = useFormat();
  // Rotating issues a new key (keys:issue); revoking is keys:revoke. A viewer sees neither.
  const canRotate = useCan('keys:issue');
  const canRevoke = useCan('keys:revoke');
  const nameId = useId();
  const reasonId = useId();
  const queryClient = useQueryClient();
  const rotate = useRotateApiKey();
  const revoke = useRevokeApiKey();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [reason, setReason] = useState('');
  // After a rotation focus belongs to the dialog showing the new key, not back on this row.
  const handedOver = useRef(false);
  const status = apiKeyStatus(apiKey, now);
  const pending = rotate.isPending || revoke.isPending;
  const { id: keyId, name } = apiKey;

  // mutateAsync, not mutate's callbacks: the row unmounts when the list refetches without the
  // key (revoked keys hidden), and the outcome must still be told.
  const confirmRotate = () => {
    rotate.mutateAsync({ applicationId, keyId }).then(
      (reply) => {
        const { message, apiKey: next } = reply;
        rotate.reset();
        forgetIssuedKey(queryClient, reply);
        handedOver.current = true;
        setConfirm(null);
        notify.success(message);
        onRotated({ name: next.name, key: next.key });
      },
      (error: unknown) => {
        setConfirm(null);
        notifyFailure(t('keyRow.rotateFailed'), error);
      },
    );
  };

  const confirmRevoke = () => {
    const trimmed = reason.trim();
    revoke.mutateAsync({ applicationId, keyId, ...(trimmed ? { reason: trimmed } : {}) }).then(
      ({ message }) => {
        setConfirm(null);
        notify.success(message);
        onRevoked?.();
      },
      (error: unknown) => {
        setConfirm(null);
        notifyFailure(t('keyRow.revokeFailed'), error);
      },
    );
  };

  const copyPrefix = () => {
    navigator.clipboard.writeText(apiKey.key_prefix).then(
      () => toast.success(t('common:actions.copied'), { description: t('keyRow.prefixCopied') }),
      () => notify.error(t('keyRow.prefixCopyFailed')),
    );
  };

  const openConfirm = (which: Confirm) => {
    setReason('');
    setConfirm(which);
  };

  return (
    <li
      aria-labelledby={nameId}
      className="glass flex flex-col gap-3 rounded-xl p-4 md:flex-row md:items-start md:justify-between"
    >
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={nameId} className="font-semibold break-all">
            {name}
          </h3>
          {status === 'revoked' && <Badge variant="destructive">{t('keyStatus.revoked')}</Badge>}
          {status === 'expired' && <Badge variant="warning">{t('keyStatus.expired')}</Badge>}
          {apiKey.scopes.map((scope) => (
            <Badge key={scope} variant="outline">
              {t(`generateKey.scope.${scope}`)}
            </Badge>
          ))}
          <Badge variant="secondary" title={t('keyRow.rateLimit')}>
            {t('keyRow.tier', {
              tier: t(`tiers.${apiKey.rate_limit_tier}`),
              limit: f.count(defaultRateLimits[apiKey.rate_limit_tier]),
            })}
          </Badge>
        </div>
        {apiKey.description && <p className="text-sm text-muted-foreground">{apiKey.description}</p>}
        <code className="w-fit rounded bg-glass-strong px-2 py-1 font-mono text-xs" title={t('keyRow.keyPrefix')}>
          {maskKeyPrefix(apiKey.key_prefix)}
        </code>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-xs sm:grid-cols-4">
          <Detail term={t('keyRow.usage')}>
            {t('keyRow.requests', { count: apiKey.usage_count, value: f.count(apiKey.usage_count) })}
          </Detail>
          <Detail term={t('keyRow.lastUsed')} title={apiKey.last_used_at ? f.dateTime(apiKey.last_used_at) : undefined}>
            {apiKey.last_used_at ? f.relative(apiKey.last_used_at, now) : t('keyRow.neverUsed')}
          </Detail>
          <Detail term={status === 'expired' ? t('keyRow.expiredOn') : t('keyRow.expires')}>
            {f.date(apiKey.expires_at)}
          </Detail>
          <Detail term={t('keyRow.created')}>{f.date(apiKey.created_at)}</Detail>
          {apiKey.revoked_at && <Detail term={t('keyRow.revokedOn')}>{f.date(apiKey.revoked_at)}</Detail>}
          {apiKey.revoked_at && apiKey.revoked_reason && (
            <Detail term={t('keyRow.reason')} className="col-span-2 sm:col-span-3">
              {apiKey.revoked_reason}
            </Detail>
          )}
        </dl>
      </div>

      {status !== 'revoked' && (
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button variant="outline" size="sm" aria-label={t('keyRow.copyPrefixOf', { name })} onClick={copyPrefix}>
            <CopyIcon aria-hidden="true" />
            {t('keyRow.copyPrefix')}
          </Button>
          {canRotate && status === 'active' && (
            <Button
              variant="outline"
              size="sm"
              aria-label={t('keyRow.rotateOf', { name })}
              disabled={pending}
              aria-busy={rotate.isPending || undefined}
              onClick={() => openConfirm('rotate')}
            >
              {rotate.isPending ? (
                <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
              ) : (
                <RefreshCwIcon aria-hidden="true" />
              )}
              {t('keyRow.rotate')}
            </Button>
          )}
          {canRevoke && (
            <Button
              variant="outline"
              size="sm"
              className="text-destructive"
              aria-label={t('keyRow.revokeOf', { name })}
              disabled={pending}
              aria-busy={revoke.isPending || undefined}
              onClick={() => openConfirm('revoke')}
            >
              {revoke.isPending ? (
                <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
              ) : (
                <Trash2Icon aria-hidden="true" />
              )}
              {t('keyRow.revoke')}
            </Button>
          )}
        </div>
      )}

      <ConfirmDeleteDialog
        open={confirm === 'rotate'}
        onOpenChange={(open) => {
          if (!rotate.isPending) setConfirm(open ? 'rotate' : null);
        }}
        onCloseAutoFocus={(event) => {
          if (handedOver.current) event.preventDefault();
          handedOver.current = false;
        }}
        title={t('keyRow.rotateTitle', { name })}
        text={t('keyRow.rotateConfirmation')}
        confirmLabel={t('keyRow.rotateKey')}
        confirmVariant="default"
        pending={rotate.isPending}
        onConfirm={confirmRotate}
      >
        <p className="text-sm text-muted-foreground">{t('keyRow.rotateNote')}</p>
      </ConfirmDeleteDialog>

      <ConfirmDeleteDialog
        open={confirm === 'revoke'}
        onOpenChange={(open) => {
          if (!revoke.isPending) setConfirm(open ? 'revoke' : null);
        }}
        title={t('keyRow.revokeTitle', { name })}
        text={t('keyRow.revokeConfirmation')}
        confirmLabel={t('keyRow.revokeKey')}
        pending={revoke.isPending}
        onConfirm={confirmRevoke}
      >
        <div className="grid gap-2">
          <Label htmlFor={reasonId}>{t('keyRow.reason')}</Label>
          <Input
            id={reasonId}
            value={reason}
            maxLength={REVOKE_REASON_MAX_LENGTH}
            autoComplete="off"
            placeholder={t('keyRow.reasonPlaceholder')}
            disabled={revoke.isPending}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
      </ConfirmDeleteDialog>
    </li>
  );
}

function Detail({
  term,
  title,
  className,
  children,
}: {
  term: string;
  title?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium tabular-nums" title={title}>
        {children}
      </dd>
    </div>
  );
}
