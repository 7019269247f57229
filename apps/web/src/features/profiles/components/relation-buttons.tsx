import type { ConnectionState } from '@nuvem/contracts/profiles';
import { CheckIcon, ClockIcon, UserCheckIcon, UserPlusIcon, UserRoundMinusIcon } from 'lucide-react';
import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button, type ButtonProps } from '@/components/ui/button';
import { failureMessage, notify } from '@/lib/notify';
import { useAcceptConnection } from '../api/accept-connection';
import { useConnectUser } from '../api/connect-user';
import { useFollowUser } from '../api/follow-user';
import { useRemoveConnection } from '../api/remove-connection';
import { useUnfollowUser } from '../api/unfollow-user';
import { profileTexts } from './profile-texts';

const connectLabels: Record<ConnectionState, string> = {
  none: profileTexts.connect,
  pending_outgoing: profileTexts.pending,
  pending_incoming: profileTexts.accept,
  connected: profileTexts.connected,
};

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
  const connect = useConnectUser();
  const accept = useAcceptConnection();
  const remove = useRemoveConnection();
  const [confirming, setConfirming] = useState(false);
  const busy = connect.isPending || accept.isPending || remove.isPending;
  const onError = (sentence: string) => (error: unknown) => notify.error(failureMessage(sentence, error));

  function click() {
    if (connection === 'none') connect.mutate(userId, { onError: onError('Failed to send the connection request') });
    else if (connection === 'pending_incoming')
      accept.mutate(userId, { onError: onError('Failed to accept the connection request') });
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
        {connectLabels[connection]}
      </Button>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {withdrawing ? profileTexts.withdrawTitle : profileTexts.disconnectTitle}
            </AlertDialogTitle>
            <AlertDialogDescription>
              {withdrawing ? profileTexts.withdrawText : profileTexts.disconnectText}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{profileTexts.cancel}</AlertDialogCancel>
            <AlertDialogAction
              onClick={() =>
                remove.mutate(userId, {
                  onError: onError(withdrawing ? 'Failed to withdraw the request' : 'Failed to remove the connection'),
                })
              }
            >
              <UserRoundMinusIcon aria-hidden="true" />
              {withdrawing ? profileTexts.withdraw : profileTexts.disconnect}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

/** 'Follow', or 'Following' (a click unfollows). */
export function FollowButton({ userId, following }: { userId: string; following: boolean }) {
  const follow = useFollowUser();
  const unfollow = useUnfollowUser();
  const busy = follow.isPending || unfollow.isPending;
  return (
    <Button
      variant="outline"
      disabled={busy}
      onClick={() => {
        if (following)
          unfollow.mutate(userId, { onError: (e) => notify.error(failureMessage('Failed to unfollow', e)) });
        else follow.mutate(userId, { onError: (e) => notify.error(failureMessage('Failed to follow', e)) });
      }}
    >
      {following ? profileTexts.following : profileTexts.follow}
    </Button>
  );
}
