import type { ConnectionState } from '@nuvem/contracts/profiles';
import { CheckIcon, ClockIcon, UserCheckIcon, UserPlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '@/components/ui/button';
import { failureMessage, notify } from '@/lib/notify';
import { useAcceptConnection } from '../api/accept-connection';
import { useConnectUser } from '../api/connect-user';
import { useFollowUser } from '../api/follow-user';
import { useRemoveConnection } from '../api/remove-connection';
import { useUnfollowUser } from '../api/unfollow-user';
import { ConfirmDialog } from './confirm-dialog';

const connectLabels = {
  none: 'relation.connect',
  pending_outgoing: 'relation.pending',
  pending_incoming: 'relation.accept',
  connected: 'relation.connected',
} as const satisfies Record<ConnectionState, string>;

/**
 * Connect, as the relation stands: 'Connect' sends a request, 'Pending' offers to withdraw it,
 * 'Accept' accepts theirs, 'Connected' offers to remove the connection (both after confirming).
 */
export function ConnectButton({
  userId,
  connection,
  size,
}: {
  userId: string;
  connection: ConnectionState;
  size?: ButtonProps['size'];
}) {
  const { t } = useTranslation('profiles');
  const connect = useConnectUser();
  const accept = useAcceptConnection();
  const remove = useRemoveConnection();
  const [confirming, setConfirming] = useState(false);
  const busy = connect.isPending || accept.isPending || remove.isPending;
  const onError = (sentence: string) => (error: unknown) => notify.error(failureMessage(sentence, error));

  function click() {
    if (connection === 'none') connect.mutate(userId, { onError: onError(t('relation.connectFailed')) });
    else if (connection === 'pending_incoming') accept.mutate(userId, { onError: onError(t('relation.acceptFailed')) });
    else setConfirming(true);
  }

  const withdrawing = connection === 'pending_outgoing';
  const Icon =
    connection === 'connected'
      ? UserCheckIcon
      : connection === 'pending_outgoing'
        ? ClockIcon
        : connection === 'pending_incoming'
          ? CheckIcon
          : UserPlusIcon;

  return (
    <>
      <Button
        size={size}
        variant={connection === 'none' || connection === 'pending_incoming' ? 'default' : 'outline'}
        disabled={busy}
        onClick={click}
      >
        <Icon aria-hidden="true" />
        {t(connectLabels[connection])}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={withdrawing ? t('relation.withdrawTitle') : t('relation.disconnectTitle')}
        text={withdrawing ? t('relation.withdrawText') : t('relation.disconnectText')}
        confirmLabel={withdrawing ? t('relation.withdraw') : t('relation.disconnect')}
        onConfirm={() =>
          remove.mutate(userId, {
            onError: onError(withdrawing ? t('relation.withdrawFailed') : t('relation.disconnectFailed')),
          })
        }
      />
    </>
  );
}

/** 'Follow', or 'Following' (a click unfollows). */
export function FollowButton({ userId, following }: { userId: string; following: boolean }) {
  const { t } = useTranslation('profiles');
  const follow = useFollowUser();
  const unfollow = useUnfollowUser();
  const busy = follow.isPending || unfollow.isPending;
  return (
    <Button
      variant="outline"
      disabled={busy}
      onClick={() => {
        if (following)
          unfollow.mutate(userId, { onError: (e) => notify.error(failureMessage(t('relation.unfollowFailed'), e)) });
        else follow.mutate(userId, { onError: (e) => notify.error(failureMessage(t('relation.followFailed'), e)) });
      }}
    >
      {following ? t('relation.following') : t('relation.follow')}
    </Button>
  );
}
