import type { PersonCard, Profile } from '@nuvem/contracts/profiles';
import { EyeIcon, HashIcon, TrendingUpIcon, UserPlusIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { failureMessage, notify } from '@/lib/notify';
import { useAcceptConnection } from '../api/accept-connection';
import { useConnectUser } from '../api/connect-user';
import { useConnectionRequests } from '../api/get-connection-requests';
import { useSuggestions } from '../api/get-suggestions';
import { useRemoveConnection } from '../api/remove-connection';
import { formatCount, formatNumber, profileInitial, profileName } from '../lib/profile-display';
import { samplePostImpressions, sampleTrendingTags } from '../lib/sample-content';
import { profileTexts } from './profile-texts';

/**
 * The side panel. Real: profile views (the owner's last 30 days; others see the all-time count,
 * which the API gives everyone), 'People you may know' and, for the owner, connection requests.
 * Sample (spec 3 and 9): post impressions and 'Trending in your network', badged as such.
 */
export function ProfileSidePanel({ profile, readOnly }: { profile: Profile; readOnly: boolean }) {
  const owner = profile.viewer.isSelf;
  const views = owner ? (profile.viewsLast30Days ?? profile.views) : profile.views;
  return (
    <aside aria-label="Profile insights" className="grid content-start gap-4">
      <PanelCard title={owner ? profileTexts.viewsOwner : profileTexts.viewsOther}>
        <p className="flex items-center gap-2 text-3xl font-bold tabular-nums">
          <EyeIcon aria-hidden="true" className="size-6 text-primary" />
          {formatNumber(views)}
        </p>
      </PanelCard>
      <PanelCard title={profileTexts.postImpressions} sample>
        <p className="text-3xl font-bold tabular-nums">{formatNumber(samplePostImpressions.count)}</p>
        <p className="flex items-center gap-1 text-sm text-success">
          <TrendingUpIcon aria-hidden="true" className="size-4" />+{samplePostImpressions.monthlyGrowthPercent}% this
          month
        </p>
      </PanelCard>
      {owner && !readOnly && <ConnectionRequestsCard />}
      <SuggestionsCard />
      <PanelCard title={profileTexts.trending} sample>
        <ul className="grid gap-2">
          {sampleTrendingTags.map((item) => (
            <li key={item.tag} className="flex items-center justify-between gap-2 text-sm">
              <span className="flex min-w-0 items-center gap-1 font-medium">
                <HashIcon aria-hidden="true" className="size-4 shrink-0 text-primary" />
                <span className="truncate">{item.tag.replace(/^#/, '')}</span>
              </span>
              <span className="text-muted-foreground">{formatCount(item.posts, 'post')}</span>
            </li>
          ))}
        </ul>
      </PanelCard>
    </aside>
  );
}

function PanelCard({ title, sample, children }: { title: string; sample?: boolean; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card className="grid gap-3 p-4" role="region" aria-labelledby={headingId}>
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-sm font-semibold text-muted-foreground">
          {title}
        </h2>
        {sample && <Badge variant="warning">{profileTexts.sample}</Badge>}
      </div>
      {children}
    </Card>
  );
}

function PersonRow({ person, detail, children }: { person: PersonCard; detail?: string; children?: ReactNode }) {
  const name = profileName(person);
  return (
    <li className="flex items-start gap-3">
      <Avatar className="size-10">
        {person.avatar && <AvatarImage src={person.avatar} alt="" />}
        <AvatarFallback>{profileInitial(person)}</AvatarFallback>
      </Avatar>
      <div className="grid min-w-0 flex-1 gap-1">
        <Link to={paths.profile.getHref(person.id)} className="truncate font-medium hover:underline">
          {name}
        </Link>
        {person.headline && <p className="truncate text-xs text-muted-foreground">{person.headline}</p>}
        {detail && <p className="text-xs text-muted-foreground">{detail}</p>}
        {children && <div className="flex flex-wrap gap-2 pt-1">{children}</div>}
      </div>
    </li>
  );
}

function PanelSkeleton() {
  return (
    <div className="grid gap-3" aria-hidden="true">
      <Skeleton className="h-10" />
      <Skeleton className="h-10" />
    </div>
  );
}

function SuggestionsCard() {
  const suggestions = useSuggestions();
  return (
    <PanelCard title={profileTexts.peopleYouMayKnow}>
      {suggestions.isPending ? (
        <PanelSkeleton />
      ) : suggestions.isError ? (
        <p className="text-sm text-muted-foreground">{profileTexts.suggestionsFailed}</p>
      ) : suggestions.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{profileTexts.noSuggestions}</p>
      ) : (
        <ul className="grid gap-4">
          {suggestions.data.map((person) => (
            <PersonRow key={person.id} person={person} detail={person.reason}>
              <SuggestionConnect person={person} />
            </PersonRow>
          ))}
        </ul>
      )}
    </PanelCard>
  );
}

function SuggestionConnect({ person }: { person: PersonCard }) {
  const connect = useConnectUser();
  const state = connect.data?.connection ?? 'none';
  const name = profileName(person);
  if (state !== 'none') {
    return (
      <Button size="sm" variant="outline" disabled>
        {state === 'connected' ? profileTexts.connected : profileTexts.pending}
      </Button>
    );
  }
  return (
    <Button
      size="sm"
      variant="outline"
      aria-label={`${profileTexts.connect} with ${name}`}
      disabled={connect.isPending}
      onClick={() =>
        connect.mutate(person.id, {
          onError: (e) => notify.error(failureMessage('Failed to send the connection request', e)),
        })
      }
    >
      <UserPlusIcon aria-hidden="true" />
      {profileTexts.connect}
    </Button>
  );
}

function ConnectionRequestsCard() {
  const requests = useConnectionRequests();
  return (
    <PanelCard title={profileTexts.connectionRequests}>
      {requests.isPending ? (
        <PanelSkeleton />
      ) : requests.isError ? (
        <p className="text-sm text-muted-foreground">{profileTexts.requestsFailed}</p>
      ) : requests.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{profileTexts.noConnectionRequests}</p>
      ) : (
        <ul className="grid gap-4">
          {requests.data.map((request) => (
            <PersonRow key={request.user.id} person={request.user}>
              <RequestActions person={request.user} />
            </PersonRow>
          ))}
        </ul>
      )}
    </PanelCard>
  );
}

function RequestActions({ person }: { person: PersonCard }) {
  const accept = useAcceptConnection();
  const decline = useRemoveConnection();
  const name = profileName(person);
  const busy = accept.isPending || decline.isPending;
  return (
    <>
      <Button
        size="sm"
        aria-label={`${profileTexts.accept} ${name}`}
        disabled={busy}
        onClick={() =>
          accept.mutate(person.id, {
            onError: (e) => notify.error(failureMessage('Failed to accept the connection request', e)),
          })
        }
      >
        {profileTexts.accept}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Ignore ${name}`}
        disabled={busy}
        onClick={() =>
          decline.mutate(person.id, {
            onError: (e) => notify.error(failureMessage('Failed to ignore the connection request', e)),
          })
        }
      >
        Ignore
      </Button>
    </>
  );
}
