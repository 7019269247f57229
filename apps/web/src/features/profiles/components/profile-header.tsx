import type { Profile } from '@nuvem/contracts/profiles';
import { MapPinIcon, MessageSquareIcon, MoreHorizontalIcon, PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useFormat } from '@/lib/format';
import { profileInitial, profileName } from '../lib/profile-display';
import { AvatarControls } from './avatar-controls';
import { ProfileEditForm } from './profile-edit-form';
import { ConnectButton, FollowButton } from './relation-buttons';

interface ProfileHeaderProps {
  profile: Profile;
  readOnly: boolean;
  /** After a saved name or photo (see ProfilePage). */
  onProfileSaved?: (() => void) | undefined;
}

/**
 * The top card: banner, avatar, name, headline, location, counts, bio and the actions. The owner
 * gets the edit controls instead of Connect and Follow; `readOnly` (the fallback profile) has
 * neither, as nothing could be saved, and no counts, as they could not be loaded.
 */
export function ProfileHeader({ profile, readOnly, onProfileSaved }: ProfileHeaderProps) {
  const { t } = useTranslation('profiles');
  const f = useFormat();
  const [editing, setEditing] = useState(false);
  const owner = profile.viewer.isSelf;
  const name = profileName(profile, t('person.unnamed'));

  return (
    <Card role="region" aria-label={t('header.region')} className="overflow-hidden">
      <div
        aria-hidden="true"
        className="h-28 bg-linear-to-r from-primary/70 via-accent/60 to-primary/30 sm:h-36"
        data-testid="profile-banner"
      />
      <div className="grid gap-4 px-4 pb-6 sm:px-6">
        <div className="-mt-12 flex flex-wrap items-end justify-between gap-3 sm:-mt-14">
          <Avatar className="size-24 border-4 border-background sm:size-28">
            {profile.avatar && <AvatarImage src={profile.avatar} alt={t('header.photoAlt', { name })} />}
            <AvatarFallback className="text-3xl">{profileInitial(profile)}</AvatarFallback>
          </Avatar>
          {owner && !readOnly && !editing && (
            <Button variant="outline" onClick={() => setEditing(true)}>
              <PencilIcon aria-hidden="true" />
              {t('header.editProfile')}
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
          {!readOnly && (
            <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium text-primary">
              <span>
                {t('header.connections', { count: profile.connections, value: f.count(profile.connections) })}
              </span>
              <span>{t('header.followers', { count: profile.followers, value: f.count(profile.followers) })}</span>
            </p>
          )}
          {profile.bio && <p className="whitespace-pre-line break-words text-muted-foreground">{profile.bio}</p>}
        </div>

        {editing && (
          <section aria-label={t('header.editProfile')} className="grid gap-4 border-t border-glass-border pt-4">
            <AvatarControls profile={profile} onSaved={onProfileSaved} />
            <ProfileEditForm
              profile={profile}
              onDone={() => setEditing(false)}
              onSaved={() => {
                setEditing(false);
                onProfileSaved?.();
              }}
            />
          </section>
        )}

        {!owner && (
          <div className="flex flex-wrap gap-2">
            <ConnectButton userId={profile.id} connection={profile.viewer.connection} />
            <FollowButton userId={profile.id} following={profile.viewer.following} />
            {/* Spec: Message and More have no actions wired; shown, honestly disabled. */}
            <Button variant="outline" disabled title={t('header.comingSoon')}>
              <MessageSquareIcon aria-hidden="true" />
              {t('header.message')}
            </Button>
            <Button variant="outline" size="icon" disabled title={t('header.comingSoon')} aria-label={t('header.more')}>
              <MoreHorizontalIcon aria-hidden="true" />
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}
