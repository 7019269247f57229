import type { AccountSession } from '@nuvem/contracts/account';
import { Loader2Icon, LogOutIcon, MonitorIcon, ShieldCheckIcon, SmartphoneIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-footer';
import { LoadError, LoadingSkeletons } from '@/components/load-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useFormat } from '@/lib/format';
import { errorMessage, notify } from '@/lib/notify';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/get-sessions';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import { deviceWords, isMobileSystem } from '../lib/session-device';

/** The device's name in the language in use: "Chrome on Linux", "Unknown device". */
function useDeviceName(): (session: AccountSession) => string {
  const { t } = useTranslation('account');
  return (session) => {
    const words = deviceWords(session);
    switch (words.key) {
      case 'device':
        return t('sessions.device', words.values);
      case 'browserOnSystem':
        return t('sessions.browserOnSystem', words.values);
      case 'named':
        return words.values.name;
      default:
        return t('sessions.unknownDevice');
    }
  };
}

function SessionRow({
  session,
  onSignOut,
  pending,
}: {
  session: AccountSession;
  onSignOut: (session: AccountSession) => void;
  pending: boolean;
}) {
  const { t } = useTranslation('account');
  const format = useFormat();
  const deviceName = useDeviceName();
  const name = deviceName(session);
  const Icon = isMobileSystem(session.os) ? SmartphoneIcon : MonitorIcon;
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center">
      <Icon aria-hidden="true" className="hidden size-6 shrink-0 text-muted-foreground sm:block" />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="break-words">{name}</span>
          {session.current && <Badge variant="success">{t('sessions.thisDevice')}</Badge>}
          {session.mfa_passed && (
            <Badge variant="outline">
              <ShieldCheckIcon aria-hidden="true" className="size-3" />
              {t('sessions.mfaPassed')}
            </Badge>
          )}
        </p>
        <p className="text-sm text-muted-foreground">
          {session.ip ? t('sessions.address', { ip: session.ip }) : t('sessions.unknownAddress')}
          {' · '}
          <time dateTime={session.last_seen_at} title={format.dateTime(session.last_seen_at)}>
            {t('sessions.lastSeen', { when: format.relative(session.last_seen_at) })}
          </time>
          {' · '}
          <time dateTime={session.created_at}>{t('sessions.signedIn', { date: format.date(session.created_at) })}</time>
        </p>
      </div>
      {!session.current && (
        <Button
          variant="outline"
          size="sm"
          className="self-start sm:self-center"
          aria-label={t('sessions.signOutNamed', { device: name })}
          disabled={pending}
          aria-busy={pending || undefined}
          onClick={() => onSignOut(session)}
        >
          {pending ? (
            <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
          ) : (
            <LogOutIcon aria-hidden="true" />
          )}
          {t('sessions.signOut')}
        </Button>
      )}
    </li>
  );
}

/**
 * '/account', sessions: every browser and device signed in to the account (device, address, last
 * seen, this one marked), with a sign-out for each of the others and one for all of them at once.
 */
export function SessionsSection() {
  const { t } = useTranslation('account');
  const headingId = useId();
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useRevokeOtherSessions();
  const deviceName = useDeviceName();
  const [confirmOthers, setConfirmOthers] = useState(false);

  const signOut = (session: AccountSession) => {
    const device = deviceName(session);
    endOne.mutate(session.id, {
      onSuccess: () => notify.success(t('sessions.signedOut', { device })),
      onError: (error) => notify.error(t('sessions.signOutFailed', { device, reason: errorMessage(error, '') })),
    });
  };

  const signOutOthers = () => {
    endOthers.mutate(undefined, {
      onSuccess: (reply) => {
        setConfirmOthers(false);
        notify.success(t('sessions.othersDone', { count: reply.ended }));
      },
      onError: (error) => {
        setConfirmOthers(false);
        notify.error(t('sessions.othersFailed', { reason: errorMessage(error, '') }));
      },
    });
  };

  let body: ReactNode;
  if (sessions.isPending) {
    body = <LoadingSkeletons label={t('sessions.loading')} blocks={['h-14 w-full', 'h-14 w-full']} />;
  } else if (sessions.isError) {
    body = (
      <LoadError
        layout="inline"
        message={t('sessions.loadFailed')}
        retrying={sessions.isFetching}
        onRetry={() => void sessions.refetch()}
      />
    );
  } else {
    // This device first, then the others as the server sends them (the most recently seen first).
    const listed = [...sessions.data].sort((a, b) => Number(b.current) - Number(a.current));
    const others = listed.filter((session) => !session.current);
    body = (
      <div className="grid gap-4">
        <ul aria-label={t('sessions.listLabel')} className="divide-y divide-glass-border">
          {listed.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              onSignOut={signOut}
              pending={endOne.isPending && endOne.variables === session.id}
            />
          ))}
        </ul>
        {others.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('sessions.onlyThis')}</p>
        ) : (
          <div>
            <Button variant="outline" onClick={() => setConfirmOthers(true)}>
              <LogOutIcon aria-hidden="true" />
              {t('sessions.signOutOthers')}
            </Button>
          </div>
        )}
      </div>
    );
  }

  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <CardTitle>
          <h2 id={headingId} className="text-xl font-semibold">
            {t('sessions.title')}
          </h2>
        </CardTitle>
        <CardDescription>{t('sessions.description')}</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
      <ConfirmDeleteDialog
        open={confirmOthers}
        onOpenChange={(open) => {
          if (!endOthers.isPending) setConfirmOthers(open);
        }}
        title={t('sessions.othersConfirmTitle')}
        text={t('sessions.othersConfirmText')}
        confirmLabel={t('sessions.othersConfirm')}
        pending={endOthers.isPending}
        onConfirm={signOutOthers}
      />
    </Card>
  );
}
