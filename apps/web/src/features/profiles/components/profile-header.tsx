import type { Profile } from '@nuvem/contracts/profiles';
import { MapPinIcon, MessageSquareIcon, MoreHorizontalIcon, PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatCount, profileInitial, profileName } from '../lib/profile-display';
import { AvatarControls } from './avatar-controls';
import { ProfileEditForm } from './profile-edit-form';
import { profileTexts } from './profile-texts';
import { ConnectButton, FollowButton } from './relation-buttons';

/**
 * The top card: banner, avatar, name, headline, location, counts, bio and the actions. The owner
 * gets the edit controls instead of Connect and Follow; `readOnly` (the fallback profile) has
 * neither, as nothing could be saved.
 */
export function ProfileHeader({ profile, readOnly }: { profile: Profile; readOnly: boolean }) {
  const [editing, setEditing] = useState(false);
  const owner = profile.viewer.isSelf;
  const name = profileName(profile);

  return (
    <Card role="region" aria-label="Profile summary" className="overflow-hidden">
      <div
        aria-hidden="true"
        className="h-28 bg-linear-to-r from-primary/70 via-accent/60 to-primary/30 sm:h-36"
        data-testid="profile-banner"
      />
      <div className="grid gap-4 px-4 pb-6 sm:px-6">
        <div className="-mt-12 flex flex-wrap items-end justify-between gap-3 sm:-mt-14">
          <Avatar className="size-24 border-4 border-background sm:size-28">
            {profile.avatar && <AvatarImage src={profile.avatar} alt={`${name}'s photo`} />}
            <AvatarFallback className="text-3xl">{profileInitial(profile)}</AvatarFallback>
          </Avatar>
          {owner && !readOnly && !editing && (
            <Button variant="outline" onClick={() => setEditing(true)}>
              <PencilIcon aria-hidden="true" />
              {profileTexts.editProfile}
            </Button>
          )}
        </div>

        <div className="grid gap-2">
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{name}</h1>
          {profile.headline && <p className="text-lg break-words">{profile.headline}</p>}
          {profile.location && (
            <p className="flex items-center gap-1 text-sm text-muted-foreground">
              <MapPinIcon aria-hidden="true" className="size-4 shrink-0" />
              {profile.location}
            </p>
          )}
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium text-primary">
            <span>{formatCount(profile.connections, 'connection')}</span>
            <span>{formatCount(profile.followers, 'follower')}</span>
          </p>
          {profile.bio && <p className="whitespace-pre-line break-words text-muted-foreground">{profile.bio}</p>}
        </div>

        {editing && (
          <section aria-label={profileTexts.editProfile} className="grid gap-4 border-t border-glass-border pt-4">
            <AvatarControls profile={profile} />
            <ProfileEditForm profile={profile} onDone={() => setEditing(false)} />
          </section>
        )}

        {!owner && (
          <div className="flex flex-wrap gap-2">
            <ConnectButton userId={profile.id} connection={profile.viewer.connection} />
            <FollowButton userId={profile.id} following={profile.viewer.following} />
            {/* Spec: Message and More have no actions wired; shown, honestly disabled. */}
            <Button variant="outline" disabled title={profileTexts.comingSoon}>
              <MessageSquareIcon aria-hidden="true" />
              {profileTexts.message}
            </Button>
            <Button
              variant="outline"
              size="icon"
              disabled
              title={profileTexts.comingSoon}
              aria-label={profileTexts.more}
            >
              <MoreHorizontalIcon aria-hidden="true" />
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}
